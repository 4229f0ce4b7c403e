// The scale test's members, set up through nginx before the load.
import { FUND, GAMES, log, MEMBERS, ops, pool } from './config.mjs';
import { must, request } from './http.mjs';
import { nginxPort } from './processes.mjs';

// --- Members: registered, logged in, funded and given two game accounts through nginx. Each member talks
// from its own loopback address (127.0.1.x / 127.0.2.x …), which nginx forwards in X-Forwarded-For
// (TRUST_PROXY=127.0.0.1): per-IP limits count members, not nginx.
/** Returns the members (with their tokens) and how long the setup took (s). */
export async function setupMembers() {
  const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    i,
    username: `08${String(base + i)
      .padStart(8, '0')
      .slice(-8)}`,
    bankAccountNo: `7${String(base + i)
      .padStart(9, '0')
      .slice(-9)}`,
    localAddress: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`,
    token: '',
  }));
  const setupStart = Date.now();
  await pool(members, 8, async (m) => {
    const opt = { localAddress: m.localAddress };
    must(
      await request(nginxPort, 'POST', '/api/account', {
        ...opt,
        body: {
          name: `Scale Member ${m.i}`,
          username: m.username,
          password: 'scale-test-pass-9',
          bankCode: 'KBANK',
          bankAccountName: 'SCALE MEMBER',
          bankAccountNo: m.bankAccountNo,
          currency: 'THB',
        },
      }),
      `register ${m.username}`,
    );
    m.token = must(
      await request(nginxPort, 'POST', '/api/login', {
        ...opt,
        body: { username: m.username, password: 'scale-test-pass-9' },
      }),
      'login',
    ).token;
    must(
      await request(nginxPort, 'POST', '/sandbox/bank/incoming', {
        ...opt,
        headers: ops,
        body: { fromAccountNo: m.bankAccountNo, fromBankCode: 'KBANK', amount: FUND },
      }),
      'fund',
    );
    for (const g of GAMES)
      must(
        await request(nginxPort, 'GET', `/api/wallet/activate/${g}`, {
          ...opt,
          headers: { authorization: `Bearer ${m.token}` },
        }),
        `activate ${g}`,
      );
  });
  const setupSeconds = (Date.now() - setupStart) / 1000;
  log(
    `${MEMBERS} members registered, logged in, funded and with ${GAMES.join(', ')} in ${setupSeconds.toFixed(1)} s`,
  );
  return { members, setupSeconds };
}

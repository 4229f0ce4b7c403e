// The scale test's mixed load through nginx, with the game provider's faults and server A killed and started
// again on a timeline.
import { CONCURRENCY, FAULT_GAME, GAMES, log, ops, RESTART, runId, SECONDS, sleep } from './config.mjs';
import { auth, json, request } from './http.mjs';
import { killServer, nginxPort, servers, setGameFault, startServer } from './processes.mjs';
import { acked, count, forcedFailed, inFlight, killInfo, refused, stats, unanswered } from './records.mjs';

let reqSeq = 0;

// --- The mixed load.
/** Runs the load for SCALE_SECONDS; `limited` (its logins refused) is left out. Returns its duration and timeline. */
export async function runLoad(members, limited) {
  const [A] = servers;
  const end = Date.now() + SECONDS * 1000;
  const runStart = Date.now();
  const timeline = [];
  const at = (frac, fn) =>
    sleep(SECONDS * 1000 * frac).then(async () => {
      timeline.push(`${((Date.now() - runStart) / 1000).toFixed(1)} s`);
      await fn();
    });

  const events = [
    at(0.1, async () => {
      await setGameFault('timeout');
      log(`${FAULT_GAME} answers time out (transfers applied, answers lost) on both servers`);
    }),
    at(0.2, async () => {
      await setGameFault('ok');
      log(`${FAULT_GAME} answers again`);
    }),
    at(1 / 3, async () => {
      killInfo.at = Date.now();
      killInfo.inFlight = [...inFlight.values()].map((f) => ({ ...f }));
      await killServer(A, 'SIGKILL');
      log(`SIGKILL server A with ${killInfo.inFlight.length} requests in flight through nginx`);
    }),
  ];
  if (RESTART)
    events.push(
      at(2 / 3, async () => {
        await startServer(A);
        killInfo.restartAt = Date.now();
        log('server A started again');
      }),
    );

  const keyed = async (m, kind, url, body) => {
    const key = `${runId}-${m.i}-${(reqSeq += 1)}`;
    stats.actions[kind] += 1;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      if (attempt > 0) {
        stats.retries += 1;
        await sleep(250 * attempt);
      }
      const id = (reqSeq += 1);
      inFlight.set(id, { key, kind, started: Date.now() });
      const r = await request(nginxPort, 'POST', url, {
        localAddress: m.localAddress,
        headers: { ...auth(m.token), 'idempotency-key': key },
        body,
      });
      inFlight.delete(id);
      count(r);
      const j = json(r);
      if (r.status === 200) {
        const d = j.data ?? {};
        const entry = {
          member: m.i,
          kind,
          url,
          body,
          status: d.status ?? d.operation?.status,
          operationId: d.operation?.id,
          withdrawalId: d.withdrawalId ?? null,
          attempts: attempt + 1,
        };
        acked.set(key, entry);
        if (kind === 'withdraw' && entry.withdrawalId && m.i % 4 === 0) {
          // Every 4th member's payouts are refused by the bank: the payout job must reverse each once.
          const f = await request(nginxPort, 'POST', `/sandbox/payouts/${entry.withdrawalId}/settle`, {
            headers: ops,
            body: { outcome: 'failed' },
          });
          count(f);
          if (f.status === 200 && (json(f).status ?? json(f).data?.status) === 'FAILED')
            forcedFailed.add(entry.withdrawalId);
        }
        return;
      }
      if (r.status >= 400 && r.status < 500 && r.status !== 429) {
        refused.set(key, { member: m.i, kind, status: r.status, code: j.code, attempts: attempt + 1 });
        return;
      }
      // 0 (connection), 429, 5xx: not acknowledged; sent again with the same key.
    }
    unanswered.set(key, { member: m.i, kind, url });
  };
  const actOnce = async (m) => {
    const r = Math.random();
    const amount = 1000 + 100 * Math.floor(Math.random() * 190);
    const game = GAMES[Math.floor(Math.random() * GAMES.length)];
    if (r < 0.35) {
      stats.actions.read += 1;
      const id = (reqSeq += 1);
      inFlight.set(id, { kind: 'read', started: Date.now() });
      const res = await request(nginxPort, 'GET', '/api/wallet', {
        localAddress: m.localAddress,
        headers: auth(m.token),
      });
      inFlight.delete(id);
      count(res);
    } else if (r < 0.6)
      await keyed(m, 'transferIn', '/api/wallet/transfer', { from: 'wallet', to: game, amount });
    else if (r < 0.8)
      await keyed(m, 'transferOut', '/api/wallet/transfer', { from: game, to: 'wallet', amount });
    else if (r < 0.87)
      await keyed(m, 'gameToGame', '/api/wallet/transfer', {
        from: game,
        to: GAMES.find((g) => g !== game),
        amount,
      });
    else
      await keyed(m, 'withdraw', '/api/wallet/withdraw', {
        amount: 10_000 + 100 * Math.floor(Math.random() * 200),
      });
  };
  const loadMembers = members.filter((m) => m.i !== limited.i);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      const mine = loadMembers.filter((m) => m.i % CONCURRENCY === w);
      for (let n = 0; Date.now() < end && mine.length > 0; n += 1) await actOnce(mine[n % mine.length]);
    }),
  );
  await Promise.all(events);
  const runSeconds = (Date.now() - runStart) / 1000;
  log(`load done: ${stats.requests} requests in ${runSeconds.toFixed(1)} s`);

  // The provider outage began at a tenth of the run (ms after its start).
  return { runSeconds, timeline, outageAt: SECONDS * 1000 * 0.1 };
}

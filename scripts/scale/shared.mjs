// What the two servers share, checked through each: operator settings pushed through Redis, sessions and login
// limits (PostgreSQL + Redis), the member's realtime channel and the support chat (socket.io's Redis adapter).
import { io as ioClient } from 'socket.io-client';
import { check, ops, OPS_SECRET, runId, sleep } from './config.mjs';
import { auth, json, must, request } from './http.mjs';
import { nginxPort, servers } from './processes.mjs';

// --- Settings pushed through Redis: B reads (and caches) registerOTP, A turns it off, B sees it at once.
/** Returns how long B took to see the change (ms). */
export async function checkSettingsPush() {
  const [A, B] = servers;
  const otpOn = async (port) => json(await request(port, 'GET', '/api/lookup/registerOTP')).data?.registerOTP;
  check((await otpOn(B.port)) === true, 'B reads registerOTP on before the change');
  const set = await request(A.port, 'POST', '/api/ops/settings/registerOTP', {
    headers: ops,
    body: { value: false },
  });
  check(set.status === 200, 'settings change on A', set.status);
  const t0 = Date.now();
  let seenOff = false;
  while (Date.now() - t0 < 3000 && !seenOff) seenOff = (await otpOn(B.port)) === false;
  const settingsMs = Date.now() - t0;
  check(
    seenOff && settingsMs < 500,
    `B sees A's settings change within 500 ms (pushed, not polled): ${settingsMs} ms`,
  );
  return settingsMs;
}

// --- Sessions and rate limits shared through PostgreSQL + Redis.
/** Returns the member whose logins are now limited (left out of the load). */
export async function checkSessionsAndLimits(members) {
  const [A, B] = servers;
  const probe = members[0];
  const second = must(
    await request(A.port, 'POST', '/api/login', {
      body: { username: probe.username, password: 'scale-test-pass-9' },
    }),
    'second login',
  ).token;
  check(
    (await request(B.port, 'GET', '/api/wallet', { headers: auth(second) })).status === 200,
    'a session made on A works on B',
  );
  check(
    (await request(A.port, 'POST', '/api/logout', { headers: auth(second), body: {} })).status === 200,
    'logout on A',
  );
  const revoked = await request(B.port, 'GET', '/api/wallet', { headers: auth(second) });
  check(revoked.status === 401, 'the session revoked on A is refused by B at once', revoked.status);
  const limited = members[1];
  const failStatuses = [];
  for (let k = 0; k < 11; k += 1) {
    const s = k % 2 === 0 ? A : B;
    failStatuses.push(
      (
        await request(s.port, 'POST', '/api/login', {
          body: { username: limited.username, password: 'wrong-pass-77' },
        })
      ).status,
    );
  }
  check(
    failStatuses.slice(0, 10).every((s) => s === 401) && failStatuses[10] === 429,
    'login failures of one account count across both servers (10 → the 11th is 429)',
    failStatuses,
  );
  return limited;
}

// --- The member's realtime channel through nginx, as the site opens it (long-polling, then websocket): a
// transfer answered by either server reaches it as wallet:changed.
export async function checkRealtime(members) {
  const m = members[2];
  const socket = ioClient(`http://127.0.0.1:${nginxPort}/member`, {
    path: '/socket.io/',
    auth: { token: m.token },
    reconnection: false,
    forceNew: true,
    // No localAddress: Node's polling transport would not use it, and a browser's polling and websocket come
    // from one address (the hash of the socket upstream must send both to one process).
  });
  const heard = [];
  socket.on('wallet:changed', (p) => heard.push(p));
  const connected = await new Promise((resolve) => {
    socket.on('connect', () => resolve(true));
    socket.on('connect_error', () => resolve(false));
    setTimeout(() => resolve(false), 10_000);
  });
  let upgraded = false;
  for (let k = 0; k < 50 && connected && !upgraded; k += 1) {
    upgraded = socket.io.engine?.transport?.name === 'websocket';
    if (!upgraded) await sleep(100);
  }
  for (const s of servers) {
    await request(s.port, 'POST', '/api/wallet/transfer', {
      headers: { ...auth(m.token), 'idempotency-key': `${runId}-socket-${s.name}` },
      body: { from: 'wallet', to: 'PG', amount: 1000 },
    });
  }
  for (let k = 0; k < 50 && heard.length < 2; k += 1) await sleep(100);
  socket.close();
  check(
    connected && upgraded && heard.length >= 2,
    'the realtime channel through nginx: polling, upgraded to websocket, hears transfers made on A and on B',
    { connected, upgraded, heard: heard.length },
  );
}

// --- Support chat across the two processes (docs/chat.md): a guest's socket is connected to B only; an agent's
// message stored by A and the guest's own message sent over HTTP to A both reach it through the Redis adapter.
export async function checkChat() {
  const [A, B] = servers;
  const guest = must(await request(A.port, 'POST', '/api/chat/guest', { body: {} }), 'chat guest');
  const { PREFIX } = must(await request(B.port, 'GET', '/api/chat/config'), 'chat config');
  const room = `${PREFIX}${guest.guestId}`;
  const connect = (port, auth, extraHeaders) =>
    new Promise((resolve) => {
      const socket = ioClient(`http://127.0.0.1:${port}/chat`, {
        path: '/socket.io/',
        auth,
        extraHeaders,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', () => resolve(undefined));
      setTimeout(() => resolve(socket.connected ? socket : undefined), 10_000);
    });
  const customer = await connect(B.port, { guestToken: guest.guestToken });
  const heardByGuest = [];
  customer?.on('messaging', (m) => heardByGuest.push(m.seq));
  const joined = customer
    ? await customer
        .timeout(5000)
        .emitWithAck('join', { lastSeq: 0 })
        .catch(() => undefined)
    : undefined;
  const agentHeaders = { 'x-ops-secret': OPS_SECRET, 'x-requested-with': 'ops-console' };
  const agentSent = await request(
    A.port,
    'POST',
    `/api/ops/chat/conversations/${encodeURIComponent(room)}/messages`,
    {
      headers: agentHeaders,
      body: {
        clientId: `${runId}-agent-1`,
        message: { message_type: 'text', payload: 'hello from A' },
      },
    },
  );
  const guestSent = await request(A.port, 'POST', '/api/chat/send-message', {
    headers: { 'x-guest-token': guest.guestToken },
    body: {
      guestId: guest.guestId,
      clientId: `${runId}-guest-1`,
      message: { message_type: 'text', payload: 'hello via A' },
    },
  });
  for (let k = 0; k < 50 && heardByGuest.length < 2; k += 1) await sleep(100);
  customer?.close();
  check(
    Array.isArray(joined?.messages) &&
      agentSent.status === 200 &&
      guestSent.status === 200 &&
      heardByGuest.join(',') === '1,2',
    "chat: a guest's socket on B hears the agent's message and its own, both stored by A (seq 1, 2)",
    {
      joined: joined && !('messages' in joined) ? joined : 'ok',
      agent: agentSent.status,
      guest: guestSent.status,
      heardByGuest,
    },
  );
}

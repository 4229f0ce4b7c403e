// npm run bench:chat's clients: support operators signed in, guests' addresses, sockets and messages.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Secret, TOTP } from 'otpauth';
import { io } from 'socket.io-client';
import {
  AGENT_SOCKETS,
  CONNECT_CONCURRENCY,
  GUESTS_PER_IP,
  log,
  MESSAGES_PER_AGENT,
  round,
  SOCKETS,
} from './settings.mjs';
import { procStats, summary } from './figures.mjs';
import { must, pool } from './http.mjs';

// Agents and guests

/** A support operator signed in as the console does (password, TOTP enrolment): its `wl_ops` cookie. */
export async function signInAgent(port, opsSecret, j) {
  const username = `benchagent${j}`;
  const password = randomBytes(12).toString('base64url');
  const localAddress = `127.88.0.${j + 1}`;
  await must(port, 'POST', '/api/ops/operators', {
    headers: { 'x-ops-secret': opsSecret },
    body: { username, role: 'support', password },
  });
  const consoleHeader = { 'x-requested-with': 'ops-console' };
  const login = await must(port, 'POST', '/api/ops/auth/login', {
    headers: consoleHeader,
    body: { username, password },
    localAddress,
  });
  const token = login.cookies.map((c) => /^wl_ops=([^;]*)/.exec(c)?.[1]).find(Boolean);
  if (!token) throw new Error('the sign-in set no wl_ops cookie');
  const cookie = `wl_ops=${token}`;
  const enrol = await must(port, 'POST', '/api/ops/auth/enrol', {
    headers: { ...consoleHeader, cookie },
    body: {},
    localAddress,
  });
  const code = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(enrol.json.data.secret),
  }).generate();
  await must(port, 'POST', '/api/ops/auth/enrol/confirm', {
    headers: { ...consoleHeader, cookie },
    body: { code },
    localAddress,
  });
  return { username, cookie };
}

/** The loopback address of customer i: every GUESTS_PER_IP customers share one. */
export const customerAddress = (i) => {
  const k = Math.floor(i / GUESTS_PER_IP);
  return `127.77.${Math.floor(k / 250)}.${(k % 250) + 1}`;
};

export function connect(port, options) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const socket = io(`http://127.0.0.1:${port}/chat`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
      ...options,
    });
    socket.once('connect', () => resolve({ socket, ms: performance.now() - t0 }));
    socket.once('connect_error', (e) => {
      socket.close();
      reject(new Error(`connect: ${e.message} ${JSON.stringify(e.data ?? '')}`));
    });
  });
}

export const text = (label) => ({ message_type: 'text', payload: `ทดสอบ ${label}` });

/**
 * The run's clients (setup: operators, guests, sockets, rooms): the operators signed in, the guests, each guest's
 * socket (in `sockets`) joined to its room, and the agents' sockets (in `agentSockets`); receipt times by
 * clientId, and `tally` counts the agents' conversation events and the sockets the server closed.
 */
export async function openClients(run, server, secrets, report, sockets, agentSockets) {
  const { port, pid } = server;
  // Setup: operators, guests, sockets, rooms.
  let t = performance.now();
  const agentCount = Math.ceil(SOCKETS / MESSAGES_PER_AGENT);
  const agents = await pool(agentCount, 4, (j) => signInAgent(port, secrets.ops, j));
  report.operatorsSeconds = round((performance.now() - t) / 1000, 2);
  report.operators = agentCount;

  log(`${run.label}: ${SOCKETS} guests…`);
  t = performance.now();
  const guests = await pool(SOCKETS, 16, async (i) => {
    const r = await must(port, 'POST', '/api/chat/guest', { body: {}, localAddress: customerAddress(i) });
    return { ...r.json.data, room: server.prefix + r.json.data.guestId };
  });
  report.guestsSeconds = round((performance.now() - t) / 1000, 2);

  // Receipt times by clientId: customers hear agents' messages (phase 1) and their own (phases 2, 3); the
  // agent sockets hear everything.
  const atCustomer = new Map();
  const atAgent = Array.from({ length: AGENT_SOCKETS }, () => new Map());
  // Sockets the server closed before the end (none expected: no session of this run ends).
  const tally = { agentConversationEvents: 0, closing: false, dropped: 0 };
  const watch = (socket) => socket.on('disconnect', () => (tally.dropped += tally.closing ? 0 : 1));

  log(`${run.label}: connecting ${SOCKETS} sockets to /chat…`);
  t = performance.now();
  const connectMs = await pool(SOCKETS, CONNECT_CONCURRENCY, async (i) => {
    const { socket, ms } = await connect(port, {
      auth: { guestToken: guests[i].guestToken },
      localAddress: customerAddress(i),
    });
    sockets[i] = socket;
    watch(socket);
    socket.on('messaging', (m) => atCustomer.set(m.clientId, performance.now()));
    return ms;
  });
  report.connect = { seconds: round((performance.now() - t) / 1000, 2), ...summary(connectMs) };

  t = performance.now();
  const joinMs = await pool(SOCKETS, CONNECT_CONCURRENCY, async (i) => {
    const t0 = performance.now();
    const ack = await sockets[i].timeout(60_000).emitWithAck('join', { lastSeq: 0 });
    if (!Array.isArray(ack?.messages)) throw new Error(`join: ${JSON.stringify(ack)}`);
    return performance.now() - t0;
  });
  report.join = { seconds: round((performance.now() - t) / 1000, 2), ...summary(joinMs) };

  for (let a = 0; a < AGENT_SOCKETS; a++) {
    const { socket } = await connect(port, { extraHeaders: { cookie: agents[0].cookie } });
    socket.on('messaging', (m) => atAgent[a].set(m.clientId, performance.now()));
    socket.on('chat:conversation', () => (tally.agentConversationEvents += 1));
    agentSockets.push(socket);
    watch(socket);
  }
  report.serverWithSockets = procStats(pid);
  log(
    `${run.label}: ${SOCKETS} sockets open and joined (connect ${report.connect.seconds} s, join ` +
      `${report.join.seconds} s), server RSS ${report.serverWithSockets.rssMB} MB`,
  );
  return { agents, guests, atCustomer, atAgent, tally };
}

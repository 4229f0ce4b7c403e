#!/usr/bin/env node
// Support chat fan-out (docs/chat.md): 1,000 guest sockets on loopback, fan-out latency p50/p99 and messages/s.
//
//   npm run bench:chat                          PGlite in memory; then PostgreSQL + Redis when TEST_DATABASE_URL
//                                               and TEST_REDIS_URL are set (a throw-away schema and Redis prefix)
//   npm run bench:chat -- --json                machine-readable
//   BENCH_CHAT_SOCKETS=1000 BENCH_CHAT_RATE=100 BENCH_CHAT_BURST=10 npm run bench:chat
//   BENCH_CHAT_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:chat   (profiles the server)
//
// The built server (server/dist/main.js: node scripts/build.mjs server) runs in its own process on a free loopback
// port with a fresh DATA_DIR and default limits; this process is only the load generator, so the clients never
// share the server's event loop. Setup, through the public API only:
// - BENCH_CHAT_SOCKETS guests (POST /api/chat/guest). Guest ids are limited to 10 per IP per hour and /chat sockets
//   to 20 per IP, so every 10 guests create their ids and open their sockets from their own loopback address
//   (127.77.x.y: Linux answers the whole of 127.0.0.0/8 on lo). No limit is relaxed.
// - Support operators (POST /api/ops/operators with the operator secret, then the console's sign-in: password,
//   TOTP enrolment with the code computed here). An agent may send 30 messages a minute, so phase 1 spreads its
//   messages over one operator per 25 conversations; the first one's cookie also opens the agents' socket(s)
//   (BENCH_CHAT_AGENT_SOCKETS, default 1), which sit in `chat:agents` and hear every message.
// - Every guest opens a websocket to /chat (its guestToken in the handshake) and joins its room.
// Then three phases, one after the other, each waiting until everything sent has arrived (or 60 s):
// 1. agent → customer: one message into every conversation through POST /api/ops/chat/conversations/:id/messages
//    (the HTTP route the console uses), open loop at BENCH_CHAT_RATE per second; latency = the send's start to
//    the customer socket's `messaging`.
// 2. customer → agents: every customer `send`s one message on its socket, open loop at BENCH_CHAT_RATE per second;
//    latency = the emit to the agent socket's `messaging` (the customer's own socket hears it too).
// 3. burst: every customer at once sends BENCH_CHAT_BURST messages, each after the previous one's ack: the most
//    messages a second the server stores and fans out, and the latency while it is saturated.
// Both ends of a latency are read from performance.now() in this process. Printed per phase: messages, deliveries,
// errors, messages/s, p50/p99/max; and the connect and join times, the server's RSS and CPU, this process's
// event-loop delay (how much of a figure the load generator itself may have added).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Secret, TOTP } from 'otpauth';
import { io } from 'socket.io-client';
import { root } from './apps.mjs';
import { freePort } from './built-server.mjs';

const env = process.env;
const asJson = process.argv.includes('--json');
const SOCKETS = Number(env.BENCH_CHAT_SOCKETS || 1000);
const RATE = Number(env.BENCH_CHAT_RATE || 100);
// A customer may send 30 messages a minute; phase 2 takes one.
const BURST = Math.min(Number(env.BENCH_CHAT_BURST || 10), 29);
const AGENT_SOCKETS = Number(env.BENCH_CHAT_AGENT_SOCKETS || 1);
const SERVER_FLAGS = (env.BENCH_CHAT_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const TARGET_P99_MS = 50;
/** The server's defaults (docs/chat.md "Limits"): guest ids per IP per hour, agent messages per minute. */
const GUESTS_PER_IP = 10;
const MESSAGES_PER_AGENT = 25;
const CONNECT_CONCURRENCY = 100;
const SETTLE_MS = 60_000;

const log = (text) =>
  process.stderr.write(`[bench:chat ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (n, d = 1) => Number(n.toFixed(d));

if (!existsSync(join(root, 'server', 'dist', 'features', 'chat'))) {
  console.error('server/dist has no chat feature: node scripts/build.mjs server');
  process.exit(2);
}
if (!Number.isInteger(SOCKETS) || SOCKETS < 1 || !(RATE > 0) || !(BURST >= 1) || !(AGENT_SOCKETS >= 1)) {
  console.error(
    'BENCH_CHAT_SOCKETS, BENCH_CHAT_RATE, BENCH_CHAT_BURST, BENCH_CHAT_AGENT_SOCKETS must be positive',
  );
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// Figures

/** Nearest-rank percentile of an ascending array. */
const pct = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  const f = (v) => (v === null ? null : round(v, 1));
  return {
    n: s.length,
    p50: f(pct(s, 50)),
    p90: f(pct(s, 90)),
    p99: f(pct(s, 99)),
    max: f(s.at(-1) ?? null),
  };
}

/** The server process's resident memory (current and peak) and CPU time, from /proc. */
function procStats(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of stat) in clock ticks of 1/100 s.
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    return { rssMB: round(kb('VmRSS') / 1024), peakRssMB: round(kb('VmHWM') / 1024), cpuMs };
  } catch {
    return { rssMB: null, peakRssMB: null, cpuMs: null };
  }
}

// ---------------------------------------------------------------------------------------------------------
// HTTP on loopback

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One JSON request; resolves with the status, the body's `data` (or error code) and the set cookies. */
function request(port, method, path, { headers = {}, body, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: httpAgent,
        localAddress,
        headers: {
          'x-requested-by': 'wallet-user',
          ...headers,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          let json = {};
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON: the status says enough
          }
          resolve({ status: res.statusCode ?? 0, json, cookies: res.headers['set-cookie'] ?? [] });
        });
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

async function must(port, method, path, options) {
  const r = await request(port, method, path, options);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r;
}

/** Runs `task(i)` for i < n with at most `limit` at a time. */
async function pool(n, limit, task) {
  const out = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

async function waitUntil(done, ms) {
  const deadline = performance.now() + ms;
  while (!done() && performance.now() < deadline) await sleep(20);
  return done();
}

// ---------------------------------------------------------------------------------------------------------
// The server

async function startServer(run, secrets) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-bench-chat-'));
  let output = '';
  // A clean environment (as scripts/scale-test.mjs): nothing of the caller's DATABASE_URL, TRUST_PROXY… leaks in.
  const child = spawn(process.execPath, [...SERVER_FLAGS, join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      PATH: env.PATH,
      HOME: env.HOME ?? dataDir,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: run.databaseUrl,
      ...(run.schema ? { DATABASE_SCHEMA: run.schema } : {}),
      ...(run.redisUrl ? { REDIS_URL: run.redisUrl, REDIS_PREFIX: run.redisPrefix } : {}),
      JWT_SECRET: secrets.jwt,
      OPS_SECRET: secrets.ops,
      WEBHOOK_SECRET: secrets.webhook,
      SANDBOX: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const r = await request(port, 'GET', '/api/chat/config');
      if (r.status === 200)
        return { port, pid: child.pid, prefix: r.json.data.PREFIX, stop, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`the server did not start:\n${output.slice(-3000)}`);
}

// ---------------------------------------------------------------------------------------------------------
// Agents and guests

/** A support operator signed in as the console does (password, TOTP enrolment): its `wl_ops` cookie. */
async function signInAgent(port, opsSecret, j) {
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
const customerAddress = (i) => {
  const k = Math.floor(i / GUESTS_PER_IP);
  return `127.77.${Math.floor(k / 250)}.${(k % 250) + 1}`;
};

function connect(port, options) {
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

const text = (label) => ({ message_type: 'text', payload: `ทดสอบ ${label}` });

// ---------------------------------------------------------------------------------------------------------
// One run: a server, its sockets, the three phases

async function benchOne(run) {
  const secrets = {
    jwt: randomBytes(32).toString('hex'),
    ops: randomBytes(16).toString('hex'),
    webhook: randomBytes(32).toString('hex'),
  };
  log(`${run.label}: starting the built server…`);
  const server = await startServer(run, secrets);
  const { port, pid } = server;
  const report = {
    database: run.label,
    sockets: SOCKETS,
    rate: RATE,
    burst: BURST,
    agentSockets: AGENT_SOCKETS,
  };
  const sockets = [];
  const agentSockets = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  try {
    report.serverIdle = procStats(pid);

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
    let agentConversationEvents = 0;
    // Sockets the server closed before the end (none expected: no session of this run ends).
    let closing = false;
    let dropped = 0;
    const watch = (socket) => socket.on('disconnect', () => (dropped += closing ? 0 : 1));

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
      socket.on('chat:conversation', () => (agentConversationEvents += 1));
      agentSockets.push(socket);
      watch(socket);
    }
    report.serverWithSockets = procStats(pid);
    log(
      `${run.label}: ${SOCKETS} sockets open and joined (connect ${report.connect.seconds} s, join ` +
        `${report.join.seconds} s), server RSS ${report.serverWithSockets.rssMB} MB`,
    );

    /**
     * Runs one phase: `send(i)` for every i (open loop at `rate` per second, or all at once without a rate),
     * then waits for the deliveries; latency = each clientId's send start to its receipt in `heard`.
     */
    const phase = async (name, count, rate, send, heard, expected, echo) => {
      const sentAt = new Map();
      const errors = {};
      const ackMs = [];
      const cpu0 = procStats(pid).cpuMs;
      const client0 = process.cpuUsage();
      loop.reset();
      const start = performance.now();
      const tasks = [];
      for (let i = 0; i < count; i++) {
        if (rate) {
          const wait = start + (i * 1000) / rate - performance.now();
          if (wait > 1) await sleep(wait);
        }
        tasks.push(
          // `mark` when a message leaves; its answer undoes the mark when the server refused it (nothing stored,
          // nothing to wait for).
          send(i, (clientId) => {
            sentAt.set(clientId, performance.now());
            return () => sentAt.delete(clientId);
          }).then(
            (ms) => ackMs.push(...ms),
            (e) => {
              const code = String(e?.message ?? e).slice(0, 80);
              errors[code] = (errors[code] ?? 0) + 1;
            },
          ),
        );
      }
      await Promise.all(tasks);
      const sendsDone = performance.now();
      const all = () => [...sentAt.keys()].every((id) => heard.every((map) => map.has(id)));
      await waitUntil(all, SETTLE_MS);
      const latencies = [];
      // The slowest delivery of each second of the phase (by send time): a tail spread evenly is the server's
      // cost, one in a few seconds is a stall (another process on the cores, a pause).
      const worstBySecond = [];
      let last = start;
      let deliveries = 0;
      for (const [id, t0] of sentAt) {
        for (const map of heard) {
          const t1 = map.get(id);
          if (t1 === undefined) continue;
          deliveries += 1;
          latencies.push(t1 - t0);
          const sec = Math.floor((t0 - start) / 1000);
          worstBySecond[sec] = Math.max(worstBySecond[sec] ?? 0, round(t1 - t0, 0));
          if (t1 > last) last = t1;
        }
      }
      const seconds = Math.max(last - start, 1) / 1000;
      // The sender's own socket (a customer's room) hears the message too: that delivery, separately.
      const echoMs = echo
        ? [...sentAt].flatMap(([id, t0]) => (echo.has(id) ? [echo.get(id) - t0] : []))
        : undefined;
      const cpu1 = procStats(pid).cpuMs;
      const client = process.cpuUsage(client0);
      const result = {
        phase: name,
        startedAt: new Date(performance.timeOrigin + start).toISOString(),
        sent: sentAt.size,
        delivered: deliveries,
        expectedDeliveries: sentAt.size * heard.length,
        errors,
        seconds: round(seconds, 2),
        sendSeconds: round((sendsDone - start) / 1000, 2),
        messagesPerSecond: round(sentAt.size / seconds, 1),
        deliveriesPerSecond: round(deliveries / seconds, 1),
        latencyMs: summary(latencies),
        ackMs: summary(ackMs),
        ...(echoMs ? { ownSocketMs: summary(echoMs) } : {}),
        serverCpuPercent: cpu0 === null ? null : round(((cpu1 - cpu0) / (last - start)) * 100, 0),
        clientCpuPercent: round(((client.user + client.system) / 1000 / (last - start)) * 100, 0),
        clientLoopDelayMs: {
          p50: round(loop.percentile(50) / 1e6),
          p99: round(loop.percentile(99) / 1e6),
          max: round(loop.max / 1e6),
        },
        serverRssMB: procStats(pid).rssMB,
        worstBySecondMs: Array.from(worstBySecond, (v) => v ?? null),
      };
      if (expected !== undefined && result.delivered < expected)
        log(`${run.label}: ${name}: only ${result.delivered} of ${expected} deliveries arrived`);
      log(
        `${run.label}: ${name}: ${result.sent} sent, ${result.delivered} delivered, ${result.messagesPerSecond} msg/s, ` +
          `p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
      );
      return result;
    };

    report.phases = [];
    log(`${run.label}: phase 1, agent → customer at ${RATE}/s…`);
    report.phases.push(
      await phase(
        'agent → customer (HTTP → socket)',
        SOCKETS,
        RATE,
        async (i, mark) => {
          const clientId = `a-${i}`;
          const agent = agents[Math.floor(i / MESSAGES_PER_AGENT)];
          const undo = mark(clientId);
          const t0 = performance.now();
          const r = await request(
            port,
            'POST',
            `/api/ops/chat/conversations/${encodeURIComponent(guests[i].room)}/messages`,
            {
              headers: { cookie: agent.cookie, 'x-requested-with': 'ops-console' },
              body: { clientId, message: text(`agent ${i}`) },
            },
          );
          if (r.status !== 200) {
            undo();
            throw new Error(`${r.status} ${r.json.code}`);
          }
          return [performance.now() - t0];
        },
        [atCustomer],
        SOCKETS,
      ),
    );

    const customerSend = async (i, clientId, label, undo) => {
      const t0 = performance.now();
      const ack = await sockets[i].timeout(60_000).emitWithAck('send', { clientId, message: text(label) });
      if (typeof ack?.seq !== 'number') {
        undo();
        throw new Error(`send: ${ack?.code ?? JSON.stringify(ack)}`);
      }
      return performance.now() - t0;
    };

    log(`${run.label}: phase 2, customer → agents at ${RATE}/s…`);
    report.phases.push(
      await phase(
        `customer → agent${AGENT_SOCKETS > 1 ? 's' : ''} (socket → socket)`,
        SOCKETS,
        RATE,
        async (i, mark) => {
          const undo = mark(`b-${i}`);
          return [await customerSend(i, `b-${i}`, `customer ${i}`, undo)];
        },
        atAgent,
        SOCKETS * AGENT_SOCKETS,
        atCustomer,
      ),
    );
    log(`${run.label}: phase 3, every customer sends ${BURST} at once…`);
    report.phases.push(
      await phase(
        `burst: ${SOCKETS} customers × ${BURST} (→ agent${AGENT_SOCKETS > 1 ? 's' : ''})`,
        SOCKETS,
        0,
        async (i, mark) => {
          const ms = [];
          for (let k = 0; k < BURST; k++) {
            const undo = mark(`c-${i}-${k}`);
            ms.push(await customerSend(i, `c-${i}-${k}`, `burst ${i}.${k}`, undo));
          }
          return ms;
        },
        atAgent,
        SOCKETS * BURST * AGENT_SOCKETS,
        atCustomer,
      ),
    );
    report.agentConversationEvents = agentConversationEvents;
    report.socketsDropped = dropped;
    closing = true;
    report.serverEnd = procStats(pid);
    const errorLines = server
      .output()
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    report.serverErrorLines = errorLines.length;
    if (errorLines.length) log(`${run.label}: server errors:\n${errorLines.slice(0, 5).join('\n')}`);
    return report;
  } finally {
    loop.disable();
    for (const s of [...sockets, ...agentSockets]) s?.close();
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------

async function cleanPostgres(run) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: run.databaseUrl });
  await c.connect();
  try {
    await c.query(`drop schema if exists ${run.schema} cascade`);
  } finally {
    await c.end();
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(run.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${run.redisPrefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

function machine() {
  return {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    memoryGB: Math.round(totalmem() / 1e9),
    node: process.version,
    load: loadavg().map((n) => round(n, 2)),
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
  };
}

function print(result) {
  const { machineBefore: m, runs } = result;
  console.log(
    `\nSupport chat fan-out: ${SOCKETS} guest sockets (websocket, /chat) on loopback, ${AGENT_SOCKETS} agent ` +
      `socket${AGENT_SOCKETS > 1 ? 's' : ''}; phases 1-2 open loop at ${RATE} messages/s, phase 3 ` +
      `${BURST} per customer at once`,
  );
  console.log(
    `${m.cpu}, ${m.memoryGB} GB, Node ${m.node}, commit ${m.commit}; load average before ` +
      `${m.load.join(' / ')}, after ${result.machineAfter.load.join(' / ')}; ${result.elapsedSeconds} s in all`,
  );
  const rows = [
    [
      'database',
      'phase',
      'sent',
      'delivered',
      'errors',
      'msg/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'server CPU¹',
    ],
  ];
  for (const r of runs) {
    for (const p of r.phases) {
      const errors = Object.values(p.errors).reduce((a, b) => a + b, 0);
      rows.push(
        [
          r.database,
          p.phase,
          p.sent,
          p.delivered,
          errors,
          p.messagesPerSecond,
          p.latencyMs.p50,
          p.latencyMs.p99,
          p.latencyMs.max,
          `${p.serverCpuPercent} %`,
        ].map(String),
      );
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log('¹ of one core, over the phase');
  for (const r of runs) {
    console.log(
      `${r.database}: ${r.operators} operators signed in in ${r.operatorsSeconds} s; ${r.sockets} guests in ` +
        `${r.guestsSeconds} s; connect ${r.connect.seconds} s (per socket p50 ${r.connect.p50} / p99 ` +
        `${r.connect.p99} ms); join ${r.join.seconds} s (p50 ${r.join.p50} / p99 ${r.join.p99} ms); server RSS ` +
        `${r.serverIdle.rssMB} MB idle, ${r.serverWithSockets.rssMB} MB with the sockets, peak ` +
        `${r.serverEnd.peakRssMB} MB; sockets dropped ${r.socketsDropped}; server error log lines ` +
        `${r.serverErrorLines}`,
    );
    for (const p of r.phases) {
      const errors = Object.entries(p.errors);
      console.log(
        `  ${p.phase}: acks p50 ${p.ackMs.p50} / p99 ${p.ackMs.p99} ms; ` +
          (p.ownSocketMs
            ? `sender's own socket p50 ${p.ownSocketMs.p50} / p99 ${p.ownSocketMs.p99} ms; `
            : '') +
          `${p.deliveriesPerSecond} deliveries/s ` +
          `over ${p.seconds} s; load generator CPU ${p.clientCpuPercent} %, event-loop delay p99 ` +
          `${p.clientLoopDelayMs.p99} ms${errors.length ? `; errors ${JSON.stringify(p.errors)}` : ''}`,
      );
      console.log(
        `    slowest delivery per second from ${p.startedAt.slice(11, 19)}: ${p.worstBySecondMs.join(' ')} ms`,
      );
    }
    const paced = r.phases.slice(0, 2);
    const worst = Math.max(...paced.map((p) => p.latencyMs.p99 ?? Infinity));
    console.log(
      `  target p99 ≤ ${TARGET_P99_MS} ms at ${r.sockets} sockets (phases 1-2, ${RATE}/s): ` +
        `${worst <= TARGET_P99_MS ? 'met' : 'NOT met'} (worst p99 ${worst} ms)`,
    );
  }
}

async function main() {
  const runs = [{ label: 'PGlite (memory)', databaseUrl: 'memory://' }];
  if (env.TEST_DATABASE_URL && env.TEST_REDIS_URL) {
    const id = randomBytes(4).toString('hex');
    runs.push({
      label: 'PostgreSQL + Redis',
      databaseUrl: env.TEST_DATABASE_URL,
      schema: `bench_chat_${id}`,
      redisUrl: env.TEST_REDIS_URL,
      redisPrefix: `bench-chat-${id}:`,
    });
  } else if (!asJson) {
    log('TEST_DATABASE_URL and TEST_REDIS_URL not both set: PGlite only');
  }
  const result = { machineBefore: machine(), runs: [] };
  const started = Date.now();
  for (const run of runs) {
    try {
      result.runs.push(await benchOne(run));
    } finally {
      if (run.schema) await cleanPostgres(run).catch((e) => log(`cleanup of ${run.schema}: ${e.message}`));
    }
  }
  result.machineAfter = machine();
  result.elapsedSeconds = Math.round((Date.now() - started) / 1000);
  httpAgent.destroy();
  if (asJson) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else print(result);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);

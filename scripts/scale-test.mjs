#!/usr/bin/env node
// Scale test (issue 12): two server processes behind nginx on one PostgreSQL schema and one Redis prefix. 200
// members (SCALE_MEMBERS) registered and funded through nginx run a mix of wallet reads, transfers wallet ↔ game,
// game → game and withdrawals, every money POST with an Idempotency-Key, for 60 s (SCALE_SECONDS) with bounded
// concurrency (SCALE_CONCURRENCY). At 1/3 of the run one server is SIGKILLed, at 2/3 it is started again. Then,
// once reconciliation and the payout job have finished everything pending, it checks through the API and the
// database: every acknowledged (2xx) money action is found with its outcome (GET /api/operations/key/{key}), every
// refused one moved nothing, the books balance, no member balance is negative, each withdrawal was debited once
// and settled once (at most one reversal), each game transfer was settled once (and agrees with the provider),
// each operation's legs have one record each, and the jobs kept running on the survivor while the other was down.
// It also checks what the servers share: a session revoked on one is refused by the other, login failures count
// across both, a settings change made on one is seen by the other at once (pushed through Redis), and a support
// chat message stored by one reaches a chat socket connected to the other (socket.io's Redis adapter).
//
// Needs: server/dist (node scripts/build.mjs server), nginx (Debian's package), PostgreSQL and Redis:
//   SCALE_DATABASE_URL | TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
//   SCALE_REDIS_URL | TEST_REDIS_URL (default redis://127.0.0.1:6379)
// Only loopback addresses are used. Exit code 0 only when every check holds. SCALE_REPORT=<file> writes the
// figures as JSON; SCALE_KEEP=1 keeps the temporary folder (nginx config, logs, server output) and the schema.
//
// nginx and retries: `proxy_next_upstream error timeout` as nginx does by default, i.e. WITHOUT
// `non_idempotent`: a GET that fails on one server (connection refused or reset, timeout) is sent to the other; a
// POST is passed to the other server only when it never reached the first (connection refused), never after it
// was sent. A POST cut off in flight answers 502 and the client sends it again with the same Idempotency-Key
// (as the site's shared client does): safe for every money POST, which carries a key, and the only place where
// the retry's meaning is known. nginx resending every POST would also resend the ones without a key (login,
// registration, one-time codes, settings).
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { io as ioClient } from 'socket.io-client';
import { freePort } from './built-server.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const DATABASE_URL =
  env.SCALE_DATABASE_URL || env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = env.SCALE_REDIS_URL || env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const SECONDS = Number(env.SCALE_SECONDS || 60);
const MEMBERS = Number(env.SCALE_MEMBERS || 200);
const CONCURRENCY = Number(env.SCALE_CONCURRENCY || 48);
const RESTART = env.SCALE_RESTART !== '0';
const GAMES = ['PG', 'JOKER'];
const FAULT_GAME = 'JOKER';
const NGINX = env.NGINX_BIN || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
const FUND = 1_000_000; // 10,000 baht per member, in satang
const runId = randomBytes(4).toString('hex');
const OPS_SECRET = randomBytes(16).toString('hex');
const JWT_SECRET = randomBytes(32).toString('hex');
const WEBHOOK_SECRET = randomBytes(32).toString('hex');
const schema = `scale_${runId}`;
const redisPrefix = `scale-${runId}:`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'scale-test-'));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[scale ${new Date().toISOString().slice(11, 23)}]`, ...a);
const failures = [];
const check = (ok, what, detail) => {
  if (ok) log(`ok   ${what}`);
  else {
    failures.push(detail === undefined ? what : `${what}: ${JSON.stringify(detail).slice(0, 600)}`);
    log(`FAIL ${what}`, detail === undefined ? '' : JSON.stringify(detail).slice(0, 600));
  }
};

// ---------------------------------------------------------------- HTTP client
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
/** One request; never throws: status 0 for a connection error or time-out. */
function request(port, method, url, { headers = {}, body, localAddress, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const t0 = process.hrtime.bigint();
    const done = (status, text, upstream) =>
      resolve({ status, text, upstream, ms: Number(process.hrtime.bigint() - t0) / 1e6 });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        localAddress,
        timeout: timeoutMs,
        headers: {
          'x-requested-by': 'wallet-user',
          ...headers,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), res.headers['x-upstream'] ?? ''),
        );
        res.on('error', () => done(0, '', ''));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done(0, '', ''));
    if (data) req.write(data);
    req.end();
  });
}
const json = (r) => {
  try {
    return JSON.parse(r.text);
  } catch {
    return {};
  }
};

// ---------------------------------------------------------------- processes
const children = new Set();
const servers = []; // { name, port, dataDir, child }
let nginxPort;
let nginxChild;

function serverEnv(s) {
  return {
    PATH: env.PATH,
    HOME: env.HOME ?? tmp,
    PORT: String(s.port),
    DATA_DIR: s.dataDir,
    STATIC_ROOT: repo,
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    OPS_SECRET,
    JWT_SECRET,
    WEBHOOK_SECRET,
    SANDBOX: '1',
    LOG_LEVEL: 'warn',
    GAME_LATENCY_MS: '30',
    JOB_INTERVAL_MS: '500',
    PAYOUT_SETTLE_MS: '2000',
    OPERATION_GRACE_MS: '3000',
    TRUST_PROXY: '127.0.0.1',
  };
}

async function startServer(s) {
  const out = path.join(tmp, `${s.name}.log`);
  const fd = openSync(out, 'a');
  const child = spawn(process.execPath, [path.join(repo, 'server/dist/main.js')], {
    cwd: repo,
    env: serverEnv(s),
    stdio: ['ignore', fd, fd],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  s.child = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${s.name} exited: ${readFileSync(out, 'utf8').slice(-2000)}`);
    const r = await request(s.port, 'GET', '/api/lookup/active', { timeoutMs: 2000 });
    if (r.status === 200) return;
    await sleep(100);
  }
  throw new Error(`${s.name} did not start within 60 s`);
}

function killServer(s, signal) {
  const child = s.child;
  if (!child || child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  return exited;
}

function nginxConfig() {
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  return `# Written by scripts/scale-test.mjs (the deployment's version: docs/deploy.md).
${user}
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log ${tmp}/nginx-access.log;
  client_body_temp_path ${tmp}/nginx-body;
  proxy_temp_path ${tmp}/nginx-proxy;
  fastcgi_temp_path ${tmp}/nginx-fastcgi;
  uwsgi_temp_path ${tmp}/nginx-uwsgi;
  scgi_temp_path ${tmp}/nginx-scgi;
  client_max_body_size 12m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  # socket.io starts with HTTP long-polling: every request of one socket must reach the same process.
  upstream wallet_socket {
    hash $remote_addr consistent;
    server 127.0.0.1:${servers[0].port} max_fails=1 fail_timeout=3s;
    server 127.0.0.1:${servers[1].port} max_fails=1 fail_timeout=3s;
  }
  upstream wallet {
    server 127.0.0.1:${servers[0].port} max_fails=1 fail_timeout=3s;
    server 127.0.0.1:${servers[1].port} max_fails=1 fail_timeout=3s;
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    location /socket.io/ {
      proxy_pass http://wallet_socket;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 120s;
      add_header X-Upstream $upstream_addr always;
    }
    location / {
      proxy_pass http://wallet;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A GET goes to the other server on a connection error or time-out; a POST only if it was never sent.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function startNginx() {
  for (const d of ['nginx-body', 'nginx-proxy', 'nginx-fastcgi', 'nginx-uwsgi', 'nginx-scgi'])
    mkdirSync(path.join(tmp, d), { recursive: true });
  const conf = path.join(tmp, 'nginx.conf');
  writeFileSync(conf, nginxConfig());
  const bin = NGINX;
  execFileSync(bin, ['-t', '-q', '-p', tmp, '-c', conf, '-e', path.join(tmp, 'nginx-error.log')]);
  nginxChild = spawn(
    bin,
    ['-p', tmp, '-c', conf, '-e', path.join(tmp, 'nginx-error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  children.add(nginxChild);
  nginxChild.once('exit', () => children.delete(nginxChild));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const r = await request(nginxPort, 'GET', '/api/lookup/active', { timeoutMs: 2000 });
    if (r.status === 200) return bin;
    await sleep(100);
  }
  throw new Error('nginx did not answer');
}

// ---------------------------------------------------------------- figures
const stats = {
  requests: 0,
  byStatus: {},
  latencies: [],
  byUpstream: {},
  actions: { read: 0, transferIn: 0, transferOut: 0, gameToGame: 0, withdraw: 0 },
  retries: 0,
};
function count(r) {
  stats.requests += 1;
  stats.byStatus[r.status] = (stats.byStatus[r.status] ?? 0) + 1;
  stats.latencies.push(r.ms);
  const last = String(r.upstream).split(',').pop()?.trim() || 'none';
  const name = servers.find((s) => last === `127.0.0.1:${s.port}`)?.name ?? last;
  stats.byUpstream[name] = (stats.byUpstream[name] ?? 0) + 1;
}
const pct = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round1 = (n) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------- the run
const acked = new Map(); // key → { member, url, body, status, opStatus, operationId, withdrawalId }
const refused = new Map(); // key → { member, status, code }
const unanswered = new Map(); // key → { member, url } (no definite answer after every retry)
const inFlight = new Map(); // request id → { key?, started }
let reqSeq = 0;
const killInfo = { at: null, inFlight: [], restartAt: null };
const forcedFailed = new Set();

async function main() {
  const bin = NGINX;
  if (spawnSync(bin, ['-v']).status !== 0)
    throw new Error(`no nginx at ${bin}: apt-get install -y nginx (or set NGINX_BIN)`);
  if (!existsSync(path.join(repo, 'server/dist/main.js')))
    throw new Error('server/dist/main.js is missing: run node scripts/build.mjs server');
  const pgAdmin = new pg.Client({ connectionString: DATABASE_URL });
  await pgAdmin.connect();
  await pgAdmin.query(`create schema ${schema}`);
  await pgAdmin.end();

  for (const name of ['A', 'B']) {
    const dataDir = path.join(tmp, `data-${name}`);
    mkdirSync(dataDir);
    servers.push({ name, port: await freePort(), dataDir, child: undefined });
  }
  nginxPort = await freePort();
  log(`schema ${schema}, redis prefix ${redisPrefix}, temp ${tmp}`);
  // One after the other: the first migrates the fresh schema and seeds it.
  await startServer(servers[0]);
  await startServer(servers[1]);
  await startNginx();
  log(`servers A :${servers[0].port}, B :${servers[1].port}; nginx :${nginxPort}`);
  const [A, B] = servers;
  const ops = { 'x-ops-secret': OPS_SECRET };

  // --- Settings pushed through Redis: B reads (and caches) registerOTP, A turns it off, B sees it at once.
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

  // --- Members: registered, logged in, funded and given two game accounts through nginx. Each member talks
  // from its own loopback address (127.0.1.x / 127.0.2.x …), which nginx forwards in X-Forwarded-For
  // (TRUST_PROXY=127.0.0.1): per-IP limits count members, not nginx.
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
  const pool = async (items, n, fn) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: n }, async () => {
        while (next < items.length) await fn(items[next++]);
      }),
    );
  };
  const must = (r, what) => {
    if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
    return json(r).data;
  };
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

  // --- Sessions and rate limits shared through PostgreSQL + Redis.
  const probe = members[0];
  const auth = (t) => ({ authorization: `Bearer ${t}` });
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

  // --- The member's realtime channel through nginx, as the site opens it (long-polling, then websocket): a
  // transfer answered by either server reaches it as wallet:changed.
  {
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
  {
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

  // --- The mixed load.
  const end = Date.now() + SECONDS * 1000;
  const runStart = Date.now();
  const timeline = [];
  const at = (frac, fn) =>
    sleep(SECONDS * 1000 * frac).then(async () => {
      timeline.push(`${((Date.now() - runStart) / 1000).toFixed(1)} s`);
      await fn();
    });
  const setFault = async (mode) => {
    for (const s of servers)
      if (s.child?.exitCode === null)
        await request(s.port, 'POST', `/sandbox/games/${FAULT_GAME}/faults`, {
          headers: ops,
          body: { mode },
        });
  };
  const events = [
    at(0.1, async () => {
      await setFault('timeout');
      log(`${FAULT_GAME} answers time out (transfers applied, answers lost) on both servers`);
    }),
    at(0.2, async () => {
      await setFault('ok');
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

  // --- Wait for reconciliation and payouts.
  const db = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
  await db.connect();
  const q = async (text, params) => (await db.query(text, params)).rows;
  const drainStart = Date.now();
  let pending;
  for (;;) {
    pending = (
      await q(`select
        (select count(*) from operations where status = 'PENDING')::int as operations,
        (select count(*) from game_transfers where status = 'PENDING')::int as transfers,
        (select count(*) from withdrawals where status = 'PENDING')::int as withdrawals,
        (select count(*) from operation_legs where status = 'PENDING')::int as legs`)
    )[0];
    if (Object.values(pending).every((v) => v === 0) || Date.now() - drainStart > 120_000) break;
    await sleep(500);
  }
  const drainSeconds = (Date.now() - drainStart) / 1000;
  check(
    Object.values(pending).every((v) => v === 0),
    `reconciliation and payouts finished everything pending (${drainSeconds.toFixed(1)} s after the load)`,
    pending,
  );

  // --- Every acknowledged action is found with its outcome; every refused one moved nothing.
  const lost = [];
  const changed = [];
  const stillPending = [];
  const finalOf = new Map();
  const keys = [...acked.keys()];
  await pool(keys, 16, async (key) => {
    const a = acked.get(key);
    const m = members[a.member];
    const r = await request(nginxPort, 'GET', `/api/operations/key/${encodeURIComponent(key)}`, {
      localAddress: m.localAddress,
      headers: auth(m.token),
    });
    const op = json(r).data;
    if (r.status !== 200 || !op) return void lost.push({ key, status: r.status });
    finalOf.set(key, op.status);
    if (op.status === 'PENDING') stillPending.push(key);
    if (a.operationId && op.id !== a.operationId) changed.push({ key, was: a.operationId, now: op.id });
    if (a.status !== 'PENDING' && op.status !== a.status)
      changed.push({ key, was: a.status, now: op.status });
  });
  check(lost.length === 0, `every acknowledged action (${acked.size}) is found by its key`, lost.slice(0, 5));
  check(
    changed.length === 0,
    'every acknowledged answer is still the answer (same operation, same outcome)',
    changed.slice(0, 5),
  );
  check(stillPending.length === 0, 'no acknowledged action is still PENDING', stillPending.slice(0, 5));
  const refusedMoved = [];
  await pool([...refused.keys()], 16, async (key) => {
    const a = refused.get(key);
    const m = members[a.member];
    const r = await request(nginxPort, 'GET', `/api/operations/key/${encodeURIComponent(key)}`, {
      localAddress: m.localAddress,
      headers: auth(m.token),
    });
    const op = json(r).data;
    if (r.status === 200 && op?.status !== 'FAILED')
      refusedMoved.push({ key, answered: a.code, now: op?.status });
  });
  check(
    refusedMoved.length === 0,
    `every refused action (${refused.size}) moved nothing (no operation, or FAILED)`,
    refusedMoved.slice(0, 5),
  );
  const unansweredFate = {};
  for (const [key, u] of unanswered) {
    const m = members[u.member];
    const r = await request(nginxPort, 'GET', `/api/operations/key/${encodeURIComponent(key)}`, {
      headers: auth(m.token),
      localAddress: m.localAddress,
    });
    const s = r.status === 200 ? json(r).data?.status : `none (${r.status})`;
    unansweredFate[s] = (unansweredFate[s] ?? 0) + 1;
  }

  // --- The books and the database.
  const books = json(await request(nginxPort, 'GET', '/api/ops/ledger/check', { headers: ops })).data ?? {};
  check(
    books.trialBalance &&
      Object.values(books.trialBalance).every((v) => v === 0) &&
      books.accountsOff === 0 &&
      books.transactionsOff === 0,
    'the books balance (GET /api/ops/ledger/check: trial balance 0, no account or transaction off)',
    books,
  );
  const negative = await q(
    `select member_id, code, balance from ledger_accounts where member_id is not null and balance < 0`,
  );
  check(negative.length === 0, 'no member balance is negative', negative);
  const dupRefs = await q(`select kind, reference, count(*)::int as n from ledger_transactions
    where reference is not null group by kind, reference having count(*) > 1`);
  check(dupRefs.length === 0, 'every ledger reference is used once per kind', dupRefs);
  const withdrawals = await q(`select w.id, w.status, sp.status as bank,
      (select count(*) from ledger_transactions t where t.kind = 'withdraw' and t.reference = w.id)::int as debits,
      (select count(*) from ledger_transactions t where t.reversal_of = w.transaction_id)::int as reversals
    from withdrawals w left join sandbox_payouts sp on sp.id = w.id`);
  const badW = withdrawals.filter(
    (w) =>
      w.debits !== 1 ||
      w.reversals !== (w.status === 'FAILED' ? 1 : 0) ||
      w.bank !== w.status ||
      (forcedFailed.has(w.id) && w.status !== 'FAILED'),
  );
  const failedW = withdrawals.filter((w) => w.status === 'FAILED').length;
  check(
    badW.length === 0,
    `each withdrawal (${withdrawals.length}; ${failedW} refused by the bank) debited once and settled once (a reversal only when refused, as the bank said)`,
    badW.slice(0, 5),
  );
  const transfers =
    await q(`select gt.id, gt.direction, gt.status, gt.transaction_id, gt.reversal_transaction_id,
      sgt.outcome from game_transfers gt
      left join sandbox_game_transfers sgt on sgt.provider = gt.code and sgt.transfer_id = gt.id`);
  const badT = transfers.filter((t) => {
    const applied = t.outcome === 'applied';
    if (t.status === 'SUCCESS')
      return !applied || t.transaction_id === null || t.reversal_transaction_id !== null;
    if (t.status !== 'FAILED') return true;
    if (applied) return true;
    return t.direction === 'in' ? t.reversal_transaction_id === null : t.transaction_id !== null;
  });
  check(
    badT.length === 0,
    `each game transfer (${transfers.length}) settled once, as the provider applied it (reversed only when not applied)`,
    badT.slice(0, 5),
  );
  const legs = await q(`with l as (select operation_id, count(*) filter (where reference is not null) as n
                from operation_legs group by operation_id),
      g as (select operation_id, count(*) as n from game_transfers group by operation_id),
      w as (select operation_id, count(*) as n from withdrawals group by operation_id)
    select o.id, coalesce(l.n, 0)::int as legs, (coalesce(g.n, 0) + coalesce(w.n, 0))::int as records
    from operations o left join l on l.operation_id = o.id left join g on g.operation_id = o.id
      left join w on w.operation_id = o.id`);
  const badLegs = legs.filter((l) => l.legs !== l.records);
  check(
    badLegs.length === 0,
    `each operation's legs (${legs.length} operations) have one record each`,
    badLegs.slice(0, 5),
  );
  const mirrors = await q(`select ga.member_id, ga.code, la.balance as mirror, p.balance as provider
    from game_accounts ga
    join ledger_accounts la on la.member_id = ga.member_id and la.code = 'game:' || ga.code
    left join sandbox_game_players p on p.provider = ga.code and p.username = ga.username
    where la.balance <> coalesce(p.balance, 0)`);
  check(
    mirrors.length === 0,
    'every game mirror equals the provider balance (no money in two places)',
    mirrors.slice(0, 5),
  );
  // The jobs after the kill: only B runs while A is down, so what was settled in that window B's jobs did.
  const killAt = killInfo.at ?? Date.now();
  const upAgain = killInfo.restartAt ?? Date.now() + 3_600_000;
  const takeover = {
    payoutsSettledWhileDown: 0,
    operationsReconciledWhileDown: 0,
    killedPending: 0,
    killedOperationsFinishedWhileDown: 0,
    killedOperationsLastFinishedAfterKillSeconds: null,
  };
  if (killInfo.at) {
    const settledDown = await q(
      `select count(*)::int as n from withdrawals where settled_at > $1 and settled_at < $2`,
      [new Date(killAt + 1000), new Date(Math.min(upAgain, Date.now()))],
    );
    takeover.payoutsSettledWhileDown = settledDown[0].n;
    // Operations finished by reconciliation (not by their request: settled 3 s or more after they began, the
    // grace left to a request) while A was down.
    const reconciled = await q(
      `select count(*)::int as n from operations where settled_at > $1 and settled_at < $2
         and settled_at - created_at >= interval '3 seconds'`,
      [new Date(killAt + 1000), new Date(Math.min(upAgain, Date.now()))],
    );
    takeover.operationsReconciledWhileDown = reconciled[0].n;
    // Money requests cut off by the kill and answered PENDING on their retry: when reconciliation finished them.
    const cut = killInfo.inFlight
      .filter((f) => f.key && acked.get(f.key)?.status === 'PENDING')
      .map((f) => f.key);
    takeover.killedPending = cut.length;
    if (cut.length > 0) {
      const finished = await q(
        `select count(*) filter (where settled_at < $2)::int as n,
           round(max(extract(epoch from settled_at) - $3::float8)::numeric, 1)::float as last
         from operations where idempotency_key = any($1) and status <> 'PENDING'`,
        [cut, new Date(Math.min(upAgain, Date.now())), killAt / 1000],
      );
      takeover.killedOperationsFinishedWhileDown = finished[0].n;
      takeover.killedOperationsLastFinishedAfterKillSeconds = finished[0].last;
    }
    check(
      takeover.payoutsSettledWhileDown > 0 &&
        // (a window shorter than the grace and a round of backoff may hold no operation to reconcile)
        (upAgain - killAt < 8000 || takeover.operationsReconciledWhileDown > 0),
      `the jobs went on in B while A was down: ${takeover.payoutsSettledWhileDown} payouts settled, ` +
        `${takeover.operationsReconciledWhileDown} operations finished by reconciliation`,
      takeover,
    );
  }
  // How long operations answered PENDING waited for reconciliation (a provider that lost its answers).
  const pendingKeys = [...acked].filter(([, a]) => a.status === 'PENDING').map(([k]) => k);
  const reconcileWait = (
    await q(
      `select round(percentile_cont(0.5) within group (order by extract(epoch from settled_at - created_at))::numeric, 1)::float
           as p50,
         round(max(extract(epoch from settled_at - created_at))::numeric, 1)::float as max
       from operations where idempotency_key = any($1)`,
      [pendingKeys],
    )
  )[0];
  // How long payouts waited for the job (the sandbox bank pays after PAYOUT_SETTLE_MS = 2 s), per phase.
  const lag = await q(
    `select case when created_at < $1 then 'beforeKill' when created_at < $2 then 'whileDown' else 'afterRestart' end
         as phase,
       count(*)::int as n,
       round(percentile_cont(0.5) within group (order by extract(epoch from settled_at - created_at))::numeric, 1)::float
         as p50,
       round(max(extract(epoch from settled_at - created_at))::numeric, 1)::float as max
     from withdrawals group by 1`,
    [new Date(killAt), new Date(upAgain)],
  );
  const payoutLagSeconds = Object.fromEntries(lag.map((r) => [r.phase, { n: r.n, p50: r.p50, max: r.max }]));
  const pgVersion = (await q('show server_version'))[0]?.server_version;
  const size = (
    await q(
      `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes,
        (select count(*) from operations)::int as operations,
        (select count(*) from ledger_transactions)::int as transactions
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'm')`,
      [schema],
    )
  )[0];
  await db.end();
  let redisVersion;
  try {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1];
    await redis.quit();
  } catch {
    redisVersion = undefined;
  }

  // --- In flight at the kill: what became of them.
  const killed = { total: killInfo.inFlight.length, reads: 0, money: 0, outcomes: {} };
  for (const f of killInfo.inFlight) {
    if (!f.key) {
      killed.reads += 1;
      continue;
    }
    killed.money += 1;
    const a = acked.get(f.key);
    const outcome = a
      ? `acknowledged ${a.status}${a.attempts > 1 ? ' after a retry' : ''} → ${finalOf.get(f.key)}`
      : refused.has(f.key)
        ? `refused ${refused.get(f.key).code}`
        : 'unanswered';
    killed.outcomes[outcome] = (killed.outcomes[outcome] ?? 0) + 1;
  }
  const serverErrors = {};
  for (const s of servers) {
    const text = readFileSync(path.join(tmp, `${s.name}.log`), 'utf8');
    serverErrors[s.name] = text.split('\n').filter((l) => /"level":(50|60)/.test(l)).length;
  }

  const sorted = stats.latencies.sort((a, b) => a - b);
  const figures = {
    members: MEMBERS,
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    setupSeconds: round1(setupSeconds),
    runSeconds: round1(runSeconds),
    requests: stats.requests,
    rps: Math.round(stats.requests / runSeconds),
    byStatus: stats.byStatus,
    errors: stats.requests - (stats.byStatus[200] ?? 0),
    serverErrors: Object.entries(stats.byStatus)
      .filter(([s]) => Number(s) >= 500 || Number(s) === 0)
      .reduce((n, [, c]) => n + c, 0),
    latencyMs: {
      p50: round1(pct(sorted, 50)),
      p95: round1(pct(sorted, 95)),
      p99: round1(pct(sorted, 99)),
      max: round1(sorted.at(-1) ?? 0),
    },
    byUpstream: stats.byUpstream,
    actions: stats.actions,
    acknowledged: acked.size,
    acknowledgedPending: [...acked.values()].filter((a) => a.status === 'PENDING').length,
    refused: refused.size,
    refusedCodes: [...refused.values()].reduce((o, r) => ({ ...o, [r.code]: (o[r.code] ?? 0) + 1 }), {}),
    retries: stats.retries,
    unanswered: unanswered.size,
    unansweredFate,
    killedInFlight: killed,
    withdrawals: withdrawals.length,
    withdrawalsRefusedByBank: failedW,
    gameTransfers: transfers.length,
    drainSeconds: round1(drainSeconds),
    payoutLagSeconds,
    reconcileWaitSeconds: { n: pendingKeys.length, ...reconcileWait },
    takeover,
    settingsPushMs: settingsMs,
    database: {
      megabytes: round1(Number(size.bytes) / 2 ** 20),
      operations: size.operations,
      ledgerTransactions: size.transactions,
    },
    serverErrorLogLines: serverErrors,
    timeline,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memGiB: Math.round(os.totalmem() / 2 ** 30),
      load: os.loadavg().map(round1),
      node: process.version,
      nginx: spawnSync(bin, ['-v'], { encoding: 'utf8' })
        .stderr.trim()
        .replace(/^nginx version: /, ''),
      postgres: pgVersion,
      redis: redisVersion,
    },
    failures,
  };
  console.log('\n=== scale test: two servers behind nginx, one killed ===');
  console.log(
    `requests ${figures.requests} (${figures.rps}/s), non-2xx ${figures.errors} (5xx or no answer ${figures.serverErrors}), by status ${JSON.stringify(figures.byStatus)}`,
  );
  console.log(
    `latency ms p50 ${figures.latencyMs.p50}, p95 ${figures.latencyMs.p95}, p99 ${figures.latencyMs.p99}, max ${figures.latencyMs.max}`,
  );
  console.log(`served by ${JSON.stringify(figures.byUpstream)}; actions ${JSON.stringify(figures.actions)}`);
  console.log(
    `acknowledged ${figures.acknowledged} (${figures.acknowledgedPending} PENDING when answered), refused ${figures.refused} ${JSON.stringify(figures.refusedCodes)}, retries ${figures.retries}, unanswered ${figures.unanswered}`,
  );
  console.log(
    `in flight at the kill: ${killed.total} (${killed.reads} reads, ${killed.money} money): ${JSON.stringify(killed.outcomes)}`,
  );
  console.log(
    `withdrawals ${figures.withdrawals} (${failedW} refused by the bank, reversed once), game transfers ${figures.gameTransfers}, drained in ${figures.drainSeconds} s`,
  );
  console.log(`payout wait (s) by phase ${JSON.stringify(payoutLagSeconds)}`);
  console.log(
    `operations answered PENDING, settled after (s) ${JSON.stringify(figures.reconcileWaitSeconds)}`,
  );
  console.log(`jobs while A was down: ${JSON.stringify(takeover)}`);
  console.log(`RESULT ${JSON.stringify(figures)}`);
  if (env.SCALE_REPORT) writeFileSync(env.SCALE_REPORT, `${JSON.stringify(figures, null, 2)}\n`);
}

async function cleanup() {
  agent.destroy();
  for (const s of servers) await killServer(s, 'SIGTERM').catch(() => undefined);
  if (nginxChild && nginxChild.exitCode === null) {
    const exited = new Promise((r) => nginxChild.once('exit', r));
    nginxChild.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000)]);
  }
  for (const c of children) c.kill('SIGKILL');
  try {
    if (env.SCALE_KEEP === '1') throw new Error('kept (SCALE_KEEP=1)');
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  } catch (e) {
    log(`schema ${schema} not dropped: ${e.message}`);
  }
  try {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
  } catch (e) {
    log(`could not clear redis prefix ${redisPrefix}: ${e.message}`);
  }
  if (env.SCALE_KEEP === '1') log(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}

let code = 1;
try {
  await main();
  code = failures.length === 0 ? 0 : 1;
  console.log(
    failures.length === 0
      ? 'scale test: every check holds'
      : `scale test: ${failures.length} check(s) failed`,
  );
} catch (e) {
  console.error('scale test failed to run:', e);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);

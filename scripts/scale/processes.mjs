// The scale test's processes: the two built servers (A and B) and nginx in front of them, started, killed and
// cleaned up.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdirSync, openSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort } from '../built-server.mjs';
import {
  DATABASE_URL,
  env,
  FAULT_GAME,
  JWT_SECRET,
  log,
  NGINX,
  OPS_SECRET,
  ops,
  REDIS_URL,
  redisPrefix,
  repo,
  schema,
  sleep,
  tmp,
  WEBHOOK_SECRET,
} from './config.mjs';
import { agent, request } from './http.mjs';

// ---------------------------------------------------------------- processes
export const children = new Set();
export const servers = []; // { name, port, dataDir, child }
export let nginxPort;
export let nginxChild;

/** Sets the sandbox provider FAULT_GAME's fault mode on every running server (each keeps its own). */
export async function setGameFault(mode) {
  for (const s of servers)
    if (s.child?.exitCode === null)
      await request(s.port, 'POST', `/sandbox/games/${FAULT_GAME}/faults`, { headers: ops, body: { mode } });
}

export function serverEnv(s) {
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
    // /metrics on a listener of its own on 127.0.0.1, for the scale test's Prometheus (scripts/scale/prometheus.mjs).
    METRICS_PORT: String(s.metricsPort),
  };
}

// SCALE_CPU_PROFILE_DIR=<folder>: each server writes a V8 CPU profile there when it exits (not a killed one).
const profile = env.SCALE_CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', env.SCALE_CPU_PROFILE_DIR] : [];

export async function startServer(s) {
  const out = path.join(tmp, `${s.name}.log`);
  const fd = openSync(out, 'a');
  const child = spawn(process.execPath, [...profile, path.join(repo, 'server/dist/main.js')], {
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

export function killServer(s, signal) {
  const child = s.child;
  if (!child || child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  return exited;
}

export function nginxConfig() {
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

export async function startNginx() {
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

/** Checks the tools, makes the schema, picks the ports, then starts A, B and nginx. */
export async function startAll() {
  if (spawnSync(NGINX, ['-v']).status !== 0)
    throw new Error(`no nginx at ${NGINX}: apt-get install -y nginx (or set NGINX_BIN)`);
  if (!existsSync(path.join(repo, 'server/dist/main.js')))
    throw new Error('server/dist/main.js is missing: run node scripts/build.mjs server');
  const pgAdmin = new pg.Client({ connectionString: DATABASE_URL });
  await pgAdmin.connect();
  await pgAdmin.query(`create schema ${schema}`);
  await pgAdmin.end();

  for (const name of ['A', 'B']) {
    const dataDir = path.join(tmp, `data-${name}`);
    mkdirSync(dataDir);
    servers.push({ name, port: await freePort(), metricsPort: await freePort(), dataDir, child: undefined });
  }
  nginxPort = await freePort();
  log(`schema ${schema}, redis prefix ${redisPrefix}, temp ${tmp}`);
  // One after the other: the first migrates the fresh schema and seeds it.
  await startServer(servers[0]);
  await startServer(servers[1]);
  await startNginx();
  log(`servers A :${servers[0].port}, B :${servers[1].port}; nginx :${nginxPort}`);
}

export async function cleanup() {
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

// The scale test's settings (from the environment), the run's names and secrets, its log and its checks.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const env = process.env;
export const DATABASE_URL =
  env.SCALE_DATABASE_URL || env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = env.SCALE_REDIS_URL || env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
export const SECONDS = Number(env.SCALE_SECONDS || 60);
export const MEMBERS = Number(env.SCALE_MEMBERS || 200);
export const CONCURRENCY = Number(env.SCALE_CONCURRENCY || 48);
export const RESTART = env.SCALE_RESTART !== '0';
export const GAMES = ['PG', 'JOKER'];
export const FAULT_GAME = 'JOKER';
export const NGINX = env.NGINX_BIN || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
export const FUND = 1_000_000; // 10,000 baht per member, in satang
export const runId = randomBytes(4).toString('hex');
export const OPS_SECRET = randomBytes(16).toString('hex');
export const JWT_SECRET = randomBytes(32).toString('hex');
export const WEBHOOK_SECRET = randomBytes(32).toString('hex');
export const schema = `scale_${runId}`;
export const redisPrefix = `scale-${runId}:`;
export const tmp = mkdtempSync(path.join(os.tmpdir(), 'scale-test-'));

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (...a) => console.log(`[scale ${new Date().toISOString().slice(11, 23)}]`, ...a);
export const failures = [];
export const check = (ok, what, detail) => {
  if (ok) log(`ok   ${what}`);
  else {
    failures.push(detail === undefined ? what : `${what}: ${JSON.stringify(detail).slice(0, 600)}`);
    log(`FAIL ${what}`, detail === undefined ? '' : JSON.stringify(detail).slice(0, 600));
  }
};

/** Runs `fn` over `items`, `n` at a time. */
export const pool = async (items, n, fn) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
};

/** The operators' header (the sandbox routes and the console's API). */
export const ops = { 'x-ops-secret': OPS_SECRET };

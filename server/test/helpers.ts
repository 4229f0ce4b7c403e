import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { connectRedis } from '../src/platform/redis';
import { buildApp, type App, type AppDeps } from '../src/app';
import { loadConfig, type AppConfig } from '../src/platform/config';
import { MIGRATION_LOCK } from '../src/platform/db';

/**
 * One app per test file. The database is PGlite in memory, or — when TEST_DATABASE_URL is set — PostgreSQL
 * with a fresh schema per app (search_path set through the pool options), dropped on close.
 */
export interface TestApp {
  app: App;
  config: AppConfig;
  close(): Promise<void>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
export const dbLabel = `${testDatabaseUrl ? 'postgres' : 'pglite'}${process.env.TEST_REDIS_URL ? ' + redis' : ''}`;

let template: Blob | undefined;
/** The migrated PGlite database of this run (global-setup.ts), read once per suite; undefined on PostgreSQL. */
function pgliteTemplate(): Blob | undefined {
  const file = process.env.WALLET_PGLITE_TEMPLATE;
  if (testDatabaseUrl || !file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

/**
 * Drops a test's PostgreSQL schema under the migrations' lock: another app's migrator may be reading every schema's
 * catalogue right now (Kysely's introspection), and a schema dropped under it fails that migration.
 */
export async function dropTestSchema(schema: string): Promise<void> {
  if (!testDatabaseUrl) return;
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

export async function createTestApp(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  let schema: string | undefined;
  if (testDatabaseUrl) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabaseUrl ?? 'memory://',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    STATIC_ROOT: dataDir,
    // With TEST_REDIS_URL the rate-limit counters live in Redis, under a prefix of their own per app.
    ...(process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:` }
      : {}),
    ...env,
  });
  const app = await buildApp(config, {
    ...(config.databaseUrl === 'memory://' ? { pgliteTemplate: pgliteTemplate() } : {}),
    ...deps,
  });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      if (testDatabaseUrl && schema) {
        await dropTestSchema(schema);
      }
      if (config.redisUrl && config.redisPrefix.startsWith('test-')) {
        const redis = connectRedis(config.redisUrl, { label: 'test cleanup' });
        // (A test may have stopped its Redis: then there is nothing to clean.)
        await redis
          .keys(`${config.redisPrefix}*`)
          .then((keys) => (keys.length > 0 ? redis.del(...keys) : 0))
          .catch(() => undefined);
        redis.disconnect();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function setSetting(app: App, key: string, value: boolean): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/ops/settings/${key}`,
    headers: { 'x-ops-secret': app.ctx.secrets.opsSecret },
    payload: { value },
  });
  if (res.statusCode !== 200) throw new Error(`setSetting ${key}: ${res.statusCode} ${res.body}`);
}

/** A call of the operator API as the CLI makes it: with the operator secret (acting as admin). */
export function asCli(app: App, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { 'x-ops-secret': app.ctx.secrets.opsSecret },
    ...(payload ? { payload } : {}),
  });
}

/**
 * Moves the daily slip closing window (23:50–00:10 Bangkok by default) twelve hours away from now, as an operator
 * would: a suite that uploads slips on the real clock must not depend on the hour it runs.
 */
export async function moveSlipWindowAway(app: App): Promise<void> {
  const at = (hours: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(Date.now() + hours * 3_600_000));
  const current = JSON.parse((await asCli(app, 'GET', '/api/ops/content/slip/*')).body) as {
    data: Record<string, unknown>;
  };
  const res = await app.inject({
    method: 'PUT',
    url: '/api/ops/content/slip/*',
    headers: { 'x-ops-secret': app.ctx.secrets.opsSecret },
    payload: { ...current.data, closedFrom: at(12), closedUntil: at(12.3) },
  });
  if (res.statusCode !== 200) throw new Error(`moveSlipWindowAway: ${res.statusCode} ${res.body}`);
}

let phoneSeq = 0;
/** A fresh 10-digit phone number per call. */
export function newPhone(): string {
  phoneSeq += 1;
  return `08${String(Date.now() % 1e4).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

let accountSeq = 0;
export function newAccountNo(): string {
  accountSeq += 1;
  return `${String(Date.now() % 1e6).padStart(6, '0')}${String(accountSeq).padStart(4, '0')}`;
}

export interface Registration {
  name: string;
  username: string;
  password: string;
  sourceCode: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  currency: string;
  inviteCode?: string;
  otpToken?: string;
}

export function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    name: 'Somchai Jaidee',
    username: newPhone(),
    password: 'secret-pass-1',
    sourceCode: 'FACEBOOK',
    bankCode: 'KBANK',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: newAccountNo(),
    currency: 'THB',
    ...overrides,
  };
}

export interface Envelope<T = unknown> {
  code: string;
  message?: string;
  data: T;
}

export const body = <T = unknown>(res: { body: string }): Envelope<T> => JSON.parse(res.body) as Envelope<T>;

/** Registers a member (registerOTP must be off) and logs in: the member id and a bearer token. */
export async function memberWithToken(app: App): Promise<{ memberId: string; token: string }> {
  const reg = registration();
  const memberId = await app.accounts.register(reg, {
    requireOtp: false,
    sources: () => app.content.get('sources', 'th'),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: reg.username, password: reg.password },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return { memberId, token: body<{ token: string }>(res).data.token };
}

/** Puts money in a member's wallet as a deposit from the bank would (minor units). */
export async function fund(app: App, memberId: string, amount: number): Promise<void> {
  await app.ctx.db
    .transaction()
    .execute((trx) =>
      app.ctx.ledger.creditMember(trx, { memberId, amount, kind: 'deposit', from: 'bank_in' }),
    );
}

/** A member who can play: registered and logged in, `amount` in the wallet and a PG game account opened. */
export async function playerWithMoney(
  app: App,
  amount: number,
): Promise<{ memberId: string; token: string }> {
  const member = await memberWithToken(app);
  await fund(app, member.memberId, amount);
  const res = await app.inject({
    url: '/api/wallet/activate/PG',
    headers: { authorization: `Bearer ${member.token}` },
  });
  if (res.statusCode !== 200) throw new Error(`activate PG: ${res.statusCode} ${res.body}`);
  return member;
}

/** The header every state-changing console request carries (the console's CSRF check). */
export const OPS_CONSOLE = { 'x-requested-with': 'ops-console' };
export const OPERATOR_PASSWORD = 'correct horse battery';

/** A console session of a new operator of `role`: created by the CLI, password, TOTP enrolment, first code. */
export async function operatorCookie(app: App, username: string, role: 'admin' | 'finance' | 'support') {
  const made = await asCli(app, 'POST', '/api/ops/operators', {
    username,
    role,
    password: OPERATOR_PASSWORD,
  });
  if (made.statusCode !== 200) throw new Error(`create operator: ${made.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/ops/auth/login',
    headers: OPS_CONSOLE,
    payload: { username, password: OPERATOR_PASSWORD },
  });
  const cookie = login.cookies.find((c) => c.name === 'wl_ops')?.value ?? '';
  const start = await app.inject({
    method: 'POST',
    url: '/api/ops/auth/enrol',
    cookies: { wl_ops: cookie },
    headers: OPS_CONSOLE,
    payload: {},
  });
  const { secret } = body<{ secret: string }>(start).data;
  const code = new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate();
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/ops/auth/enrol/confirm',
    cookies: { wl_ops: cookie },
    headers: OPS_CONSOLE,
    payload: { code },
  });
  if (confirm.statusCode !== 200) throw new Error(`enrol: ${confirm.body}`);
  return cookie;
}

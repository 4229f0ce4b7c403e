import { Redis } from 'ioredis';
import type { App } from '../src/app';
import type { SessionService } from '../src/features/accounts/session-service';
import { ManualClock } from '../src/platform/clock';
import { DEFAULT_LIMITS } from '../src/platform/limits';
import {
  body,
  createTestApp,
  dbLabel,
  registration,
  setSetting,
  testDatabaseUrl,
  type TestApp,
} from './helpers';
import { countQueries, holdCacheTime } from './query-counter';

/**
 * The session check of every member route is served from memory (features/accounts/session-service.ts,
 * platform/cache.ts): these tests count the queries an authenticated request makes, and check that every way a
 * session ends (logout, logout everywhere, password change, expiry, the member switched off) is refused on the
 * very next request — on this server, and on another server sharing Redis.
 */

/** The accounts feature's session service behind `app.sessions` (its operator side: logout everywhere, status). */
const sessionsOf = (app: App) => app.sessions as SessionService;

const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_INTERVAL_MS: '0' }, { clock });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string, app: App = t.app) => app.inject({ url, headers: auth(token) });
const status = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  return r.statusCode === 200 ? 200 : `${r.statusCode} ${body(r).code}`;
};

async function member(app: App = t.app) {
  const reg = registration();
  const memberId = await app.accounts.register(reg, {
    requireOtp: false,
    sources: () => app.content.get('sources', 'th'),
  });
  const login = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: reg.username, password: reg.password },
    });
    expect(res.statusCode).toBe(200);
    return body<{ token: string }>(res).data.token;
  };
  return { memberId, reg, login };
}

const sessionQueries = (sql: string[]) => sql.filter((s) => /"sessions"|\bsessions\b/.test(s));

describe(`session check from memory (${dbLabel})`, () => {
  test('the second authenticated request makes no session query; GET /api/wallet is one statement', async () => {
    const m = await member();
    const token = await m.login();
    const counter = countQueries(t.app);
    try {
      expect(await status(get('/api/wallet', token))).toBe(200);
      const first = [...counter.sql];
      counter.sql.length = 0;
      expect(await status(get('/api/wallet', token))).toBe(200);
      const second = [...counter.sql];
      expect(await status(get('/api/account/profile', token))).toBe(200);
      // The first request read the session once (the login only wrote it), then the wallet's one statement.
      expect(sessionQueries(first)).toHaveLength(1);
      expect(first.filter((q) => !sessionQueries([q]).length)).toEqual([
        expect.stringMatching(/from members m/),
      ]);
      // The second wallet read: its one statement, nothing else (settings and the bank list are in memory);
      // the profile read after it: no session query either.
      expect(second).toEqual([expect.stringMatching(/from members m/)]);
      expect(sessionQueries(counter.sql)).toEqual([]);
    } finally {
      counter.stop();
    }
  });

  test('logout: the next request with that token is refused at once; the other session lives', async () => {
    const m = await member();
    const token = await m.login();
    const other = await m.login();
    expect(await status(get('/api/wallet', token))).toBe(200);
    expect(await status(get('/api/wallet', other))).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token), payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await status(get('/api/wallet', token))).toBe('401 invalid-token');
    expect(await status(get('/api/wallet', other))).toBe(200);
  });

  test('password change: the other sessions are refused on their next request; the caller keeps going', async () => {
    const m = await member();
    const token = await m.login();
    const other = await m.login();
    expect(await status(get('/api/wallet', other))).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/changepwd',
      headers: auth(token),
      payload: { oldPassword: m.reg.password, newPassword: 'another-pass-9' },
    });
    expect(res.statusCode).toBe(200);
    expect(await status(get('/api/wallet', other))).toBe('401 invalid-token');
    expect(await status(get('/api/wallet', token))).toBe(200);
    expect(await status(get('/api/wallet', body<{ token: string }>(res).data.token))).toBe(200);
  });

  test('logout everywhere: every session of the member is refused', async () => {
    const m = await member();
    const [a, b] = [await m.login(), await m.login()];
    expect(await status(get('/api/wallet', a))).toBe(200);
    expect(await status(get('/api/wallet', b))).toBe(200);
    await sessionsOf(t.app).logoutEverywhere(m.memberId);
    expect(await status(get('/api/wallet', a))).toBe('401 invalid-token');
    expect(await status(get('/api/wallet', b))).toBe('401 invalid-token');
  });

  test('a member switched off is refused (INACTIVE_USER) on the next request, and back when switched on', async () => {
    const m = await member();
    const token = await m.login();
    const other = await member();
    const otherToken = await other.login();
    expect(await status(get('/api/wallet', token))).toBe(200);
    expect(await status(get('/api/wallet', otherToken))).toBe(200);
    await sessionsOf(t.app).setMemberStatus(m.memberId, 'inactive');
    expect(await status(get('/api/wallet', token))).toBe('403 INACTIVE_USER');
    expect(await status(get('/api/account/profile', token))).toBe('403 INACTIVE_USER');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: m.reg.username, password: m.reg.password },
    });
    expect([login.statusCode, body(login).code]).toEqual([403, 'INACTIVE_USER']);
    // Another member is untouched.
    expect(await status(get('/api/wallet', otherToken))).toBe(200);
    await sessionsOf(t.app).setMemberStatus(m.memberId, 'active');
    expect(await status(get('/api/wallet', token))).toBe(200);
    await expect(sessionsOf(t.app).setMemberStatus('0'.repeat(24), 'inactive')).rejects.toThrow('NO_USER');
  });

  test('session expiry needs no invalidation: the cached expiry is compared with the clock', async () => {
    const m = await member();
    const token = await m.login();
    const counter = countQueries(t.app);
    try {
      expect(await status(get('/api/wallet', token))).toBe(200);
      expect(sessionQueries(counter.sql)).toHaveLength(1);
      counter.sql.length = 0;
      clock.advance(DEFAULT_LIMITS.sessionTtlMs - 60_000);
      expect(await status(get('/api/wallet', token))).toBe(200);
      clock.advance(60_000);
      expect(await status(get('/api/wallet', token))).toBe('401 invalid-token');
      expect(sessionQueries(counter.sql)).toEqual([]);
    } finally {
      counter.stop();
    }
  });

  test('a token with a bad signature or no session is refused as before', async () => {
    const m = await member();
    const token = await m.login();
    const [h, p] = token.split('.');
    expect(await status(get('/api/wallet', `${h}.${p}.AAAA`))).toBe('401 invalid-token');
    const forged = t.app.jwt.sign({ sub: m.memberId, sid: '00000000-0000-4000-8000-000000000000' });
    expect(await status(get('/api/wallet', forged))).toBe('401 invalid-token');
    // Twice: the unknown session is remembered as ended, still refused.
    expect(await status(get('/api/wallet', forged))).toBe('401 invalid-token');
    // A valid session presented under another member's id.
    const other = await member();
    const sid = (t.app.jwt.decode<{ sid: string }>(token) ?? { sid: '' }).sid;
    expect(await status(get('/api/wallet', t.app.jwt.sign({ sub: other.memberId, sid })))).toBe(
      '401 invalid-token',
    );
    expect(await status(get('/api/wallet', token))).toBe(200);
    const missing = await t.app.inject({ url: '/api/wallet' });
    expect([missing.statusCode, body(missing).code]).toEqual([401, 'UNAUTHORIZED']);
  });

  test('concurrent first requests of one session share one query', async () => {
    const m = await member();
    const token = await m.login();
    const counter = countQueries(t.app);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => status(get('/api/wallet', token))));
      expect(answers).toEqual(Array(8).fill(200));
      expect(sessionQueries(counter.sql)).toHaveLength(1);
    } finally {
      counter.stop();
    }
  });
});

/** A Redis that answers, or the reason there is none. */
async function redisOrReason(): Promise<{ url: string } | { reason: string }> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return { url };
  } catch (e) {
    return { reason: `no Redis answers at ${url} (${e instanceof Error ? e.message : String(e)})` };
  } finally {
    probe.disconnect();
  }
}

const until = async (check: () => Promise<boolean>, ms = 3000): Promise<number> => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - started;
};

describe(`two servers sharing Redis (${dbLabel})`, () => {
  test('logout, password change and a member switched off on server A are refused on server B', async () => {
    const redis = await redisOrReason();
    if ('reason' in redis) {
      console.info(`skipped: ${redis.reason}`);
      return;
    }
    if (!testDatabaseUrl) {
      console.info(
        'skipped: two servers need one database (PostgreSQL: TEST_DATABASE_URL); PGlite is one process',
      );
      return;
    }
    const prefix = `test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}:`;
    const a = await createTestApp({ REDIS_URL: redis.url, REDIS_PREFIX: prefix, JOB_INTERVAL_MS: '0' });
    let b: TestApp | undefined;
    // The caches' clock held still: no entry expires during the test, so every refusal on B below is the
    // invalidation message at work, never the time to live running out on a slow run.
    const release = holdCacheTime();
    try {
      // B on A's schema (the config names it), with A's secrets: one deployment, two servers.
      b = await createTestApp({
        REDIS_URL: redis.url,
        REDIS_PREFIX: prefix,
        JOB_INTERVAL_MS: '0',
        DATABASE_SCHEMA: a.config.databaseSchema ?? '',
        JWT_SECRET: a.app.ctx.secrets.jwtSecret,
      });
      const B = b.app;
      await setSetting(a.app, 'registerOTP', false);
      const m = await member(a.app);
      const [token, other, third, fourth] = [
        await m.login(),
        await m.login(),
        await m.login(),
        await m.login(),
      ];
      for (const tk of [token, other, third, fourth])
        expect(await status(get('/api/wallet', tk, B))).toBe(200);

      // Control: a session ended in the database behind the servers' back stays accepted by B's copy (its time to
      // live is not running), so what follows is the invalidation message at work, not a database read.
      const sid = (tk: string) => (B.jwt.decode<{ sid: string }>(tk) ?? { sid: '' }).sid;
      await B.ctx.db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', sid(fourth))
        .execute();
      expect(await status(get('/api/wallet', fourth, B))).toBe(200);

      // Logout on A: refused on B as soon as the message has arrived (B's copy said "live").
      await a.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token), payload: {} });
      const ms = await until(async () => (await status(get('/api/wallet', token, B))) !== 200);
      expect(await status(get('/api/wallet', token, B))).toBe('401 invalid-token');
      console.info(`logout on A refused on B after ${ms} ms`);
      expect(await status(get('/api/wallet', other, B))).toBe(200);

      // Password change on A through `other`: `third` is refused on B.
      const changed = await a.app.inject({
        method: 'PUT',
        url: '/api/account/changepwd',
        headers: auth(other),
        payload: { oldPassword: m.reg.password, newPassword: 'another-pass-9' },
      });
      expect(changed.statusCode).toBe(200);
      await until(async () => (await status(get('/api/wallet', third, B))) !== 200);
      expect(await status(get('/api/wallet', third, B))).toBe('401 invalid-token');
      expect(await status(get('/api/wallet', other, B))).toBe(200);

      // The member switched off on A: INACTIVE_USER on B.
      await sessionsOf(a.app).setMemberStatus(m.memberId, 'inactive');
      await until(async () => (await status(get('/api/wallet', other, B))) !== 200);
      expect(await status(get('/api/wallet', other, B))).toBe('403 INACTIVE_USER');

      // A setting changed on A is what B answers next.
      const otp = async () => body(await B.inject({ url: '/api/lookup/registerOTP' })).data;
      expect(await otp()).toEqual({ registerOTP: false });
      await setSetting(a.app, 'registerOTP', true);
      await until(async () => JSON.stringify(await otp()) === JSON.stringify({ registerOTP: true }));

      // So is content an operator edited on A.
      const info = async () => body(await B.inject({ url: '/api/lookup/info' })).data;
      const before = await info();
      const edited = { name: 'Edited on A', website: 'https://a.example' };
      const put = await a.app.inject({
        method: 'PUT',
        url: '/api/ops/content/info/th',
        headers: { 'x-ops-secret': a.app.ctx.secrets.opsSecret },
        payload: edited,
      });
      expect(put.statusCode).toBe(200);
      expect(before).not.toEqual(edited);
      await until(async () => JSON.stringify(await info()) === JSON.stringify(edited));
    } finally {
      release();
      await b?.close();
      await a.close();
    }
  });
});

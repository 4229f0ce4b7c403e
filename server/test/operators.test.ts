import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { runOps } from '../src/cli/ops-client';
import { ManualClock } from '../src/platform/clock';
import { body, createTestApp, dbLabel, fund, registration, type TestApp, asCli as cliCall } from './helpers';

let t: TestApp;
const clock = new ManualClock(Date.UTC(2026, 10, 24, 8, 0, 0));
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
const CONSOLE = { 'x-requested-with': 'ops-console' };

const code = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: clock.now().getTime() + offsetSteps * 30_000,
  });

const asCli = (method: 'GET' | 'POST', url: string, payload?: object) => cliCall(t.app, method, url, payload);

/** A console request with the session cookie (and the console's header unless `csrf` is false). */
const asOperator = (
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  csrf = true,
) =>
  t.app.inject({
    method,
    url,
    cookies: { wl_ops: cookie },
    headers: csrf ? CONSOLE : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** The password step of a sign-in, as the console sends it. */
const passwordStep = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ops/auth/login',
    headers: CONSOLE,
    payload: { username, password },
  });

const cookieOf = (res: { cookies: { name: string; value: string }[] }): string => {
  const c = res.cookies.find((x) => x.name === 'wl_ops');
  if (!c) throw new Error('no session cookie');
  return c.value;
};

async function createOperator(username: string, role: 'admin' | 'finance' | 'support') {
  const res = await asCli('POST', '/api/ops/operators', { username, role, password: PASSWORD });
  expect(res.statusCode).toBe(200);
}

/** Signs in for the first time: password, enrolment, first code. Returns the cookie, the secret, recovery codes. */
async function enrol(username: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/ops/auth/login',
    headers: CONSOLE,
    payload: { username, password: PASSWORD },
  });
  expect([login.statusCode, body<{ stage: string }>(login).data.stage]).toEqual([200, 'enrol']);
  const cookie = cookieOf(login);
  const start = await asOperator(cookie, 'POST', '/api/ops/auth/enrol', {});
  const { secret, uri, qrSvg } = body<{ secret: string; uri: string; qrSvg: string }>(start).data;
  expect(uri).toMatch(new RegExp(`^otpauth://totp/.*${username}.*secret=${secret}`));
  expect(qrSvg).toMatch(/^<svg/);
  const confirm = await asOperator(cookie, 'POST', '/api/ops/auth/enrol/confirm', { code: code(secret) });
  expect(confirm.statusCode).toBe(200);
  const { recoveryCodes } = body<{ recoveryCodes: string[] }>(confirm).data;
  return { cookie, secret, recoveryCodes };
}

async function signIn(username: string, secret: string): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/ops/auth/login',
    headers: CONSOLE,
    payload: { username, password: PASSWORD },
  });
  expect(body<{ stage: string }>(login).data.stage).toBe('password');
  const cookie = cookieOf(login);
  clock.advance(30_000); // a fresh time step: the last code accepted is never accepted again
  const res = await asOperator(cookie, 'POST', '/api/ops/auth/code', { code: code(secret) });
  expect(res.statusCode).toBe(200);
  return cookie;
}

describe(`operator sign-in (${dbLabel})`, () => {
  test('first sign-in enrols TOTP; the next needs the password and a code; logout ends the session', async () => {
    await createOperator('alice', 'admin');
    const { cookie, secret, recoveryCodes } = await enrol('alice');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The secret is kept encrypted: the database alone cannot make codes.
    const stored = await sql<{
      totp_secret: string;
    }>`select totp_secret from operators where username = 'alice'`.execute(t.app.ctx.db);
    expect(stored.rows[0]?.totp_secret).toMatch(/^v1\./);
    expect(stored.rows[0]?.totp_secret).not.toContain(secret);
    const me = await asOperator(cookie, 'GET', '/api/ops/auth/me');
    expect(body(me).data).toEqual({ username: 'alice', role: 'admin', stage: 'full' });
    expect((await asOperator(cookie, 'GET', '/api/ops/settings')).statusCode).toBe(200);

    // A second sign-in: the password alone opens nothing.
    const login = await passwordStep('Alice', PASSWORD);
    const half = cookieOf(login);
    expect(body(login).data).toEqual({ username: 'alice', role: 'admin', stage: 'password' });
    const before = await asOperator(half, 'GET', '/api/ops/settings');
    expect([before.statusCode, body(before).code]).toEqual([401, 'UNAUTHORIZED']);
    // The code of the step already used at enrolment is refused (replay); the next step's is accepted.
    const replay = await asOperator(half, 'POST', '/api/ops/auth/code', { code: code(secret) });
    expect([replay.statusCode, body(replay).code]).toEqual([400, 'OTP_CODE_INVALID']);
    clock.advance(30_000);
    const ok = await asOperator(half, 'POST', '/api/ops/auth/code', { code: code(secret) });
    expect(ok.statusCode).toBe(200);
    expect((await asOperator(half, 'GET', '/api/ops/settings')).statusCode).toBe(200);

    const out = await asOperator(half, 'POST', '/api/ops/auth/logout', {});
    expect(out.statusCode).toBe(200);
    const after = await asOperator(half, 'GET', '/api/ops/settings');
    expect([after.statusCode, body(after).code]).toEqual([401, 'UNAUTHORIZED']);
    // The other session lives on.
    expect((await asOperator(cookie, 'GET', '/api/ops/settings')).statusCode).toBe(200);
  });

  test('the operators list says when each last finished a sign-in; a password alone does not count', async () => {
    await createOperator('list-a', 'support');
    await createOperator('list-b', 'finance');
    type Listed = { username: string; lastSignInAt: string | null };
    const listed = async (name: string) =>
      body<Listed[]>(await asCli('GET', '/api/ops/operators')).data.find((o) => o.username === name);

    expect((await listed('list-a'))?.lastSignInAt).toBeNull();
    const { secret } = await enrol('list-a');
    const enrolledAt = (await listed('list-a'))?.lastSignInAt;
    expect(enrolledAt).toBe(clock.now().toISOString());

    clock.advance(3_600_000);
    await signIn('list-a', secret);
    expect((await listed('list-a'))?.lastSignInAt).toBe(clock.now().toISOString());
    // Only the password step: no finished sign-in.
    expect((await passwordStep('list-b', PASSWORD)).statusCode).toBe(200);
    expect((await listed('list-b'))?.lastSignInAt).toBeNull();
  });

  test('wrong password and unknown name answer alike; a recovery code works once; five wrong codes end the try', async () => {
    await createOperator('bob', 'finance');
    const { secret, recoveryCodes } = await enrol('bob');
    const wrong = await passwordStep('bob', 'not the password');
    const unknown = await passwordStep('nobody', PASSWORD);
    expect([wrong.statusCode, body(wrong).code]).toEqual([401, 'WRONG_CREDENTIAL']);
    expect([unknown.statusCode, body(unknown).code]).toEqual([401, 'WRONG_CREDENTIAL']);

    const login = () => passwordStep('bob', PASSWORD);
    const first = cookieOf(await login());
    const recovery = recoveryCodes[0] ?? '';
    expect(
      (await asOperator(first, 'POST', '/api/ops/auth/code', { recoveryCode: recovery })).statusCode,
    ).toBe(200);
    const second = cookieOf(await login());
    const again = await asOperator(second, 'POST', '/api/ops/auth/code', { recoveryCode: recovery });
    expect([again.statusCode, body(again).code]).toEqual([400, 'OTP_CODE_INVALID']);
    for (let i = 0; i < 3; i += 1)
      await asOperator(second, 'POST', '/api/ops/auth/code', { code: i === 0 ? '000000' : '111111' });
    // The fifth wrong code ends the session: even the right code cannot finish it now.
    await asOperator(second, 'POST', '/api/ops/auth/code', { code: '222222' });
    clock.advance(30_000);
    const late = await asOperator(second, 'POST', '/api/ops/auth/code', { code: code(secret) });
    expect([late.statusCode, body(late).code]).toEqual([401, 'UNAUTHORIZED']);
  });

  test('a session ends after 30 minutes idle and after 12 hours in all; a disabled operator is signed out at once', async () => {
    await createOperator('carol', 'support');
    const { secret } = await enrol('carol');
    const cookie = await signIn('carol', secret);
    const me = () => asOperator(cookie, 'GET', '/api/ops/auth/me');
    clock.advance(29 * 60_000);
    expect((await me()).statusCode).toBe(200);
    clock.advance(29 * 60_000); // used 29 minutes ago: still on
    expect((await me()).statusCode).toBe(200);
    clock.advance(31 * 60_000);
    const idle = await me();
    expect([idle.statusCode, body(idle).code]).toEqual([401, 'EXPIRED_AUTH_TOKEN']);

    const busy = await signIn('carol', secret);
    // Used every 29 minutes: it ends once 12 hours have passed since the sign-in, not before.
    let elapsed = 0;
    for (;;) {
      clock.advance(29 * 60_000);
      elapsed += 29;
      const res = await asOperator(busy, 'GET', '/api/ops/auth/me');
      if (res.statusCode !== 200) {
        expect(body(res).code).toBe('EXPIRED_AUTH_TOKEN');
        break;
      }
      if (elapsed > 13 * 60) throw new Error('a session outlived 12 hours');
    }
    expect(elapsed).toBeGreaterThan(12 * 60);
    expect(elapsed).toBeLessThan(12 * 60 + 29);

    const fresh = await signIn('carol', secret);
    expect((await asCli('POST', '/api/ops/operators/carol/status', { status: 'disabled' })).statusCode).toBe(
      200,
    );
    const gone = await asOperator(fresh, 'GET', '/api/ops/auth/me');
    expect([gone.statusCode, body(gone).code]).toEqual([401, 'UNAUTHORIZED']);
    const refused = await passwordStep('carol', PASSWORD);
    expect([refused.statusCode, body(refused).code]).toEqual([403, 'INACTIVE_USER']);
  });

  test('an operator changes its password: the old one is checked, other sessions end, the new one signs in', async () => {
    await createOperator('gina', 'support');
    const { cookie, secret } = await enrol('gina');
    const other = await signIn('gina', secret);
    const wrong = await asOperator(cookie, 'POST', '/api/ops/auth/password', {
      oldPassword: 'not the password',
      newPassword: 'a brand new passphrase',
    });
    expect([wrong.statusCode, body(wrong).code]).toEqual([400, 'WRONG_PASSWORD']);
    const short = await asOperator(cookie, 'POST', '/api/ops/auth/password', {
      oldPassword: PASSWORD,
      newPassword: 'short',
    });
    expect([short.statusCode, body(short).code]).toEqual([400, 'INVALID_USER_INFO']);
    const ok = await asOperator(cookie, 'POST', '/api/ops/auth/password', {
      oldPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(ok.statusCode).toBe(200);
    expect((await asOperator(cookie, 'GET', '/api/ops/auth/me')).statusCode).toBe(200);
    expect((await asOperator(other, 'GET', '/api/ops/auth/me')).statusCode).toBe(401);
    expect((await passwordStep('gina', PASSWORD)).statusCode).toBe(401);
    expect(body<{ stage: string }>(await passwordStep('gina', 'a brand new passphrase')).data.stage).toBe(
      'password',
    );
  });

  test('a state change without the console header is refused (CSRF), and the cookie is HttpOnly and SameSite=Strict', async () => {
    await createOperator('dave', 'admin');
    const login = await passwordStep('dave', PASSWORD);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const { cookie, secret } = await enrol('dave');
    void secret;
    const res = await asOperator(cookie, 'POST', '/api/ops/settings/registerOTP', { value: false }, false);
    expect([res.statusCode, body(res).code]).toEqual([403, 'KEY_INVALID']);
    expect(await t.app.ctx.settings.get('registerOTP')).toBe(true);
    const noHeaderLogin = await t.app.inject({
      method: 'POST',
      url: '/api/ops/auth/login',
      payload: { username: 'dave', password: PASSWORD },
    });
    expect(noHeaderLogin.statusCode).toBe(403);
  });
});

describe(`operator roles and the audit log (${dbLabel})`, () => {
  /** Every operator endpoint and the roles it admits; the test fails when a route is missing here. */
  const ACCESS: Record<string, { roles: string[]; payload?: unknown }> = {
    'GET /api/ops/settings': { roles: ['admin'] },
    'GET /api/ops/settings/registerOTP': { roles: ['admin'] },
    'POST /api/ops/settings/registerOTP': { roles: ['admin'], payload: { value: true } },
    'GET /api/ops/content': { roles: ['admin'] },
    'GET /api/ops/content/notice/th': { roles: ['admin'] },
    'PUT /api/ops/content/notice/th': { roles: ['admin'], payload: { text: '{percentFail}%' } },
    'POST /api/ops/reconcile': { roles: ['admin', 'finance'], payload: {} },
    'GET /api/ops/ledger/check': { roles: ['admin', 'finance'] },
    'GET /api/ops/bonuses': { roles: ['admin', 'finance'] },
    'GET /api/ops/bonuses/NOPE': { roles: ['admin'] },
    'PUT /api/ops/bonuses/NOPE': { roles: ['admin'], payload: {} },
    'GET /api/ops/promotions': { roles: ['admin', 'finance'] },
    'GET /api/ops/promotions/NOPE': { roles: ['admin'] },
    'PUT /api/ops/promotions/NOPE': { roles: ['admin'], payload: {} },
    'GET /api/ops/wheels': { roles: ['admin'] },
    'GET /api/ops/wheels/nope': { roles: ['admin'] },
    'PUT /api/ops/wheels/nope': { roles: ['admin'], payload: {} },
    'POST /api/ops/coins/nobody': { roles: ['admin', 'finance'], payload: { coins: 1 } },
    'GET /api/ops/operators': { roles: ['admin'] },
    'POST /api/ops/operators': { roles: ['admin'], payload: {} },
    'POST /api/ops/operators/nobody/status': { roles: ['admin'], payload: { status: 'active' } },
    'POST /api/ops/operators/nobody/reset-totp': { roles: ['admin'], payload: {} },
    'GET /api/ops/audit': { roles: ['admin'] },
    'GET /api/ops/releases': { roles: ['admin'] },
    'POST /api/ops/releases/{folder}': { roles: ['admin'], payload: { version: 'none' } },
    'POST /api/ops/releases/{folder}/rollback': { roles: ['admin'], payload: {} },
    'GET /api/ops/members?q=0812': { roles: ['admin', 'finance', 'support'] },
    'GET /api/ops/members/nobody': { roles: ['admin', 'finance', 'support'] },
    'GET /api/ops/incoming': { roles: ['admin', 'finance', 'support'] },
    'POST /api/ops/incoming/1/assign': { roles: ['admin', 'finance'], payload: { memberId: 'nobody' } },
    'GET /api/ops/slips': { roles: ['admin', 'finance', 'support'] },
    'POST /api/ops/slips/nothing/approve': {
      roles: ['admin', 'finance'],
      payload: { amount: 100, slipRef: 'REF123456' },
    },
    'POST /api/ops/slips/nothing/reject': {
      roles: ['admin', 'finance'],
      payload: { reason: 'INVALID_SLIP' },
    },
    'GET /api/ops/withdrawals?status=FAILED': { roles: ['admin', 'finance'] },
    'POST /api/ops/withdrawals/nothing/retry': { roles: ['admin', 'finance'], payload: {} },
    'POST /api/ops/members/nobody/adjust': {
      roles: ['admin', 'finance'],
      payload: { amount: 100, reason: 'test' },
    },
    'GET /api/ops/chat/conversations': { roles: ['admin', 'support'] },
    'GET /api/ops/chat/conversations/nothing/messages': { roles: ['admin', 'support'] },
    'POST /api/ops/chat/conversations/nothing/messages': {
      roles: ['admin', 'support'],
      payload: { clientId: 'access-1', message: { message_type: 'text', payload: { text: 'hi' } } },
    },
    'POST /api/ops/chat/conversations/nothing/read': { roles: ['admin', 'support'], payload: {} },
    'POST /api/ops/chat/conversations/nothing/upload-image': { roles: ['admin', 'support'], payload: {} },
    'POST /api/ops/chat/conversations/nothing/upload-video': { roles: ['admin', 'support'], payload: {} },
  };

  test('the table above lists every /api/ops route but the sign-in steps', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([p]) => p.startsWith('/api/ops/') && !p.startsWith('/api/ops/auth/'))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    const listed = Object.keys(ACCESS).map((k) => {
      const [m, p] = k.split(' ');
      return `${m} ${(p ?? '')
        .replace(/\?.*$/, '')
        .replace(/^\/api\/ops\/members\/nobody/, '/api/ops/members/{memberId}')
        .replace(/^\/api\/ops\/withdrawals\/nothing/, '/api/ops/withdrawals/{id}')
        .replace(/^\/api\/ops\/slips\/nothing/, '/api/ops/slips/{id}')
        .replace(/^\/api\/ops\/incoming\/1\//, '/api/ops/incoming/{id}/')
        .replace(/^\/api\/ops\/settings\/registerOTP$/, '/api/ops/settings/{key}')
        .replace(/^\/api\/ops\/content\/notice\/th$/, '/api/ops/content/{key}/{locale}')
        .replace(/^\/api\/ops\/(bonuses|promotions)\/NOPE$/, '/api/ops/$1/{code}')
        .replace(/^\/api\/ops\/wheels\/nope$/, '/api/ops/wheels/{id}')
        .replace(/^\/api\/ops\/coins\/nobody$/, '/api/ops/coins/{memberId}')
        .replace(/^\/api\/ops\/chat\/conversations\/nothing\//, '/api/ops/chat/conversations/{id}/')
        .replace(/^\/api\/ops\/operators\/nobody\//, '/api/ops/operators/{username}/')}`;
    });
    expect([...new Set(listed)].sort()).toEqual([...new Set(routes)].sort());
  });

  test('each role is refused (403) where it is not admitted, and admitted where it is', async () => {
    const cookies: Record<string, string> = {};
    for (const role of ['admin', 'finance', 'support'] as const) {
      await createOperator(`role-${role}`, role);
      cookies[role] = (await enrol(`role-${role}`)).cookie;
    }
    const wrongAnswers: string[] = [];
    for (const [route, { roles, payload }] of Object.entries(ACCESS)) {
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
      for (const role of ['admin', 'finance', 'support']) {
        const res = await asOperator(
          cookies[role] ?? '',
          method,
          url,
          method === 'GET' ? undefined : payload,
        );
        const refused = res.statusCode === 403 && body(res).code === 'KEY_INVALID';
        if (refused === roles.includes(role))
          wrongAnswers.push(`${role} ${route} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrongAnswers).toEqual([]);
    // Without any credentials: 401.
    const none = await t.app.inject({ url: '/api/ops/settings' });
    expect(none.statusCode).toBe(401);
  });

  test('operator actions are in the audit log with who, what, before and after; the log is append-only', async () => {
    await createOperator('erin', 'admin');
    const { cookie } = await enrol('erin');
    const set = await asOperator(cookie, 'POST', '/api/ops/settings/enableChatWidget', { value: true });
    expect(set.statusCode).toBe(200);
    const res = await asOperator(cookie, 'GET', '/api/ops/audit?actor=erin');
    const entries =
      body<{ action: string; target: string | null; before: unknown; after: unknown; role: string }[]>(
        res,
      ).data;
    expect(entries[0]).toMatchObject({
      action: 'setting.set',
      target: 'enableChatWidget',
      before: false,
      after: true,
      role: 'admin',
    });
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['login.password', 'totp.enrolled', 'setting.set']),
    );
    const cli = await asCli('GET', '/api/ops/audit?action=operator.create');
    expect(body<{ actor: string; target: string }[]>(cli).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ actor: 'cli', target: 'erin' })]),
    );
    await expect(sql`update audit_log set action = 'x'`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
  });

  test('npm run ops -- create-operator prints a password once; audit prints the log', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const env = { PORT: String(port), DATA_DIR: t.config.dataDir };
    const out: string[] = [];
    const err: string[] = [];
    const run = (argv: string[]) =>
      runOps(
        argv,
        env,
        (l) => out.push(l),
        (l) => err.push(l),
      );
    expect(await run(['create-operator', 'frank', '--role', 'finance'])).toBe(0);
    const password = out.find((l) => l.startsWith('password (shown once): '))?.split(': ')[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ops/auth/login',
      headers: CONSOLE,
      payload: { username: 'frank', password },
    });
    expect(body(login).data).toEqual({ username: 'frank', role: 'finance', stage: 'enrol' });
    expect(await run(['create-operator', 'frank', '--role', 'finance'])).toBe(1);
    expect(err.pop()).toMatch(/EXISTING_USER/);
    out.length = 0;
    expect(await run(['audit', '--action', 'operator.create', '--limit', '5'])).toBe(0);
    expect(out.some((l) => / cli \(admin\) {2}operator\.create frank /.test(l))).toBe(true);
    out.length = 0;
    expect(await run(['operators'])).toBe(0);
    expect(out.some((l) => /^frank\s+finance\s+active\s+no totp yet$/.test(l))).toBe(true);
  });

  test('finance adjusts a wallet through the ledger once per key, never below zero; support finds the member', async () => {
    await createOperator('fiona', 'finance');
    const finance = (await enrol('fiona')).cookie;
    await createOperator('sam', 'support');
    const support = (await enrol('sam')).cookie;
    const reg = registration({ name: 'Malee Adjust' });
    const memberId = await t.app.accounts.register(reg, {
      requireOtp: false,
      sources: () => t.app.content.get('sources', 'th'),
    });
    await fund(t.app, memberId, 1_000);

    const found = await asOperator(support, 'GET', `/api/ops/members?q=${reg.username.slice(0, 6)}`);
    expect(body<{ id: string }[]>(found).data.map((m) => m.id)).toContain(memberId);
    const byName = await asOperator(support, 'GET', '/api/ops/members?q=malee');
    expect(body<{ id: string }[]>(byName).data.map((m) => m.id)).toContain(memberId);

    const adjust = (amount: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ops/members/${memberId}/adjust`,
        cookies: { wl_ops: finance },
        headers: { ...CONSOLE, 'idempotency-key': key },
        payload: { amount, reason: 'deposit credited by hand after a bank outage' },
      });
    const first = await adjust(500, 'adjust-key-0001');
    expect(body(first).data).toMatchObject({ duplicate: false, balance: 1_500 });
    const retry = await adjust(500, 'adjust-key-0001');
    expect(body(retry).data).toMatchObject({ duplicate: true, balance: 1_500 });
    const tooMuch = await adjust(-2_000, 'adjust-key-0002');
    expect([tooMuch.statusCode, body(tooMuch).code]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    const zero = await adjust(0, 'adjust-key-0004');
    expect([zero.statusCode, body(zero).code]).toEqual([400, 'KEY_INVALID']);
    const down = await adjust(-1_500, 'adjust-key-0003');
    expect(body(down).data).toMatchObject({ duplicate: false, balance: 0 });
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/ops/members/${memberId}/adjust`,
      cookies: { wl_ops: finance },
      headers: CONSOLE,
      payload: { amount: 1, reason: 'no key' },
    });
    expect([noKey.statusCode, body(noKey).code]).toEqual([400, 'KEY_MISSING']);

    const detail = await asOperator(support, 'GET', `/api/ops/members/${memberId}`);
    const d = body<{ balances: Record<string, number>; recent: { kind: string; amount: number }[] }>(
      detail,
    ).data;
    expect(d.balances.main).toBe(0);
    expect(d.recent.map((r) => [r.kind, r.amount])).toEqual([
      ['adjustment', -1_500],
      ['adjustment', 500],
      ['deposit', 1_000],
    ]);
    const audit = await asCli('GET', '/api/ops/audit?action=wallet.adjust');
    const entries = body<{ actor: string; target: string; after: { amount: number } }[]>(audit).data;
    expect(entries.filter((e) => e.target === memberId).map((e) => [e.actor, e.after.amount])).toEqual([
      ['fiona', -1_500],
      ['fiona', 500],
    ]);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  });
});

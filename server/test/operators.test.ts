import { sql } from 'kysely';
import { ManualClock } from '../src/platform/clock';
import { body, createTestApp, dbLabel, type TestApp } from './helpers';
import { operatorCalls, PASSWORD } from './operators-support';

/**
 * The operators' sign-in (docs/operators.md): TOTP enrolment, codes and recovery codes, session lifetimes,
 * password changes, the console's CSRF header and cookie. Roles and the audit log: operator-roles.test.ts.
 */
let t: TestApp;
const clock = new ManualClock(Date.UTC(2026, 10, 24, 8, 0, 0));
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const { code, asCli, asOperator, passwordStep, cookieOf, createOperator, enrol, signIn } = operatorCalls(
  () => t,
  clock,
);

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

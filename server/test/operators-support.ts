import { Secret, TOTP } from 'otpauth';
import type { ManualClock } from '../src/platform/clock';
import { asCli as cliCall, body, type TestApp } from './helpers';

/** What the operator suites (operators.test.ts, operator-roles.test.ts) do: operators made, enrolled, signed in. */
export const PASSWORD = 'correct horse battery';
export const CONSOLE = { 'x-requested-with': 'ops-console' };

/** The calls of a suite's app (`get()` answers it once its beforeAll has built it); codes at `clock`'s time. */
export function operatorCalls(get: () => TestApp, clock: ManualClock) {
  const code = (secret: string, offsetSteps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: clock.now().getTime() + offsetSteps * 30_000,
    });

  const asCli = (method: 'GET' | 'POST', url: string, payload?: object) =>
    cliCall(get().app, method, url, payload);

  /** A console request with the session cookie (and the console's header unless `csrf` is false). */
  const asOperator = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    csrf = true,
  ) =>
    get().app.inject({
      method,
      url,
      cookies: { wl_ops: cookie },
      headers: csrf ? CONSOLE : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /** The password step of a sign-in, as the console sends it. */
  const passwordStep = (username: string, password: string) =>
    get().app.inject({
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
    const login = await get().app.inject({
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
    const login = await get().app.inject({
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

  return { code, asCli, asOperator, passwordStep, cookieOf, createOperator, enrol, signIn };
}

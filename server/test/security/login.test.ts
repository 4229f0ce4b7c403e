import { body, createTestApp, dbLabel, newPhone, registration, setSetting, type TestApp } from '../helpers';
import { DEFAULT_LIMITS } from '../../src/platform/limits';
import { codeOf, countArgon2, expectError, login, loopbackIp, member, tally, tokenOf } from './support';

/**
 * Issue 7 findings on sign-in, reproduced: parallel bursts of passwords, the right password after (and inside) a
 * blocked burst, change-password, logout, common passwords. The limits are the defaults (10 per account, 50 per
 * IP, 5 change-password failures per member); with TEST_REDIS_URL the counters live in Redis.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const { loginFailuresPerAccount, loginFailuresPerIp, passwordChangeFailuresPerMember } = DEFAULT_LIMITS;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe(`login limits under concurrency (${dbLabel})`, () => {
  test(`40 parallel wrong passwords on one account → at most ${loginFailuresPerAccount} checked; the right one after → REQUEST_LIMIT`, async () => {
    const m = await member(t.app);
    const { result, verify } = await countArgon2(() =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) => login(t.app, m.username, `wrong-guess-${i}`, loopbackIp())),
      ),
    );
    const answers = tally(result);
    console.info(
      `40 parallel wrong passwords, one account: ${verify} checked, answers ${JSON.stringify(answers)}`,
    );
    expect(verify).toBe(loginFailuresPerAccount);
    expect(answers).toEqual({
      '401 WRONG_CREDENTIAL': loginFailuresPerAccount,
      '429 REQUEST_LIMIT': 40 - loginFailuresPerAccount,
    });

    const right = await countArgon2(() => login(t.app, m.username, m.password, loopbackIp()));
    expectError(right.result, 429, 'REQUEST_LIMIT');
    expect(right.verify).toBe(0);
  });

  test('30 wrong guesses and the right one in one burst → the right one is refused, never signed in', async () => {
    const m = await member(t.app);
    const burst = [
      ...Array.from({ length: 30 }, (_, i) => ({ password: `wrong-guess-${i}` })),
      { password: m.password },
    ];
    const { result, verify } = await countArgon2(() =>
      Promise.all(burst.map((b) => login(t.app, m.username, b.password, loopbackIp()))),
    );
    console.info(
      `30 wrong + the right password in one burst: ${verify} checked, ${JSON.stringify(tally(result))}`,
    );
    expect(verify).toBeLessThanOrEqual(loginFailuresPerAccount);
    expect(result.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expectError(result[30] as (typeof result)[number], 429, 'REQUEST_LIMIT');
  });

  test(`150 parallel attempts from one IP → at most ${loginFailuresPerIp} checked; other IPs unaffected`, async () => {
    const ip = loopbackIp();
    const m = await member(t.app);
    const { result, verify } = await countArgon2(() =>
      Promise.all(Array.from({ length: 150 }, () => login(t.app, newPhone(), 'wrong-guess-x', ip))),
    );
    const answers = tally(result);
    console.info(`150 parallel attempts from one IP: ${verify} checked, answers ${JSON.stringify(answers)}`);
    expect(verify).toBe(loginFailuresPerIp);
    expect(answers).toEqual({
      '401 WRONG_CREDENTIAL': loginFailuresPerIp,
      '429 REQUEST_LIMIT': 150 - loginFailuresPerIp,
    });
    expectError(await login(t.app, m.username, m.password, ip), 429, 'REQUEST_LIMIT');
    expect((await login(t.app, m.username, m.password, loopbackIp())).statusCode).toBe(200);
  });

  test('unknown user and wrong password: the same answers, also once limited', async () => {
    const m = await member(t.app);
    const unknown = newPhone();
    for (let i = 0; i < loginFailuresPerAccount; i += 1) {
      expectError(await login(t.app, m.username, 'wrong-guess', loopbackIp()), 401, 'WRONG_CREDENTIAL');
      expectError(await login(t.app, unknown, 'wrong-guess', loopbackIp()), 401, 'WRONG_CREDENTIAL');
    }
    expectError(await login(t.app, m.username, 'wrong-guess', loopbackIp()), 429, 'REQUEST_LIMIT');
    expectError(await login(t.app, unknown, 'wrong-guess', loopbackIp()), 429, 'REQUEST_LIMIT');
  });

  test('a success clears the account counter: failures before it do not add up with later ones', async () => {
    const m = await member(t.app);
    for (let i = 0; i < loginFailuresPerAccount - 1; i += 1) await login(t.app, m.username, 'wrong-guess');
    expect((await login(t.app, m.username, m.password, loopbackIp())).statusCode).toBe(200);
    for (let i = 0; i < loginFailuresPerAccount - 1; i += 1) {
      expectError(await login(t.app, m.username, 'wrong-guess', loopbackIp()), 401, 'WRONG_CREDENTIAL');
    }
    expect((await login(t.app, m.username, m.password, loopbackIp())).statusCode).toBe(200);
  });

  test(`change-password: 20 parallel wrong old passwords → at most ${passwordChangeFailuresPerMember} checked; the right one after → REQUEST_LIMIT`, async () => {
    const m = await member(t.app);
    const token = await tokenOf(t.app, m.username, m.password, loopbackIp());
    const change = (oldPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/changepwd',
        headers: auth(token),
        payload: { oldPassword, newPassword: 'a-new-long-pass-9' },
      });
    const { result, verify } = await countArgon2(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => change(`wrong-old-${i}`))),
    );
    const answers = tally(result);
    console.info(`20 parallel wrong old passwords: ${verify} checked, answers ${JSON.stringify(answers)}`);
    expect(verify).toBe(passwordChangeFailuresPerMember);
    expect(answers).toEqual({
      '400 WRONG_PASSWORD': passwordChangeFailuresPerMember,
      '429 REQUEST_LIMIT': 20 - passwordChangeFailuresPerMember,
    });
    expectError(await change(m.password), 429, 'REQUEST_LIMIT');
    // The member can still sign in (the change-password counter is the member's own, not the login's).
    expect((await login(t.app, m.username, m.password, loopbackIp())).statusCode).toBe(200);
  });
});

describe('limits shared by several servers (TEST_REDIS_URL)', () => {
  (process.env.TEST_REDIS_URL ? test : test.skip)(
    'two servers on one Redis: 40 parallel wrong passwords split between them → 10 checked in all',
    async () => {
      const second = await createTestApp({ REDIS_PREFIX: t.config.redisPrefix });
      try {
        const username = newPhone();
        const { result, verify } = await countArgon2(() =>
          Promise.all(
            Array.from({ length: 40 }, (_, i) =>
              login(i % 2 ? t.app : second.app, username, `wrong-guess-${i}`, loopbackIp()),
            ),
          ),
        );
        console.info(
          `40 parallel wrong passwords over two servers: ${verify} checked, ${JSON.stringify(tally(result))}`,
        );
        expect(verify).toBe(loginFailuresPerAccount);
      } finally {
        await second.close();
      }
    },
  );
});

describe(`server-side logout (${dbLabel})`, () => {
  test('POST /api/logout revokes the session: the token then answers 401 invalid-token; other sessions live', async () => {
    const m = await member(t.app);
    const token = await tokenOf(t.app, m.username, m.password, loopbackIp());
    const other = await tokenOf(t.app, m.username, m.password, loopbackIp());
    expect((await t.app.inject({ url: '/api/account/profile', headers: auth(token) })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token), payload: {} });
    expect(out.statusCode).toBe(200);
    expect(body(out)).toEqual({ code: 'SUCCESS', data: { loggedOut: true } });

    expectError(
      await t.app.inject({ url: '/api/account/profile', headers: auth(token) }),
      401,
      'invalid-token',
    );
    expectError(await t.app.inject({ url: '/api/wallet', headers: auth(token) }), 401, 'invalid-token');
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token) }),
      401,
      'invalid-token',
    );
    expect((await t.app.inject({ url: '/api/account/profile', headers: auth(other) })).statusCode).toBe(200);
  });

  test('logout without a token → 401 UNAUTHORIZED', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/logout' }), 401, 'UNAUTHORIZED');
  });
});

describe(`common passwords (${dbLabel})`, () => {
  const register = (password: string, username = newPhone()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account',
      payload: registration({ username, password }),
      remoteAddress: loopbackIp(),
    });

  test("'12345678' and other common passwords are refused at registration and validation (INVALID_USER_INFO)", async () => {
    for (const password of ['12345678', 'password', 'PassWord1', 'qwertyuiop', 'iloveyou']) {
      expectError(await register(password), 400, 'INVALID_USER_INFO', 'password');
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/account/validate',
          payload: { password },
          remoteAddress: loopbackIp(),
        }),
        400,
        'INVALID_USER_INFO',
        'password',
      );
    }
    const phone = newPhone();
    expectError(await register(phone, phone), 400, 'INVALID_USER_INFO', 'password');
    expect((await register('correct horse battery')).statusCode).toBe(200);
  });

  test('change-password refuses a common new password before checking the old one', async () => {
    const m = await member(t.app);
    const token = await tokenOf(t.app, m.username, m.password, loopbackIp());
    const { result, verify } = await countArgon2(() =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/changepwd',
        headers: auth(token),
        payload: { oldPassword: m.password, newPassword: '12345678' },
      }),
    );
    expectError(result, 400, 'INVALID_USER_INFO', 'newPassword');
    expect(verify).toBe(0);
    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/account/changepwd',
      headers: auth(token),
      payload: { oldPassword: m.password, newPassword: m.username },
    });
    expect(codeOf(same)).toBe('INVALID_USER_INFO');
  });
});

import { createTestApp, body, dbLabel, newPhone, registration, setSetting, type TestApp } from './helpers';
import { accountCalls, type Profile } from './account-support';

/** A member's sign-in, sessions and profile (docs/wallet-api.md), and the login limits per account and per IP. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { limits: { loginFailuresPerIp: 15 } });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const { post, login, get, put, expectError } = accountCalls(() => t);

describe(`login, sessions and profile (${dbLabel})`, () => {
  const member = registration({ bankCode: 'KTB', bankAccountName: 'ANNA LEE' });
  let token: string;

  beforeAll(async () => {
    expect((await post('/api/account', member)).statusCode).toBe(200);
    token = await login(member.username, member.password);
  });

  test('unknown user and wrong password get the same answer', async () => {
    const a = await post('/api/login', { username: newPhone(), password: 'whatever-1' });
    const b = await post('/api/login', { username: member.username, password: 'wrong-password' });
    expectError(a, 401, 'WRONG_CREDENTIAL');
    expect(b.body).toBe(a.body);
  });

  test('member routes: missing token → UNAUTHORIZED, bad or unsigned token → invalid-token', async () => {
    expectError(await get('/api/account/profile'), 401, 'UNAUTHORIZED');
    expectError(await get('/api/account/profile', 'not-a-jwt'), 401, 'invalid-token');
    const [, payload] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expectError(await get('/api/account/profile', unsigned), 401, 'invalid-token');
    const tampered = `${token.slice(0, -2)}xx`;
    expectError(await get('/api/account/profile', tampered), 401, 'invalid-token');
  });

  test('profile has the spec fields plus bank and currency', async () => {
    const res = await get('/api/account/profile', token);
    expect(res.statusCode).toBe(200);
    const p = body<Profile>(res).data;
    expect(p).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      username: member.username,
      name: 'Somchai Jaidee',
      createdAt: expect.any(String),
      coin: 0,
      bankCode: 'KTB',
      bankAccountName: 'ANNA LEE',
      bankAccountNo: member.bankAccountNo,
      bank: { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', nameLA: 'ທະນາຄານກຸງໄທ' },
      currency: 'THB',
    });
    expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);
  });

  test('PUT profile changes the name only; bank fields cannot redirect payouts', async () => {
    const ok = await put('/api/account/profile', { name: 'Anna Lee', bankCode: 'KTB' }, token);
    expect(ok.statusCode).toBe(200);
    expect(body<Profile>(ok).data.name).toBe('Anna Lee');
    expectError(
      await put('/api/account/profile', { bankAccountNo: '9999999999' }, token),
      403,
      'INVALID_BANK',
      'bankAccountNo',
    );
    expectError(
      await put('/api/account/profile', { bankCode: 'SCB' }, token),
      403,
      'INVALID_BANK',
      'bankCode',
    );
    expectError(
      await put('/api/account/profile', { bankAccountName: 'SOMEONE ELSE' }, token),
      403,
      'INVALID_BANK',
      'bankAccountName',
    );
    expectError(await put('/api/account/profile', { name: ' ' }, token), 400, 'INVALID_USER_INFO', 'name');
    const after = body<Profile>(await get('/api/account/profile', token)).data;
    expect(after.bankAccountNo).toBe(member.bankAccountNo);
  });

  test('bankAccountName: English letters and spaces only, upper-cased, own bank only', async () => {
    expectError(
      await put('/api/account/bankAccountName', { bankCode: 'KTB', bankAccountName: 'แอนนา ลี' }, token),
      400,
      'BANK_ACCOUNT_NAME_ENG',
      'bankAccountName',
    );
    expectError(
      await put('/api/account/bankAccountName', { bankCode: 'KTB', bankAccountName: 'ANNA L33' }, token),
      400,
      'BANK_ACCOUNT_NAME_ENG',
      'bankAccountName',
    );
    expectError(
      await put('/api/account/bankAccountName', { bankCode: 'SCB', bankAccountName: 'ANNA LEE' }, token),
      400,
      'INVALID_BANK',
      'bankCode',
    );
    const ok = await put(
      '/api/account/bankAccountName',
      { bankCode: 'KTB', bankAccountName: ' anna  b lee ' },
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect(body<Profile>(ok).data.bankAccountName).toBe('ANNA B LEE');
  });

  test('changepwd: wrong old password → WRONG_PASSWORD; success revokes the other sessions', async () => {
    const other = await login(member.username, member.password);
    expect((await get('/api/wallet', other)).statusCode).toBe(200);

    expectError(
      await put(
        '/api/account/changepwd',
        { oldPassword: 'not-it-at-all', newPassword: 'new-pass-123' },
        token,
      ),
      400,
      'WRONG_PASSWORD',
      'oldPassword',
    );
    expectError(
      await put('/api/account/changepwd', { oldPassword: member.password, newPassword: 'short' }, token),
      400,
      'INVALID_USER_INFO',
      'newPassword',
    );
    const res = await put(
      '/api/account/changepwd',
      { oldPassword: member.password, newPassword: 'new-pass-123' },
      token,
    );
    expect(res.statusCode).toBe(200);
    const fresh = body<{ token: string }>(res).data.token;
    expect(typeof fresh).toBe('string');

    expectError(await get('/api/wallet', other), 401, 'invalid-token');
    expect((await get('/api/wallet', fresh)).statusCode).toBe(200);
    expect((await get('/api/wallet', token)).statusCode).toBe(200);
    expectError(
      await post('/api/login', { username: member.username, password: member.password }),
      401,
      'WRONG_CREDENTIAL',
    );
    await login(member.username, 'new-pass-123');
  });

  test('an inactive member cannot log in', async () => {
    const m = registration();
    expect((await post('/api/account', m)).statusCode).toBe(200);
    await t.app.ctx.db
      .updateTable('members')
      .set({ status: 'inactive' })
      .where('username', '=', m.username)
      .execute();
    expectError(
      await post('/api/login', { username: m.username, password: m.password }),
      403,
      'INACTIVE_USER',
    );
  });
});

describe(`login rate limit (${dbLabel})`, () => {
  test('10 failures on one account → REQUEST_LIMIT, even with the right password', async () => {
    const m = registration();
    expect((await post('/api/account', m)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      expectError(
        await post('/api/login', { username: m.username, password: 'bad-password' }, '10.0.0.1'),
        401,
        'WRONG_CREDENTIAL',
      );
    }
    expectError(
      await post('/api/login', { username: m.username, password: m.password }, '10.0.0.2'),
      429,
      'REQUEST_LIMIT',
    );
  });

  test('failures from one IP across accounts → REQUEST_LIMIT for that IP only', async () => {
    const m = registration();
    expect((await post('/api/account', m)).statusCode).toBe(200);
    for (let i = 0; i < 15; i += 1) {
      await post('/api/login', { username: newPhone(), password: 'bad-password' }, '10.0.0.9');
    }
    expectError(
      await post('/api/login', { username: m.username, password: m.password }, '10.0.0.9'),
      429,
      'REQUEST_LIMIT',
    );
    expect(
      (await post('/api/login', { username: m.username, password: m.password }, '10.0.0.10')).statusCode,
    ).toBe(200);
  });
});

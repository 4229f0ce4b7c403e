import {
  createTestApp,
  body,
  dbLabel,
  newAccountNo,
  newPhone,
  registration,
  setSetting,
  type TestApp,
} from './helpers';

interface Profile {
  _id: string;
  username: string;
  name: string;
  createdAt: string;
  coin: number;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  bank: { code: string; nameTH: string; nameEN: string; nameLA: string };
  currency: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { limits: { loginFailuresPerIp: 15 } });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = async (username: string, password: string): Promise<string> => {
  const res = await post('/api/login', { username, password });
  expect(res.statusCode).toBe(200);
  return body<{ token: string }>(res).data.token;
};
const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const put = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${token}` } });

/** The error body: its catalogue code and, for a refused field, which one (`field`), so the page can show it there. */
const expectError = (
  res: { statusCode: number; body: string },
  status: number,
  code: string,
  field?: string,
) => {
  expect({ status: res.statusCode, ...body(res) }).toEqual({
    status,
    code,
    message: code,
    ...(field ? { field } : {}),
  });
};

describe(`registration (${dbLabel})`, () => {
  test('validate checks only the fields present', async () => {
    const res = await post('/api/account/validate', {
      username: newPhone(),
      name: 'Somchai',
      password: 'long-enough',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 'SUCCESS', data: { valid: true } });
  });

  test('phone outside Laos must be exactly 10 digits', async () => {
    expectError(
      await post('/api/account/validate', { username: '081234567' }),
      400,
      'PHONE_NUMBER_REQUIRE_10_DIGIT',
      'username',
    );
    expectError(
      await post('/api/account/validate', { username: '08123456789' }),
      400,
      'PHONE_NUMBER_REQUIRE_10_DIGIT',
      'username',
    );
    expectError(
      await post('/api/account/validate', { username: '08123x5678' }),
      400,
      'PHONE_NUMBER_REQUIRE_10_DIGIT',
      'username',
    );
    expectError(
      await post('/api/account', registration({ username: '12345' })),
      400,
      'PHONE_NUMBER_REQUIRE_10_DIGIT',
      'username',
    );
  });

  test('unknown source, short password and empty name are INVALID_USER_INFO at that field', async () => {
    const validate = (payload: object) => post('/api/account/validate', payload);
    expectError(await validate({ sourceCode: 'NOPE' }), 400, 'INVALID_USER_INFO', 'sourceCode');
    // A source an operator listed in one language only (English here) is offered there, and taken.
    const english = body(
      await t.app.inject({ url: '/api/lookup/sources', headers: { 'accept-language': 'en' } }),
    ).data as object[];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/content/sources/en',
      headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
      payload: [...english, { code: 'PODCAST', description: 'A podcast' }],
    });
    expect(put.statusCode).toBe(200);
    expect((await validate({ sourceCode: 'PODCAST' })).statusCode).toBe(200);
    expectError(await validate({ password: 'short' }), 400, 'INVALID_USER_INFO', 'password');
    expectError(await validate({ name: '   ' }), 400, 'INVALID_USER_INFO', 'name');
  });

  test('an inviter code that names no member, or a member switched off, is INVITE_CODE_INVALID at inviteCode', async () => {
    const validate = (payload: object) => post('/api/account/validate', payload);
    const unknown = 'REF0123456789abcdef01234567';
    expectError(await validate({ inviteCode: unknown }), 400, 'INVITE_CODE_INVALID', 'inviteCode');
    expectError(await validate({ inviteCode: 'not-a-code' }), 400, 'INVITE_CODE_INVALID', 'inviteCode');
    expectError(
      await post('/api/account', registration({ inviteCode: unknown })),
      400,
      'INVITE_CODE_INVALID',
      'inviteCode',
    );

    // A stale link: its inviter was switched off by the operator after sharing it.
    const inviter = registration();
    const created = await post('/api/account', inviter);
    const inviterId = body<{ _id: string }>(created).data._id;
    expect((await validate({ inviteCode: `REF${inviterId}` })).statusCode).toBe(200);
    await t.app.ctx.db
      .updateTable('members')
      .set({ status: 'inactive' })
      .where('id', '=', inviterId)
      .execute();
    expectError(await validate({ inviteCode: `REF${inviterId}` }), 400, 'INVITE_CODE_INVALID', 'inviteCode');

    // Without the code, the same registration goes through.
    const invitee = registration({ inviteCode: `REF${inviterId}` });
    expectError(await post('/api/account', invitee), 400, 'INVITE_CODE_INVALID', 'inviteCode');
    const registered = await post('/api/account', { ...invitee, inviteCode: '' });
    expect(registered.statusCode).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('members')
      .select('invited_by')
      .where('id', '=', body<{ _id: string }>(registered).data._id)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBeNull();
  });

  test('a missing or oversized field fails schema validation with INVALID_USER_INFO naming the field', async () => {
    const { bankAccountNo: _omit, ...payload } = registration();
    expectError(await post('/api/account', payload), 400, 'INVALID_USER_INFO', 'bankAccountNo');
    expectError(
      await post('/api/account', registration({ bankAccountName: 'A'.repeat(201) })),
      400,
      'INVALID_USER_INFO',
      'bankAccountName',
    );
  });

  test('bank code must exist', async () => {
    expectError(
      await post('/api/account', registration({ bankCode: 'NOPE' })),
      400,
      'INVALID_BANK',
      'bankCode',
    );
  });

  test('the account number is digits only, as many as the chosen bank uses (Thai 10, GSB/BAAC/GHB 12)', async () => {
    const refused = async (bankCode: string, bankAccountNo: string) =>
      expectError(
        await post('/api/account', registration({ bankCode, bankAccountNo })),
        400,
        'INVALID_USER_INFO',
        'bankAccountNo',
      );
    await refused('KBANK', '12ab');
    await refused('KBANK', '12345678ab');
    await refused('KBANK', '123456789');
    await refused('KBANK', '123456789012');
    await refused('GSB', '1234567890');
    await refused('BAAC', '12345678901');
    // The validate call of step 4 checks the same, with the bank it is given.
    expectError(
      await post('/api/account/validate', { bankCode: 'GHB', bankAccountNo: '1234567890' }),
      400,
      'INVALID_USER_INFO',
      'bankAccountNo',
    );
    const gsb = await post(
      '/api/account',
      registration({ bankCode: 'GSB', bankAccountNo: `02${newAccountNo()}` }),
    );
    expect(gsb.statusCode).toBe(200);
    // Spaces and dashes as printed in a passbook are dropped.
    const dashed = newAccountNo();
    const kbank = await post(
      '/api/account',
      registration({
        bankAccountNo: `${dashed.slice(0, 3)}-${dashed.slice(3, 4)}-${dashed.slice(4, 9)}-${dashed.slice(9)}`,
      }),
    );
    expect(kbank.statusCode).toBe(200);
  });

  test('the bank lookup gives each bank its account-number length', async () => {
    const banks = body<{ code: string; accountNoLength: { min: number; max: number } }[]>(
      await get('/api/lookup/banks'),
    ).data;
    const length = (code: string) => banks.find((b) => b.code === code)?.accountNoLength;
    expect(length('KBANK')).toEqual({ min: 10, max: 10 });
    expect(length('GSB')).toEqual({ min: 12, max: 12 });
    expect(length('BCEL')).toEqual({ min: 10, max: 18 });
  });

  test('KTB, TMB and BBL account names must be English letters only', async () => {
    for (const bankCode of ['KTB', 'TMB', 'BBL']) {
      expectError(
        await post('/api/account', registration({ bankCode, bankAccountName: 'สมชาย ใจดี' })),
        400,
        'BANK_ACCOUNT_NAME_ENG',
        'bankAccountName',
      );
    }
    // Thai names are fine at other banks.
    const ok = await post('/api/account', registration({ bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' }));
    expect(ok.statusCode).toBe(200);
  });

  test('currency must be THB outside Laos', async () => {
    expectError(
      await post('/api/account', registration({ currency: 'LAK' })),
      400,
      'INVALID_USER_INFO',
      'currency',
    );
  });

  test('registers a member with a zero main wallet, upper-cased bank name, and the inviter recorded', async () => {
    const inviter = registration();
    const r1 = await post('/api/account', inviter);
    expect(r1.statusCode).toBe(200);
    const inviterId = body<{ _id: string }>(r1).data._id;
    expect(inviterId).toMatch(/^[0-9a-f]{24}$/);

    const invitee = registration({ bankAccountName: '  john   smith ', inviteCode: `INV${inviterId}` });
    const r2 = await post('/api/account', invitee);
    expect(r2.statusCode).toBe(200);
    const id = body<{ _id: string }>(r2).data._id;
    const row = await t.app.ctx.db
      .selectFrom('members')
      .select(['invited_by', 'bank_account_name', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviterId);
    expect(row.bank_account_name).toBe('JOHN SMITH');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    const token = await login(invitee.username, invitee.password);
    const wallet = await get('/api/wallet', token);
    expect(wallet.statusCode).toBe(200);
    expect(body(wallet).data).toEqual({
      profile: expect.objectContaining({
        _id: id,
        username: invitee.username,
        name: 'Somchai Jaidee',
        coin: 0,
      }),
      bankAccount: {
        bankAccountName: 'JOHN SMITH',
        bankAccountNo: invitee.bankAccountNo,
        bank: { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' },
      },
      wallet: { amount: 0, currency: 'THB' },
      invite: { amount: 0, success: 0, fail: 0 },
      slots: expect.arrayContaining([expect.objectContaining({ code: 'PG', isActive: false, amount: 0 })]),
      spin: { isActive: false },
      updatedAt: expect.any(String),
    });
  });

  test('phone already registered → EXISTING_USER; bank account already used → EXISTING_BANK', async () => {
    const first = registration();
    expect((await post('/api/account', first)).statusCode).toBe(200);
    expectError(
      await post('/api/account/validate', { username: first.username }),
      409,
      'EXISTING_USER',
      'username',
    );
    expectError(
      await post('/api/account', registration({ username: first.username })),
      409,
      'EXISTING_USER',
      'username',
    );
    expectError(
      await post('/api/account', registration({ bankAccountNo: first.bankAccountNo })),
      409,
      'EXISTING_BANK',
      'bankAccountNo',
    );
  });
});

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

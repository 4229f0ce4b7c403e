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
import { accountCalls } from './account-support';

/**
 * Member registration (spec §5, docs/wallet-api.md): each field's rule and the error that names it. Sign-in,
 * sessions, the profile and login limits: account-sessions.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { limits: { loginFailuresPerIp: 15 } });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const { post, login, get, expectError } = accountCalls(() => t);

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

import { body, createTestApp, dbLabel, newAccountNo, setSetting, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LAOS: 'on', SANDBOX: 'off' });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const register = (payload: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account',
    payload: {
      name: 'Souksavanh Phommachanh',
      password: 'secret-pass-1',
      bankCode: 'BCEL',
      bankAccountName: 'ສຸກສະຫວັນ ພົມມະຈັນ',
      bankAccountNo: `010${newAccountNo()}`,
      ...payload,
    },
  });

let phone = 2055500000;
const lao = () => `0${(phone += 1)}`;

describe(`Laos build, sandbox off (${dbLabel})`, () => {
  test('lookups default to Lao and withdraw limits are in kip', async () => {
    const conditions = body<string[]>(await t.app.inject({ url: '/api/lookup/conditions' })).data;
    expect(conditions[0]).toMatch(/[\u0E80-\u0EFF]/);
    const withdraw = body(await t.app.inject({ url: '/api/lookup/withdraw' })).data;
    expect(withdraw).toEqual({ withdrawMin: 50_000, withdrawMax: 20_000_000, currency: 'LAK' });
    const banks = body<{ country: string }[]>(await t.app.inject({ url: '/api/lookup/banks' })).data;
    expect(banks[0]?.country).toBe('LA');
  });

  test('phone numbers are not held to 10 digits; currency LAK by default, BAHT stored as THB', async () => {
    const a = await register({ username: lao() });
    expect(a.statusCode).toBe(200);
    const b = await register({ username: lao(), currency: 'BAHT' });
    expect(b.statusCode).toBe(200);
    const c = await register({ username: lao(), currency: 'USD' });
    expect([c.statusCode, body(c).code]).toEqual([400, 'INVALID_USER_INFO']);
    const rows = await t.app.ctx.db
      .selectFrom('ledger_accounts')
      .innerJoin('members', 'members.id', 'ledger_accounts.member_id')
      .select(['members.id', 'ledger_accounts.currency'])
      .where('members.id', 'in', [body<{ _id: string }>(a).data._id, body<{ _id: string }>(b).data._id])
      .execute();
    expect(rows.map((r) => r.currency).sort()).toEqual(['LAK', 'THB']);
  });

  test('without sandbox adapters there is no outbox and OTP sending fails cleanly', async () => {
    const outbox = await t.app.inject({ url: '/sandbox/sms' });
    expect(outbox.statusCode).toBe(404);
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/otp/send',
      payload: { phoneNumber: lao() },
    });
    expect([send.statusCode, body(send).code]).toEqual([502, 'OTP_SEND_FAIL']);
  });
});

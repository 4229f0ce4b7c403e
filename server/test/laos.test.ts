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

const login = async (username: string): Promise<string> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'secret-pass-1' },
  });
  expect(res.statusCode).toBe(200);
  return body<{ token: string }>(res).data.token;
};

interface Lookup {
  banks: { currency?: string }[];
  wallets: unknown[];
  qrChannels: { channel: string }[];
}

describe(`Laos build: deposit channels for kip (${dbLabel})`, () => {
  test('anonymous and LAK members: bank transfer only, no QR channels, no gift-link wallets', async () => {
    const anonymous = body<Lookup>(await t.app.inject({ url: '/api/lookup/deposit' })).data;
    expect(anonymous.qrChannels).toEqual([]);
    expect(anonymous.wallets).toEqual([]);
    expect(anonymous.banks.map((b) => b.currency)).toEqual(['LAK']);

    const username = lao();
    expect((await register({ username })).statusCode).toBe(200);
    const token = await login(username);
    const res = await t.app.inject({
      url: '/api/lookup/deposit',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(body<Lookup>(res).data).toEqual(anonymous);
    // The answer depends on the member: never kept by a browser or a shared cache.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('a THB member of the Laos build sees the baht QR channels (the lookup follows the member)', async () => {
    const username = lao();
    expect((await register({ username, currency: 'THB' })).statusCode).toBe(200);
    const token = await login(username);
    const lookup = body<Lookup>(
      await t.app.inject({ url: '/api/lookup/deposit', headers: { authorization: `Bearer ${token}` } }),
    ).data;
    expect(lookup.qrChannels.map((c) => c.channel)).toEqual(['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY']);
    // The Laos content has no receiving e-wallet: no gift-link tab for anyone.
    expect(lookup.wallets).toEqual([]);
  });

  test('a bad token does not fail the lookup: it answers for the build default', async () => {
    const res = await t.app.inject({
      url: '/api/lookup/deposit',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(body<Lookup>(res).data.qrChannels).toEqual([]);
  });

  test('a QR on a channel not offered for kip is refused with QR_FAIL (message QR_CHANNEL_UNAVAILABLE), a gift link with NO_WALLET', async () => {
    const username = lao();
    expect((await register({ username })).statusCode).toBe(200);
    const token = await login(username);
    const headers = { authorization: `Bearer ${token}` };
    for (const channel of ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/qrcode/${channel}`,
        headers: { ...headers, 'idempotency-key': `laos-qr-${channel}-${username}` },
        payload: { amount: 100_000 },
      });
      expect([res.statusCode, body(res).code, body(res).message]).toEqual([
        400,
        'QR_FAIL',
        'QR_CHANNEL_UNAVAILABLE',
      ]);
    }
    const gift = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/truelink',
      headers: { ...headers, 'idempotency-key': `laos-gift-${username}` },
      payload: { link: 'anything' },
    });
    expect([gift.statusCode, body(gift).code]).toEqual([400, 'NO_WALLET']);
  });
});

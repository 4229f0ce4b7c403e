import type { App } from '../src/app';
import { parseEmv } from '../src/features/deposits/lao-qr';
import { hasValidCrc } from '../src/features/deposits/promptpay';
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
  banks: { bankCode: string; bankAccountNo: string; currency: string }[];
  wallets: unknown[];
  qrChannels: { channel: string; minimum: number; quickAmounts: number[] }[];
  unavailable: { method: string; reason: string }[];
}

const lookupOf = async (app: App, token?: string): Promise<Lookup> =>
  body<Lookup>(
    await app.inject({
      url: '/api/lookup/deposit',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  ).data;

describe(`Laos build: deposit channels per wallet currency (${dbLabel})`, () => {
  test('anonymous and LAK members: the kip account and the Lao QR; why Thai QR and gift links are not offered', async () => {
    const anonymous = await lookupOf(t.app);
    expect(anonymous.qrChannels).toEqual([
      { channel: 'LAOQR', minimum: 10_000, quickAmounts: [50_000, 100_000, 200_000, 500_000, 1_000_000] },
    ]);
    expect(anonymous.wallets).toEqual([]);
    expect(anonymous.banks.map((b) => [b.bankCode, b.bankAccountNo, b.currency])).toEqual([
      ['BCEL', '0101000123456', 'LAK'],
    ]);
    expect(anonymous.unavailable).toEqual([
      { method: 'THAI_QR', reason: 'BAHT_ONLY' },
      { method: 'GIFT_LINK', reason: 'BAHT_ONLY' },
    ]);

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

  test('a BAHT member of the Laos build is shown the baht account and the Thai QR channels, never the kip account', async () => {
    const username = lao();
    expect((await register({ username, currency: 'BAHT' })).statusCode).toBe(200);
    const lookup = await lookupOf(t.app, await login(username));
    expect(lookup.banks.map((b) => [b.bankCode, b.bankAccountNo, b.currency])).toEqual([
      ['BCEL', '0102000654321', 'THB'],
    ]);
    expect(lookup.qrChannels.map((c) => c.channel)).toEqual(['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY']);
    // The Laos content has no receiving e-wallet: no gift-link tab, and the window says so.
    expect(lookup.wallets).toEqual([]);
    expect(lookup.unavailable).toEqual([
      { method: 'LAO_QR', reason: 'KIP_ONLY' },
      { method: 'GIFT_LINK', reason: 'NOT_SET_UP' },
    ]);
  });

  test('a bad token does not fail the lookup: it answers for the build default', async () => {
    const res = await t.app.inject({
      url: '/api/lookup/deposit',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(body<Lookup>(res).data.qrChannels.map((c) => c.channel)).toEqual(['LAOQR']);
  });

  test('a QR on a channel not offered for the currency is refused with QR_FAIL (message QR_CHANNEL_UNAVAILABLE), a gift link of kip with NO_WALLET', async () => {
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

    const baht = lao();
    expect((await register({ username: baht, currency: 'BAHT' })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qrcode/LAOQR',
      headers: { authorization: `Bearer ${await login(baht)}`, 'idempotency-key': `laos-qr-LAOQR-${baht}` },
      payload: { amount: 100_000 },
    });
    expect([res.statusCode, body(res).code, body(res).message]).toEqual([
      400,
      'QR_FAIL',
      'QR_CHANNEL_UNAVAILABLE',
    ]);
  });

  test('receiving accounts may be in either currency of the Laos build; another currency is refused', async () => {
    const ops = { 'x-ops-secret': t.app.ctx.secrets.opsSecret };
    const current = body<{ banks: unknown[] }>(
      await t.app.inject({ url: '/api/ops/content/deposit/*', headers: ops }),
    ).data;
    const usd = { ...(current.banks[0] as object), currency: 'USD' };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/content/deposit/*',
      headers: ops,
      payload: { ...current, banks: [...current.banks, usd] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('LAK, THB');
  });
});

/** The Laos build with the sandbox's bank and payment channels: money in, end to end, in both currencies. */
describe(`Laos build, sandbox on: deposits credited in the member's currency (${dbLabel})`, () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ LAOS: 'on', SANDBOX: 'on' });
    await setSetting(s.app, 'registerOTP', false);
  });
  afterAll(() => s?.close());

  interface Member {
    id: string;
    token: string;
    accountNo: string;
  }

  const member = async (currency: 'LAK' | 'BAHT'): Promise<Member> => {
    const username = lao();
    const accountNo = `010${newAccountNo()}`;
    const reg = await s.app.inject({
      method: 'POST',
      url: '/api/account',
      payload: {
        name: 'Souksavanh Phommachanh',
        username,
        password: 'secret-pass-1',
        bankCode: 'BCEL',
        bankAccountName: 'SOUKSAVANH PHOMMACHANH',
        bankAccountNo: accountNo,
        currency,
      },
    });
    expect(reg.statusCode).toBe(200);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'secret-pass-1' },
    });
    return {
      id: body<{ _id: string }>(reg).data._id,
      token: body<{ token: string }>(res).data.token,
      accountNo,
    };
  };

  const wallet = async (m: Member) => {
    const accounts = await s.app.ctx.db
      .selectFrom('ledger_accounts')
      .select(['currency'])
      .where('member_id', '=', m.id)
      .where('code', '=', 'main')
      .execute();
    return {
      amount: await s.app.ctx.ledger.balance(s.app.ctx.db, { member: m.id, code: 'main' }),
      currency: accounts[0]?.currency,
    };
  };

  const booksBalanced = async () => {
    const trial = await s.app.ctx.ledger.trialBalance();
    for (const total of Object.values(trial)) expect(total).toBe(0);
    expect(await s.app.ctx.ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  };

  /** The sandbox's answer (plain JSON): what each webhook delivery did. */
  const deliveries = (res: { body: string }) =>
    (JSON.parse(res.body) as { deliveries: { statusCode: number; outcome: string; duplicate: boolean }[] })
      .deliveries;

  const incoming = (payload: object) =>
    s.app.inject({ method: 'POST', url: '/sandbox/bank/incoming', payload });

  test('a BAHT member transfers from their bank to the baht account shown: credited in baht', async () => {
    const m = await member('BAHT');
    const shown = (await lookupOf(s.app, m.token)).banks;
    expect(shown.map((b) => b.currency)).toEqual(['THB']);
    // The bank reports the currency of the account paid into: named, or (unnamed) the one the window shows.
    const named = await incoming({
      fromAccountNo: m.accountNo,
      fromBankCode: 'BCEL',
      amount: 50_000,
      toAccountNo: shown[0]!.bankAccountNo,
    });
    expect(deliveries(named)[0]?.outcome).toBe('CREDITED');
    const unnamed = await incoming({ fromAccountNo: m.accountNo, fromBankCode: 'BCEL', amount: 25_050 });
    expect(deliveries(unnamed)[0]?.outcome).toBe('CREDITED');
    expect(await wallet(m)).toEqual({ amount: 75_050, currency: 'THB' });
    // Both legs of each credit are baht: the member's wallet and the baht bank_in account.
    const legs = await s.app.ctx.db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_postings.transaction_id')
      .select(['ledger_postings.currency', 'ledger_postings.amount'])
      .where('ledger_transactions.member_id', '=', m.id)
      .where('ledger_transactions.kind', '=', 'deposit')
      .execute();
    expect(legs.map((l) => l.currency)).toEqual(['THB', 'THB', 'THB', 'THB']);
    await booksBalanced();
  });

  test('kip sent to the kip account by a BAHT member is not credited to the baht wallet (UNMATCHED, for operators)', async () => {
    const m = await member('BAHT');
    const res = await incoming({
      fromAccountNo: m.accountNo,
      fromBankCode: 'BCEL',
      amount: 100_000,
      toAccountNo: '0101000123456',
    });
    expect(deliveries(res)[0]?.outcome).toBe('UNMATCHED');
    expect(await wallet(m)).toEqual({ amount: 0, currency: 'THB' });
    const unknown = await incoming({
      fromAccountNo: m.accountNo,
      fromBankCode: 'BCEL',
      amount: 100_000,
      toAccountNo: '999',
    });
    expect([unknown.statusCode, body(unknown).code]).toEqual([404, 'NO_DATA']);
  });

  test('a LAK member transfers to the kip account: credited in kip', async () => {
    const m = await member('LAK');
    expect((await lookupOf(s.app, m.token)).banks.map((b) => b.currency)).toEqual(['LAK']);
    const res = await incoming({ fromAccountNo: m.accountNo, fromBankCode: 'BCEL', amount: 1_000_000 });
    expect(deliveries(res)[0]?.outcome).toBe('CREDITED');
    expect(await wallet(m)).toEqual({ amount: 1_000_000, currency: 'LAK' });
    await booksBalanced();
  });

  test('a LAK member creates a Lao QR, pays it from the sandbox pay page and is credited in kip', async () => {
    const m = await member('LAK');
    const headers = { authorization: `Bearer ${m.token}` };
    const below = await s.app.inject({
      method: 'POST',
      url: '/api/qrcode/LAOQR',
      headers: { ...headers, 'idempotency-key': `lao-qr-below-${m.id}` },
      payload: { amount: 9_999 },
    });
    expect([below.statusCode, body(below).code]).toEqual([400, 'QR_FAIL']);

    const created = await s.app.inject({
      method: 'POST',
      url: '/api/qrcode/LAOQR',
      headers: { ...headers, 'idempotency-key': `lao-qr-${m.id}` },
      payload: { amount: 150_000 },
    });
    expect(created.statusCode).toBe(200);
    const qr = body<{ qrcodeId: string; hasQrcode: boolean; amount: number; qrcode: string; payUrl: string }>(
      created,
    ).data;
    expect(qr).toMatchObject({ hasQrcode: true, amount: 150_000 });
    expect(qr.qrcode).toMatch(/^<svg/);

    // The QR encodes a LAPNet payload: the amount in whole kip, currency 418, country LA, a valid CRC.
    const row = await s.app.deposits.qr.find(qr.qrcodeId);
    expect(row).toMatchObject({ channel: 'LAOQR', currency: 'LAK', amount: 150_000 });
    const fields = parseEmv(row!.payload);
    expect([fields.get('53'), fields.get('54'), fields.get('58')]).toEqual(['418', '150000', 'LA']);
    expect(parseEmv(fields.get('38') ?? '').get('00')).toBe('A005266284662577');
    expect(hasValidCrc(row!.payload)).toBe(true);

    // The member's pay link: the sandbox page shows the amount in kip, and its Pay button sends the webhook.
    const page = await s.app.inject({ url: qr.payUrl, remoteAddress: '203.0.113.9' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('150000 LAK');
    const paid = await s.app.inject({
      method: 'POST',
      url: qr.payUrl.replace('/sandbox/pay/', '/sandbox/qr/').replace('?sig=', '/pay?sig='),
      remoteAddress: '203.0.113.9',
      payload: {},
    });
    expect(paid.statusCode).toBe(200);
    expect(deliveries(paid)).toEqual([{ statusCode: 200, outcome: 'CREDITED', duplicate: false }]);
    expect(await wallet(m)).toEqual({ amount: 150_000, currency: 'LAK' });
    expect(await s.app.deposits.qr.find(qr.qrcodeId)).toMatchObject({ status: 'PAID' });

    // Paying the same QR again credits nothing more.
    const again = await s.app.inject({
      method: 'POST',
      url: qr.payUrl.replace('/sandbox/pay/', '/sandbox/qr/').replace('?sig=', '/pay?sig='),
      remoteAddress: '203.0.113.9',
      payload: {},
    });
    expect(deliveries(again)[0]?.outcome).toBe('REFUSED_PAID');
    expect(await wallet(m)).toEqual({ amount: 150_000, currency: 'LAK' });
    await booksBalanced();
  });
});

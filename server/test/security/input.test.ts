import { randomBytes } from 'node:crypto';
import {
  body,
  createTestApp,
  dbLabel,
  moveSlipWindowAway,
  registration,
  setSetting,
  type TestApp,
} from '../helpers';
import { bearerOf, expectError, newMember, signedPost, type TestMember } from '../money-in-support';

/**
 * Issue 7 findings "a NUL byte in eight text fields answers 500; an unsafe-integer webhook amount answers 500",
 * and amounts that were coerced from text: every one is now a 400 with a catalogue code (the route's
 * validationCode, KEY_INVALID by default), and nothing is stored.
 */
let t: TestApp;
let a: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
  await moveSlipWindowAway(t.app);
  a = await newMember(t.app);
});
afterAll(() => t.close());

type Method = 'POST' | 'PUT' | 'DELETE' | 'GET';
const send = (method: Method, url: string, payload?: object, member?: TestMember) =>
  t.app.inject({ method, url, headers: member ? bearerOf(member) : {}, ...(payload ? { payload } : {}) });

/** The text fields of the routes a visitor or member fills in, with a valid body and the route's code. */
const profileBody = () => ({
  name: 'Somchai',
  bankCode: a.reg.bankCode,
  bankAccountName: a.reg.bankAccountName,
  bankAccountNo: a.reg.bankAccountNo,
});
const TEXT_ROUTES: {
  method: Method;
  url: string;
  body: () => Record<string, string>;
  code: string;
  member?: boolean;
}[] = [
  {
    method: 'POST',
    url: '/api/account/validate',
    body: () => ({ ...registration(), otpToken: 'x'.repeat(32) }),
    code: 'INVALID_USER_INFO',
  },
  {
    method: 'POST',
    url: '/api/account',
    body: () => ({ ...registration(), inviteCode: `WL${a.id}`, otpToken: 'x'.repeat(32) }),
    code: 'INVALID_USER_INFO',
  },
  {
    method: 'POST',
    url: '/api/login',
    body: () => ({ username: a.reg.username, password: a.reg.password }),
    code: 'WRONG_CREDENTIAL',
  },
  { method: 'PUT', url: '/api/account/profile', body: profileBody, code: 'INVALID_USER_INFO', member: true },
  {
    method: 'PUT',
    url: '/api/account/bankAccountName',
    body: () => ({ bankCode: a.reg.bankCode, bankAccountName: 'SOMCHAI JAIDEE' }),
    code: 'BANK_ACCOUNT_NAME_ENG',
    member: true,
  },
  {
    method: 'PUT',
    url: '/api/account/changepwd',
    body: () => ({ oldPassword: a.reg.password, newPassword: 'another-pass-9' }),
    code: 'INVALID_USER_INFO',
    member: true,
  },
  {
    method: 'POST',
    url: '/api/otp/send',
    body: () => ({ phoneNumber: '0899999999' }),
    code: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
  },
  {
    method: 'POST',
    url: '/api/otp/verify',
    body: () => ({ otpToken: 'x'.repeat(32), otpCode: '123456' }),
    code: 'OTP_CODE_INVALID',
  },
  {
    method: 'POST',
    url: '/api/wallet/truelink',
    body: () => ({ link: 'https://gift.truemoney.com/campaign/?v=abc' }),
    code: 'TRUELINK_INVALID',
    member: true,
  },
];

/** Control characters refused in a single-line field: NUL first (the finding), then the others. */
const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\n', '\r', '\t'];

describe(`input rules (${dbLabel})`, () => {
  test.each(TEXT_ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
    'NUL in every text field of %s → 400 with the route code',
    async (_name, route) => {
      for (const field of Object.keys(route.body())) {
        const payload = { ...route.body(), [field]: `ab\u0000cd` };
        const res = await send(route.method, route.url, payload, route.member ? a : undefined);
        expect([field, res.statusCode, body(res).code]).toEqual([field, 400, route.code]);
      }
    },
  );

  test('every other control character too, in body, query and path; nothing stored', async () => {
    for (const c of CONTROLS) {
      const reg = registration({ name: `Som${c}chai` });
      const res = await send('POST', '/api/account', reg);
      expect([JSON.stringify(c), res.statusCode, body(res).code]).toEqual([
        JSON.stringify(c),
        400,
        'INVALID_USER_INFO',
      ]);
      expect(
        (await send('POST', '/api/login', { username: reg.username, password: reg.password })).statusCode,
      ).toBe(401);
    }
    // A control character in an object key, in the path and in the query string.
    expectError(
      await send('POST', '/api/login', { 'user\u0000name': 'x', username: 'a', password: 'b' }),
      400,
      'WRONG_CREDENTIAL',
    );
    expectError(await send('GET', '/api/qrcode/KB%00ANK', undefined, a), 400, 'QR_FAIL');
    expectError(await send('DELETE', '/api/qrcode/ab%00cd', undefined, a), 400, 'KEY_INVALID');
    expectError(await send('GET', '/api/wallet?x=%00', undefined, a), 400, 'KEY_INVALID');
    // The profile name was not changed by any refused request.
    const profile = body<{ name: string }>(await send('GET', '/api/account/profile', undefined, a)).data;
    expect(profile.name).toBe(a.reg.name);
  });

  test('ordinary text still passes: Thai and Lao letters, spaces, punctuation', async () => {
    const res = await send(
      'PUT',
      '/api/account/profile',
      { ...profileBody(), name: "สมชาย ໃຈດີ O'Neil-2" },
      a,
    );
    expect(res.statusCode).toBe(200);
  });

  test('a multi-line field (operator content) takes tab and newline, never NUL', async () => {
    const ops = { 'x-ops-secret': t.app.ctx.secrets.opsSecret };
    const put = (text: string) =>
      t.app.inject({ method: 'PUT', url: '/api/ops/content/notice/en', headers: ops, payload: { text } });
    expect((await put('line one {percentFail}\n\tline two\r\n')).statusCode).toBe(200);
    expectError(await put('line\u0000'), 400, 'KEY_INVALID');
  });

  test('amounts are JSON numbers only: "100", [100], "0x64", 1e2 as text → 400 with the route code', async () => {
    const routes: { url: string; body: (amount: unknown) => object; code: string }[] = [
      { url: '/api/qrcode/KBANK', body: (amount) => ({ amount }), code: 'QR_FAIL' },
      { url: '/api/wallet/add', body: (amount) => ({ amount }), code: 'TRANSFER_MINIMUM' },
      { url: '/api/wallet/withdraw', body: (amount) => ({ amount }), code: 'KEY_INVALID' },
      {
        url: '/api/wallet/transfer',
        body: (amount) => ({ from: 'main', to: 'main', amount }),
        code: 'KEY_INVALID',
      },
    ];
    for (const route of routes) {
      for (const amount of ['10000', [10000], '0x64', '1e4', true, null, 10000.5, 1e20]) {
        const res = await send('POST', route.url, route.body(amount), a);
        expect([route.url, amount, res.statusCode, body(res).code]).toEqual([
          route.url,
          amount,
          400,
          route.code,
        ]);
      }
    }
    // A JSON number still works.
    const qr = await send('POST', '/api/qrcode/KBANK', { amount: 10_000 }, a);
    expect(qr.statusCode).toBe(200);
    // Paging in a body is a number too; a query string is still text that the schema reads.
    expectError(await send('POST', '/api/statement/slip', { page: '1', limit: 10 }, a), 400, 'KEY_INVALID');
    expect((await send('POST', '/api/statement/slip', { page: 1, limit: 10 }, a)).statusCode).toBe(200);
  });

  test('an unsafe-integer, too large or text webhook amount → 400 KEY_INVALID, nothing credited', async () => {
    const bank = (amount: unknown, extra: object = {}) =>
      signedPost(t.app, '/api/webhooks/bank', {
        txid: `BANK-${randomBytes(4).toString('hex')}`,
        fromBankCode: a.reg.bankCode,
        fromAccountNo: a.reg.bankAccountNo,
        amount,
        currency: 'THB',
        transferredAt: new Date().toISOString(),
        ...extra,
      });
    const before = await t.app.ctx.ledger.balance(t.app.ctx.db, { member: a.id, code: 'main' });
    for (const amount of [1e20, 2 ** 53, 9_007_199_254_740_993n, 100_000_000_01, '100', [100]]) {
      const raw = typeof amount === 'bigint' ? Number(amount) : amount;
      const res = await bank(raw);
      expect([String(amount), res.statusCode, body(res).code]).toEqual([String(amount), 400, 'KEY_INVALID']);
    }
    expectError(await bank(100, { txid: 'BANK-\u0000' }), 400, 'KEY_INVALID');
    // The exact bytes matter for the unsafe integer: a provider sends digits that JSON cannot hold.
    const raw = `{"txid":"BANK-big","fromBankCode":"${a.reg.bankCode}","fromAccountNo":"${a.reg.bankAccountNo}","amount":123456789012345678901234567890,"currency":"THB","transferredAt":"${new Date().toISOString()}"}`;
    const { signWebhook } = await import('../../src/features/deposits/webhook-signature');
    const ts = String(t.app.ctx.clock.now().getTime());
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/bank',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': ts,
        'x-signature': signWebhook(t.app.ctx.secrets.webhookSecret, ts, raw),
      },
      payload: raw,
    });
    expectError(big, 400, 'KEY_INVALID');
    const payment = await signedPost(t.app, '/api/webhooks/payments/KBANK', {
      txid: 'TX-1',
      qrcodeId: 'q',
      channelRef: 'c',
      amount: 1e21,
      currency: 'THB',
      status: 'PAID',
      paidAt: new Date().toISOString(),
    });
    expectError(payment, 400, 'KEY_INVALID');
    expect(await t.app.ctx.ledger.balance(t.app.ctx.db, { member: a.id, code: 'main' })).toBe(before);
  });

  test('slip upload: the amount field in decimal digits only', async () => {
    // A member per upload: the per-member upload limit is not what this test looks at.
    const upload = async (amount: string) => {
      const m = await newMember(t.app);
      const boundary = `----t${randomBytes(6).toString('hex')}`;
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        randomBytes(32),
      ]);
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n${amount}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/wallet/slip',
        headers: { ...bearerOf(m), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    for (const amount of ['0x64', '1e4', '-100', '10.5', '1\u00000'])
      expectError(await upload(amount), 400, 'KEY_INVALID');
    expect((await upload('12000')).statusCode).toBe(200);
  });
});

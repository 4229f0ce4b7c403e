import { ManualClock } from '../src/platform/clock';
import { crc16ccitt, hasValidCrc, promptPayTransfer } from '../src/features/deposits/promptpay';
import { laoQr, parseEmv } from '../src/features/deposits/lao-qr';
import { createTestApp, body, dbLabel, setSetting, type TestApp } from './helpers';
import {
  call,
  expectBooksBalanced,
  expectError,
  newMember,
  signedPost,
  walletAmount,
  type TestMember,
} from './money-in-support';

interface QrState {
  qrcodeId: string | null;
  hasQrcode: boolean;
  qrcode: string;
  amount: number;
  expireIn: number;
  message: string;
  payUrl: string | null;
}

const clock = new ManualClock(Date.parse('2026-03-04T05:00:00Z'));
let t: TestApp;
let a: TestMember;
beforeAll(async () => {
  // Many QR codes by one member: the per-member limits are the security suite's (server/test/security).
  t = await createTestApp({}, { clock, limits: { qrCreatesPerMinute: 1000, qrCreatesPerHour: 1000 } });
  await setSetting(t.app, 'registerOTP', false);
  a = await newMember(t.app);
});
afterAll(() => t.close());

const createQr = (m: TestMember, channel: string, amount: number) =>
  call(t.app, m, 'POST', `/api/qrcode/${channel}`, { amount });

/** The payment a channel reports for a QR (what its webhook carries). */
async function notification(qrcodeId: string, overrides: Record<string, unknown> = {}) {
  const qr = await t.app.deposits.qr.find(qrcodeId);
  if (!qr) throw new Error('no qr');
  return {
    txid: `TX-${qrcodeId.slice(0, 8)}-${Math.random().toString(36).slice(2, 8)}`,
    qrcodeId,
    channelRef: qr.channel_ref,
    amount: qr.amount,
    currency: qr.currency,
    status: 'PAID',
    paidAt: clock.now().toISOString(),
    ...overrides,
  };
}

describe('PromptPay payload', () => {
  test('CRC-16/CCITT-FALSE check value', () => {
    expect(crc16ccitt('123456789')).toBe(0x29b1);
  });

  test('matches known-good PromptPay payloads (with and without an amount)', () => {
    expect(promptPayTransfer({ kind: 'phone', value: '0801234567' })).toBe(
      '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
    );
    expect(promptPayTransfer({ kind: 'phone', value: '000-000-0000' }, 422)).toBe(
      '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
    );
    expect(promptPayTransfer({ kind: 'nationalId', value: '1111111111111' })).toBe(
      '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A',
    );
    expect(hasValidCrc('00020101021129370016A000000677010111021301234567890125802TH530376463040CBD')).toBe(
      true,
    );
    expect(hasValidCrc('00020101021129370016A000000677010111021301234567890125802TH530376463040CBE')).toBe(
      false,
    );
  });
});

describe('Lao QR payload (LAPNet, EMVCo)', () => {
  const sample = {
    acquirerIin: '99990001',
    merchantId: 'LUCKYWALLETSBX01',
    merchantName: 'LUCKY WALLET',
    city: 'VIENTIANE',
    reference: 'A1B2C3D4E5',
    amountKip: 150_000,
  };

  test('the fields in order, the amount in whole kip, currency 418, country LA and its CRC', () => {
    // The CRC checked with an independent CRC-16/CCITT-FALSE (Python's binascii.crc_hqx(payload, 0xFFFF)).
    expect(laoQr(sample)).toBe(
      '000201010212' +
        // 38: LAPNet AID, acquirer IIN, payment type, merchant id
        '38590016A005266284662577' +
        '0108999900010203001' +
        '0316LUCKYWALLETSBX01' +
        // 52 category, 53 currency (LAK), 54 amount
        '52045999' +
        '5303418' +
        '5406150000' +
        '5802LA5912LUCKY WALLET6009VIENTIANE' +
        '62350110A1B2C3D4E50510A1B2C3D4E50703WEB' +
        '6304C013',
    );
    const fields = parseEmv(laoQr(sample));
    expect(fields.get('01')).toBe('12');
    expect(fields.get('53')).toBe('418');
    expect(fields.get('54')).toBe('150000');
    expect(fields.get('58')).toBe('LA');
    const account = parseEmv(fields.get('38') ?? '');
    expect(account.get('00')).toBe('A005266284662577');
    expect(account.get('03')).toBe('LUCKYWALLETSBX01');
    expect(parseEmv(fields.get('62') ?? '').get('05')).toBe('A1B2C3D4E5');
    expect(hasValidCrc(laoQr(sample))).toBe(true);
    expect(hasValidCrc(laoQr(sample).replace('150000', '150001'))).toBe(false);
  });

  test('only whole kip of at least 1', () => {
    expect(() => laoQr({ ...sample, amountKip: 0 })).toThrow();
    expect(() => laoQr({ ...sample, amountKip: 1.5 })).toThrow();
    expect(parseEmv(laoQr({ ...sample, amountKip: 1 })).get('54')).toBe('1');
  });
});

describe(`QR deposits (${dbLabel})`, () => {
  test('the deposit lookup lists the channels with the minimums of §5 in minor units', async () => {
    const res = await call(t.app, undefined, 'GET', '/api/lookup/deposit');
    expect(res.statusCode).toBe(200);
    const data = body<{ qrChannels: { channel: string; minimum: number; quickAmounts: number[] }[] }>(
      res,
    ).data;
    const min = Object.fromEntries(data.qrChannels.map((c) => [c.channel, c.minimum]));
    expect(min).toEqual({ KBANK: 100, WW: 10_000, PAYTIMZ: 1_000, PAYONEX: 10_000, ZPAY: 1_000 });
    expect(data.qrChannels.find((c) => c.channel === 'WW')?.quickAmounts).toEqual([
      10_000, 20_000, 30_000, 50_000, 100_000,
    ]);
    // The Thai build offers a baht wallet every method it knows: nothing to explain.
    expect(body<{ unavailable: unknown[] }>(res).data.unavailable).toEqual([]);
  });

  test('below the channel minimum → QR_FAIL; unknown channel → QR_FAIL', async () => {
    expectError(await createQr(a, 'WW', 9_999), 400, 'QR_FAIL');
    expectError(await createQr(a, 'ZPAY', 999), 400, 'QR_FAIL');
    expectError(await createQr(a, 'KBANK', 0), 400, 'QR_FAIL');
    expectError(await createQr(a, 'NOPE', 10_000), 400, 'QR_FAIL');
    // The Lao QR takes kip: a baht wallet is refused it (the lookup never offers it).
    const lao = await createQr(a, 'LAOQR', 100_000);
    expect([lao.statusCode, body(lao).code, body(lao).message]).toEqual([
      400,
      'QR_FAIL',
      'QR_CHANNEL_UNAVAILABLE',
    ]);
    expectError(
      await call(t.app, undefined, 'POST', '/api/qrcode/WW', { amount: 10_000 }),
      401,
      'UNAUTHORIZED',
    );
  });

  test('a created QR is an SVG of a PromptPay payload with a valid CRC; GET returns it; a second POST reuses it', async () => {
    const res = await createQr(a, 'KBANK', 15_050);
    expect(res.statusCode).toBe(200);
    const qr = body<QrState>(res).data;
    expect(qr).toMatchObject({ hasQrcode: true, amount: 15_050, message: '' });
    expect(qr.qrcode).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr.expireIn).toBe(clock.now().getTime() + 15 * 60_000);
    // A payer on this device can pay it directly: in the sandbox, the channel's pay page, signed for this QR.
    expect(qr.payUrl).toBe(
      `/sandbox/pay/${qr.qrcodeId}?sig=${t.app.deposits.payLinks.sign(qr.qrcodeId as string)}`,
    );
    const row = await t.app.deposits.qr.find(qr.qrcodeId as string);
    expect(row?.payload).toMatch(/^000201010212.*5406150\.50.*6304[0-9A-F]{4}$/);
    expect(row?.payload.includes('30')).toBe(true);
    expect(hasValidCrc(row?.payload ?? '')).toBe(true);

    const again = body<QrState>(await call(t.app, a, 'GET', '/api/qrcode/KBANK')).data;
    expect(again.qrcodeId).toBe(qr.qrcodeId);
    const reused = body<QrState>(await createQr(a, 'KBANK', 20_000)).data;
    expect(reused.qrcodeId).toBe(qr.qrcodeId);
    expect(reused.amount).toBe(15_050);
    // Other channels are independent.
    const other = body<QrState>(await call(t.app, a, 'GET', '/api/qrcode/ZPAY')).data;
    expect(other).toMatchObject({ hasQrcode: false, qrcodeId: null });
  });

  test('cancel: DELETE removes the pending QR; cancelling again or someone else’s → NO_DATA', async () => {
    const qr = body<QrState>(await call(t.app, a, 'GET', '/api/qrcode/KBANK')).data;
    const b = await newMember(t.app);
    expectError(await call(t.app, b, 'DELETE', `/api/qrcode/${qr.qrcodeId}`), 404, 'NO_DATA');
    const res = await call(t.app, a, 'DELETE', `/api/qrcode/${qr.qrcodeId}`);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ cancelled: true });
    expectError(await call(t.app, a, 'DELETE', `/api/qrcode/${qr.qrcodeId}`), 404, 'NO_DATA');
    expect(body<QrState>(await call(t.app, a, 'GET', '/api/qrcode/KBANK')).data.hasQrcode).toBe(false);
  });

  test('expiry: after 15 minutes the QR is gone and a new one can be made', async () => {
    const first = body<QrState>(await createQr(a, 'PAYTIMZ', 5_000)).data;
    clock.advance(15 * 60_000);
    expect(body<QrState>(await call(t.app, a, 'GET', '/api/qrcode/PAYTIMZ')).data.hasQrcode).toBe(false);
    const second = body<QrState>(await createQr(a, 'PAYTIMZ', 5_000)).data;
    expect(second.qrcodeId).not.toBe(first.qrcodeId);
    expect((await t.app.deposits.qr.find(first.qrcodeId as string))?.status).toBe('EXPIRED');
  });

  test('a channel that is down → QR_FAIL', async () => {
    const channels = t.app.deposits.sandboxChannels;
    if (!channels) throw new Error('sandbox expected');
    channels.PAYONEX.down = true;
    expectError(await createQr(a, 'PAYONEX', 10_000), 502, 'QR_FAIL');
    channels.PAYONEX.down = false;
  });

  test('paid through the webhook: credited exactly once even when delivered twice', async () => {
    const before = await walletAmount(t.app, a);
    const qr = body<QrState>(await createQr(a, 'ZPAY', 12_345)).data;
    const n = await notification(qr.qrcodeId as string);
    const first = await signedPost(t.app, '/api/webhooks/payments/ZPAY', n);
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toEqual({ received: true, duplicate: false, outcome: 'CREDITED' });
    const second = await signedPost(t.app, '/api/webhooks/payments/ZPAY', n);
    expect(body(second).data).toEqual({ received: true, duplicate: true, outcome: 'CREDITED' });
    expect(await walletAmount(t.app, a)).toBe(before + 12_345);
    expect(body<QrState>(await call(t.app, a, 'GET', '/api/qrcode/ZPAY')).data.hasQrcode).toBe(false);
    expect((await t.app.deposits.qr.find(qr.qrcodeId as string))?.status).toBe('PAID');
    await expectBooksBalanced(t.app);
  });

  test('concurrent redeliveries credit once', async () => {
    const before = await walletAmount(t.app, a);
    const qr = body<QrState>(await createQr(a, 'WW', 10_000)).data;
    const n = await notification(qr.qrcodeId as string);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => signedPost(t.app, '/api/webhooks/payments/WW', n)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await walletAmount(t.app, a)).toBe(before + 10_000);
    await expectBooksBalanced(t.app);
  });

  test('bad signature, other secret, stale or missing timestamp → 401 KEY_INVALID, nothing credited', async () => {
    const before = await walletAmount(t.app, a);
    const qr = body<QrState>(await createQr(a, 'PAYONEX', 10_000)).data;
    const n = await notification(qr.qrcodeId as string);
    const url = '/api/webhooks/payments/PAYONEX';
    expectError(await signedPost(t.app, url, n, { secret: 'not-the-secret' }), 401, 'KEY_INVALID');
    expectError(
      await signedPost(t.app, url, n, { timestamp: clock.now().getTime() - 5 * 60_000 - 1 }),
      401,
      'KEY_INVALID',
    );
    expectError(
      await signedPost(t.app, url, n, { timestamp: clock.now().getTime() + 6 * 60_000 }),
      401,
      'KEY_INVALID',
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(n),
    });
    expectError(unsigned, 401, 'KEY_INVALID');
    // A body changed after signing.
    const raw = JSON.stringify(n);
    const ts = String(clock.now().getTime());
    const { signWebhook } = await import('../src/features/deposits/webhook-signature');
    const tampered = await t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-timestamp': ts,
        'x-signature': signWebhook(t.app.ctx.secrets.webhookSecret, ts, raw),
      },
      payload: raw.replace(String(n.amount), '99999999'),
    });
    expectError(tampered, 401, 'KEY_INVALID');
    expect(await walletAmount(t.app, a)).toBe(before);
    // Within 5 minutes it is accepted.
    const ok = await signedPost(t.app, url, n, { timestamp: clock.now().getTime() - 4 * 60_000 });
    expect(body(ok).data).toMatchObject({ outcome: 'CREDITED' });
  });

  test('payments of a cancelled, expired, already paid or differently priced QR are refused and recorded', async () => {
    const before = await walletAmount(t.app, a);
    const outcome = async (channel: string, n: object) =>
      body<{ outcome: string }>(await signedPost(t.app, `/api/webhooks/payments/${channel}`, n)).data.outcome;

    const cancelled = body<QrState>(await createQr(a, 'KBANK', 1_000)).data;
    const nCancelled = await notification(cancelled.qrcodeId as string);
    await call(t.app, a, 'DELETE', `/api/qrcode/${cancelled.qrcodeId}`);
    expect(await outcome('KBANK', nCancelled)).toBe('REFUSED_CANCELLED');

    const expiring = body<QrState>(await createQr(a, 'KBANK', 1_000)).data;
    const nExpired = await notification(expiring.qrcodeId as string);
    clock.advance(15 * 60_000 + 1);
    expect(await outcome('KBANK', nExpired)).toBe('REFUSED_EXPIRED');

    const priced = body<QrState>(await createQr(a, 'KBANK', 1_000)).data;
    expect(await outcome('KBANK', await notification(priced.qrcodeId as string, { amount: 999 }))).toBe(
      'REFUSED_AMOUNT',
    );
    expect(await outcome('KBANK', await notification(priced.qrcodeId as string))).toBe('CREDITED');
    expect(await outcome('KBANK', await notification(priced.qrcodeId as string))).toBe('REFUSED_PAID');
    const unknown = {
      ...(await notification(priced.qrcodeId as string)),
      qrcodeId: '000000000000000000000000',
    };
    expect(await outcome('KBANK', unknown)).toBe('REFUSED_UNKNOWN_QR');

    expect(await walletAmount(t.app, a)).toBe(before + 1_000);
    const { depositsDb } = await import('../src/features/deposits/tables');
    const refused = await depositsDb(t.app.ctx.db)
      .selectFrom('money_in_incoming')
      .select('outcome')
      .where('outcome', '<>', 'CREDITED')
      .execute();
    expect(refused.map((r) => r.outcome).sort()).toEqual(
      ['REFUSED_AMOUNT', 'REFUSED_CANCELLED', 'REFUSED_EXPIRED', 'REFUSED_PAID', 'REFUSED_UNKNOWN_QR'].sort(),
    );
    await expectBooksBalanced(t.app);
  });
});

describe(`sandbox payment channel (${dbLabel})`, () => {
  test('the pay page shows the QR and a Pay button', async () => {
    const qr = body<QrState>(await createQr(a, 'PAYTIMZ', 5_000)).data;
    const page = await t.app.inject({ url: `/sandbox/pay/${qr.qrcodeId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('50.00 THB');
    expect(page.body).toContain('<svg');
    expect(page.body).toContain('id="pay"');
    expect((await t.app.inject({ url: '/sandbox/pay/nope' })).statusCode).toBe(404);
  });

  test('paying in the sandbox sends the signed webhook; a redelivery credits nothing more', async () => {
    const before = await walletAmount(t.app, a);
    const qr = body<QrState>(await call(t.app, a, 'GET', '/api/qrcode/PAYTIMZ')).data;
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/qr/${qr.qrcodeId}/pay`,
      payload: { repeat: 2 },
    });
    expect(res.statusCode).toBe(200);
    const out = JSON.parse(res.body) as {
      deliveries: { statusCode: number; outcome: string; duplicate: boolean }[];
    };
    expect(out.deliveries).toEqual([
      { statusCode: 200, outcome: 'CREDITED', duplicate: false },
      { statusCode: 200, outcome: 'CREDITED', duplicate: true },
    ]);
    expect(await walletAmount(t.app, a)).toBe(before + 5_000);
    // Paying it again is a new channel transaction of a paid QR: refused and recorded.
    const again = await t.app.inject({ method: 'POST', url: `/sandbox/qr/${qr.qrcodeId}/pay`, payload: {} });
    expect((JSON.parse(again.body) as { deliveries: { outcome: string }[] }).deliveries[0]?.outcome).toBe(
      'REFUSED_PAID',
    );
    expect(await walletAmount(t.app, a)).toBe(before + 5_000);
    await expectBooksBalanced(t.app);
  });
});

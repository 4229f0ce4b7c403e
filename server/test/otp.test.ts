import { ManualClock } from '../src/platform/clock';
import { body, createTestApp, dbLabel, newPhone, registration, type TestApp } from './helpers';

interface SendData {
  otpRef: string;
  otpToken: string;
  code: 'OTP_SENT' | 'OTP_VERIFIED';
}
interface OutboxEntry {
  to: string;
  text: string;
  otpRef: string | null;
  createdAt: string;
}

const clock = new ManualClock(Date.now());
let t: TestApp;
beforeAll(async () => {
  // The resend window is checked on the injected clock, so the counters stay in memory even with TEST_REDIS_URL.
  t = await createTestApp({ REDIS_URL: '' }, { clock });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
/** The error body exactly; a schema refusal also names the body field it is about (`field`). */
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

const outbox = async (): Promise<OutboxEntry[]> =>
  JSON.parse((await t.app.inject({ url: '/sandbox/sms' })).body);

/** Sends a code and reads it from the sandbox outbox. */
async function send(
  phone: string,
  headers: Record<string, string> = {},
): Promise<SendData & { otpCode: string }> {
  const res = await post('/api/otp/send', { phoneNumber: phone }, headers);
  expect(res.statusCode).toBe(200);
  const data = body<SendData>(res).data;
  const sms = (await outbox()).find((m) => m.otpRef === data.otpRef);
  const otpCode = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '';
  return { ...data, otpCode };
}

describe(`one-time codes (${dbLabel})`, () => {
  test('registerOTP is on by default', async () => {
    expect(body(await t.app.inject({ url: '/api/lookup/registerOTP' })).data).toEqual({ registerOTP: true });
  });

  test('phone must be 10 digits', async () => {
    expectError(await post('/api/otp/send', { phoneNumber: '12345' }), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT');
    expectError(await post('/api/otp/send', {}), 400, 'PHONE_NUMBER_REQUIRE_10_DIGIT', 'phoneNumber');
  });

  test('send: a 6-digit code by SMS in the sandbox outbox (newest first), resend limited to one per minute', async () => {
    const phone = newPhone();
    const first = await send(phone, { 'accept-language': 'en' });
    expect(first.code).toBe('OTP_SENT');
    expect(first.otpRef).toMatch(/^[A-Z0-9]{6}$/);
    expect(first.otpCode).toMatch(/^\d{6}$/);
    const sms = (await outbox())[0];
    expect(sms).toEqual({
      to: phone,
      text: expect.stringContaining(first.otpCode),
      otpRef: first.otpRef,
      createdAt: clock.now().toISOString(),
    });
    expect(sms?.text).toContain('Your OTP');

    expectError(await post('/api/otp/send', { phoneNumber: phone }), 429, 'REQUEST_LIMIT_1MIN');
    clock.advance(61_000);
    const second = await send(phone);
    expect(second.otpToken).not.toBe(first.otpToken);
    const box = await outbox();
    expect(box[0]?.otpRef).toBe(second.otpRef);
    expect(box[1]?.otpRef).toBe(first.otpRef);
    expect(box[0]?.text).toContain('รหัส OTP');
  });

  test('verify: token format, unknown token, wrong code, right code, single use', async () => {
    const phone = newPhone();
    const s = await send(phone);
    expectError(
      await post('/api/otp/verify', { otpToken: 'short', otpCode: s.otpCode }),
      400,
      'OTP_TOKEN_INVALID',
    );
    expectError(
      await post('/api/otp/verify', { otpToken: 'A'.repeat(32), otpCode: s.otpCode }),
      404,
      'OTP_NOT_EXIST',
    );
    expectError(await post('/api/otp/verify', { otpToken: s.otpToken }), 400, 'OTP_CODE_INVALID', 'otpCode');
    const wrong = s.otpCode === '000000' ? '111111' : '000000';
    expectError(
      await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: wrong }),
      400,
      'OTP_CODE_INVALID',
    );
    const ok = await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: s.otpCode });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toEqual({ code: 'SUCCESS', data: { code: 'OTP_CODE_VALID' } });
    expectError(
      await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: s.otpCode }),
      409,
      'OTP_VERIFIED',
    );

    // Sending again for a phone with a verified, unexpired token returns that token (wizard skips to profile).
    const again = await post('/api/otp/send', { phoneNumber: phone });
    expect(body(again).data).toEqual({ otpRef: s.otpRef, otpToken: s.otpToken, code: 'OTP_VERIFIED' });
  });

  test('a code expires after 10 minutes', async () => {
    const s = await send(newPhone());
    clock.advance(10 * 60_000 + 1000);
    expectError(
      await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: s.otpCode }),
      400,
      'OTP_EXPIRED',
    );
  });

  test('5 wrong attempts block the token, even for the right code afterwards', async () => {
    const s = await send(newPhone());
    const wrong = s.otpCode === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      expectError(
        await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: wrong }),
        400,
        'OTP_CODE_INVALID',
      );
    }
    expectError(await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: wrong }), 403, 'OTP_BLOCK');
    expectError(
      await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: s.otpCode }),
      403,
      'OTP_BLOCK',
    );
  });

  test('registration needs a verified token of the same phone, used once', async () => {
    const reg = registration();
    expectError(await post('/api/account', reg), 400, 'UNVERIFIED_OTP');

    const s = await send(reg.username);
    expectError(await post('/api/account', { ...reg, otpToken: s.otpToken }), 400, 'UNVERIFIED_OTP');
    expect((await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: s.otpCode })).statusCode).toBe(
      200,
    );

    const otherPhone = registration();
    expectError(await post('/api/account', { ...otherPhone, otpToken: s.otpToken }), 400, 'UNVERIFIED_OTP');

    const ok = await post('/api/account', { ...reg, otpToken: s.otpToken });
    expect(ok.statusCode).toBe(200);
    const consumed = await t.app.ctx.db
      .selectFrom('otps')
      .select('consumed_at')
      .where('token', '=', s.otpToken)
      .executeTakeFirstOrThrow();
    expect(consumed.consumed_at).not.toBeNull();
    expectError(await post('/api/otp/send', { phoneNumber: reg.username }), 409, 'EXISTING_USER');
  });

  test('a verified token is usable for registration for 30 minutes', async () => {
    const reg = registration();
    const s = await send(reg.username);
    expect((await post('/api/otp/verify', { otpToken: s.otpToken, otpCode: s.otpCode })).statusCode).toBe(
      200,
    );
    clock.advance(31 * 60_000);
    expectError(await post('/api/account', { ...reg, otpToken: s.otpToken }), 400, 'UNVERIFIED_OTP');
  });
});

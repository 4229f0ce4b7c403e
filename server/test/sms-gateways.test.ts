import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import {
  SmsSendError,
  ThaiBulkSmsAdapter,
  WebhookSmsAdapter,
  msisdn,
} from '../src/features/otp/sms-gateways';
import { body, createTestApp, dbLabel, newPhone, type TestApp } from './helpers';
import { startFakeProvider, type FakeProvider, type FakeRequest } from './fake-provider';

/**
 * The real SMS adapters against local fakes speaking the providers' documented protocols: ThaiBulkSMS API v2
 * (form POST /sms, Basic auth, phone_number_list / bad_phone_number_list, `{error: {code, name, description}}`)
 * and the generic signed webhook. Success, provider error, refused number, timeout and malformed answers; through
 * POST /api/otp/send every failure is 502 OTP_SEND_FAIL (never a 500, never a hang) and leaves no code behind.
 */
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
// The gateway's time limit. A hanging fake waits it out, so it is short; but the fake's answers must arrive within it
// on a loaded machine too (300 ms did not, with a worker per core and the PostgreSQL pass beside).
const TIMEOUT = 2000;

const sent = (r: FakeRequest) => ({
  status: 201,
  json: {
    remaining_credit: 99,
    total_use_credit: 1,
    credit_type: 'standard',
    phone_number_list: [{ number: new URLSearchParams(r.body.toString()).get('msisdn'), message_id: 'm1' }],
    bad_phone_number_list: [],
  },
});
const providerError = {
  status: 401,
  json: { error: { code: 106, name: 'ERROR_AUTHENTICATION', description: 'Authentication failed' } },
};

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const tbs = (force?: 'standard' | 'corporate') =>
  new ThaiBulkSmsAdapter(
    {
      provider: 'thaibulksms',
      baseUrl: fake.url,
      apiKey: 'key-1',
      apiSecret: 'secret-1',
      sender: 'WALLET',
      force,
    },
    false,
    TIMEOUT,
    log,
  );

describe('msisdn', () => {
  test('local numbers in international form', () => {
    expect(msisdn('0812345678', false)).toBe('66812345678');
    expect(msisdn('66812345678', false)).toBe('66812345678');
    expect(msisdn('020 5555 1234', true)).toBe('8562055551234');
  });
});

describe('ThaiBulkSMS API v2 adapter', () => {
  test('sends the documented request: POST /sms, Basic auth, form msisdn/message/sender/force', async () => {
    fake.answer = sent;
    await tbs('corporate').send({ to: '0812345678', text: 'รหัส 123456 (ref ABCDEF)', otpRef: 'ABCDEF' });
    expect(fake.requests).toHaveLength(1);
    const r = fake.requests[0] as FakeRequest;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/sms');
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from('key-1:secret-1').toString('base64')}`);
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(r.body.toString()))).toEqual({
      msisdn: '66812345678',
      message: 'รหัส 123456 (ref ABCDEF)',
      sender: 'WALLET',
      force: 'corporate',
    });
  });

  test('a provider error, a refused number, a malformed answer and a timeout are SmsSendErrors', async () => {
    fake.answer = () => providerError;
    await expect(tbs().send({ to: '0812345678', text: 'x' })).rejects.toThrow(/106 ERROR_AUTHENTICATION/);

    fake.answer = () => ({
      status: 201,
      json: { phone_number_list: [], bad_phone_number_list: [{ number: '66812345678', message: 'invalid' }] },
    });
    await expect(tbs().send({ to: '0812345678', text: 'x' })).rejects.toThrow(/number refused/);

    for (const bad of [
      { status: 200, text: '<html>gateway</html>' },
      { status: 201, json: { remaining_credit: 1 } },
      { status: 502, text: 'Bad gateway' },
    ]) {
      fake.answer = () => bad;
      await expect(tbs().send({ to: '0812345678', text: 'x' })).rejects.toBeInstanceOf(SmsSendError);
    }

    fake.answer = () => 'hang';
    const started = Date.now();
    await expect(tbs().send({ to: '0812345678', text: 'x' })).rejects.toThrow(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('an unreachable gateway is an SmsSendError', async () => {
    const gone = await startFakeProvider();
    await gone.close();
    const adapter = new ThaiBulkSmsAdapter(
      {
        provider: 'thaibulksms',
        baseUrl: gone.url,
        apiKey: 'k',
        apiSecret: 's',
        sender: 'W',
        force: undefined,
      },
      false,
      TIMEOUT,
      log,
    );
    await expect(adapter.send({ to: '0812345678', text: 'x' })).rejects.toThrow(/unreachable/);
  });
});

describe('signed webhook SMS adapter', () => {
  const SECRET = 'webhook-secret-0123456789';
  const adapter = () =>
    new WebhookSmsAdapter(
      { provider: 'webhook', url: `${fake.url}/hooks/sms`, secret: SECRET },
      false,
      TIMEOUT,
      log,
      () => 1_700_000_000_000,
    );

  test('POSTs {to, text, otpRef} with X-Timestamp and X-Signature sha256=<HMAC of timestamp.body>', async () => {
    fake.answer = () => ({ status: 204 });
    await adapter().send({ to: '0812345678', text: 'code 123456', otpRef: 'QWERTY' });
    const r = fake.requests[0] as FakeRequest;
    expect(r.url).toBe('/hooks/sms');
    expect(JSON.parse(r.body.toString())).toEqual({
      to: '66812345678',
      text: 'code 123456',
      otpRef: 'QWERTY',
    });
    expect(r.headers['x-timestamp']).toBe('1700000000000');
    const want = createHmac('sha256', SECRET).update(`1700000000000.${r.body.toString()}`).digest('hex');
    expect(r.headers['x-signature']).toBe(`sha256=${want}`);
  });

  test('a non-2xx answer or a timeout is an SmsSendError', async () => {
    fake.answer = () => ({ status: 500, text: 'oops' });
    await expect(adapter().send({ to: '0812345678', text: 'x' })).rejects.toThrow(/HTTP 500/);
    fake.answer = () => 'hang';
    await expect(adapter().send({ to: '0812345678', text: 'x' })).rejects.toThrow(/no answer/);
  });
});

describe(`POST /api/otp/send with SMS_PROVIDER=thaibulksms (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SMS_PROVIDER: 'thaibulksms',
      THAIBULKSMS_BASE_URL: fake.url,
      THAIBULKSMS_API_KEY: 'key-1',
      THAIBULKSMS_API_SECRET: 'secret-1',
      THAIBULKSMS_SENDER: 'WALLET',
      PROVIDER_TIMEOUT_MS: String(TIMEOUT),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const send = (phoneNumber: string) =>
    t.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber } });
  const otpRows = async (phone: string) =>
    (await t.app.ctx.db.selectFrom('otps').select('token').where('phone', '=', phone).execute()).length;

  test('the code goes through the gateway (not the sandbox outbox)', async () => {
    fake.answer = sent;
    const phone = newPhone();
    const res = await send(phone);
    expect(res.statusCode).toBe(200);
    const { otpRef } = body<{ otpRef: string }>(res).data;
    const form = new URLSearchParams((fake.requests[0] as FakeRequest).body.toString());
    expect(form.get('msisdn')).toBe(`66${phone.slice(1)}`);
    expect(form.get('message')).toContain(otpRef);
    expect(form.get('message')).toMatch(/\d{6}/);
    expect(JSON.parse((await t.app.inject({ url: '/sandbox/sms' })).body)).toEqual([]);
  });

  test.each([
    ['provider error', () => providerError],
    ['refused number', () => ({ status: 201, json: { phone_number_list: [], bad_phone_number_list: [{}] } })],
    ['not JSON', () => ({ status: 200, text: 'ok' })],
    ['missing fields', () => ({ status: 201, json: {} })],
    ['timeout', () => 'hang' as const],
  ])('%s → 502 OTP_SEND_FAIL, no code left behind, the phone may retry at once', async (_name, answer) => {
    fake.answer = answer as FakeProvider['answer'];
    const phone = newPhone();
    const res = await send(phone);
    expect({ status: res.statusCode, code: body(res).code }).toEqual({ status: 502, code: 'OTP_SEND_FAIL' });
    expect(await otpRows(phone)).toBe(0);
    fake.answer = sent;
    expect((await send(phone)).statusCode).toBe(200);
  });
});

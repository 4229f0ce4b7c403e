import { randomBytes } from 'node:crypto';
import { ManualClock } from '../../src/platform/clock';
import { createTestApp, dbLabel, setSetting, type TestApp } from '../helpers';
import { call, newMember, bearerOf, type TestMember } from '../money-in-support';
import { expectError, tally } from './support';

/**
 * Issue 7 finding: slip uploads, QR creation and deposit notices had no per-member limit. Each action has a
 * 1-minute (REQUEST_LIMIT_1MIN) and a 1-hour (REQUEST_LIMIT) window; the numbers here are tightened so that each
 * window is met first by one action (the defaults are in platform/limits.ts).
 */
let t: TestApp;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // 17:00 in Bangkok: away from the daily slip closing window (23:50–00:10), whatever the hour of the run.
      clock: new ManualClock(Date.parse('2026-03-04T10:00:00Z')),
      limits: {
        slipUploadsPerMinute: 2,
        slipUploadsPerHour: 10,
        qrCreatesPerMinute: 3,
        qrCreatesPerHour: 10,
        depositNoticesPerMinute: 10,
        depositNoticesPerHour: 2,
      },
    },
  );
  await setSetting(t.app, 'registerOTP', false);
  a = await newMember(t.app);
  b = await newMember(t.app);
});
afterAll(() => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function uploadSlip(m: TestMember, headers: Record<string, string> = {}) {
  const boundary = `----sec${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip-100.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    randomBytes(64),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    payload,
    headers: { ...bearerOf(m), 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
}

describe(`per-member deposit limits (${dbLabel})`, () => {
  test('slip uploads: a parallel burst of 8 → 2 processed, the rest REQUEST_LIMIT_1MIN; another member unaffected', async () => {
    const result = await Promise.all(Array.from({ length: 8 }, () => uploadSlip(a)));
    const answers = tally(result);
    console.info(`8 parallel slip uploads by one member: ${JSON.stringify(answers)}`);
    expect(answers['429 REQUEST_LIMIT_1MIN']).toBe(6);
    expect(result.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect((await uploadSlip(b)).statusCode).toBe(200);
  });

  test('a limited request with an Idempotency-Key does not store its 429 (a later retry runs for real)', async () => {
    const key = `sec-${randomBytes(6).toString('hex')}`;
    expectError(await uploadSlip(a, { 'idempotency-key': key }), 429, 'REQUEST_LIMIT_1MIN');
    const row = await t.app.ctx.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('member_id', '=', a.id)
      .where('key', '=', key)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  test('QR creation: a parallel burst of 10 → 3 created, the rest REQUEST_LIMIT_1MIN', async () => {
    const result = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, a, 'POST', '/api/qrcode/KBANK', { amount: 10_000 })),
    );
    const answers = tally(result);
    console.info(`10 parallel QR creations by one member: ${JSON.stringify(answers)}`);
    expect(answers['429 REQUEST_LIMIT_1MIN']).toBe(7);
    expect(result.filter((r) => r.statusCode !== 429)).toHaveLength(3);
    expect((await call(t.app, b, 'POST', '/api/qrcode/KBANK', { amount: 10_000 })).statusCode).not.toBe(429);
  });

  test('deposit notices: a parallel burst of 6 → 2 recorded, the rest REQUEST_LIMIT (the hour window)', async () => {
    const result = await Promise.all(
      Array.from({ length: 6 }, () => call(t.app, a, 'POST', '/api/wallet/add', { amount: 10_000 })),
    );
    const answers = tally(result);
    console.info(`6 parallel deposit notices by one member: ${JSON.stringify(answers)}`);
    expect(answers).toEqual({ '200 SUCCESS': 2, '429 REQUEST_LIMIT': 4 });
    expect((await call(t.app, b, 'POST', '/api/wallet/add', { amount: 10_000 })).statusCode).toBe(200);
  });
});

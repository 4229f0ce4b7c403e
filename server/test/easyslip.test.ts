import { randomBytes } from 'node:crypto';
import { bahtToMinor, isOurAccount } from '../src/features/deposits/easyslip';
import { depositsDb } from '../src/features/deposits/tables';
import { body, createTestApp, moveSlipWindowAway, dbLabel, setSetting, type TestApp } from './helpers';
import { startFakeProvider, type FakeAnswer, type FakeProvider, type FakeRequest } from './fake-provider';
import { bearerOf, expectBooksBalanced, newMember, walletAmount, type TestMember } from './money-in-support';

/**
 * The EasySlip adapter (SLIP_VERIFIER=easyslip) against a local fake of EasySlip API v1 (POST /api/v1/verify,
 * Bearer key, multipart `file`; `{status: 200, data}` or `{status, message: <error_code>}`): answers mapped onto
 * the slip reason codes, amounts exact in minor units; a timeout, a 5xx, a refused key or quota and a malformed
 * answer leave the slip PROCESSING (never credited, never failed for good); one bank transfer credits once.
 */
const OURS = '1234567890';
const KEY = 'easyslip-key-1';
const TIMEOUT = 300;

interface Slip {
  reference: string;
  amount: number;
  status: string;
  note: string | null;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const success = (transRef: string, amount: unknown, extra: { account?: string; date?: string } = {}) => ({
  status: 200,
  json: {
    status: 200,
    data: {
      payload: '0041000600000101030040220014242082547BPM049885102TH9104CF62',
      transRef,
      date: extra.date ?? minutesAgo(5),
      countryCode: 'TH',
      amount: { amount, local: { amount: 0, currency: '' } },
      fee: 0,
      ref1: '',
      ref2: '',
      ref3: '',
      sender: {
        bank: { id: '004', name: 'กสิกรไทย', short: 'KBANK' },
        account: {
          name: { th: 'นาย ทดสอบ', en: 'MR. TEST' },
          bank: { type: 'BANKAC', account: 'xxx-x-x1234-x' },
        },
      },
      receiver: {
        bank: { id: '014', name: 'ไทยพาณิชย์', short: 'SCB' },
        account: {
          name: { th: 'บริษัท วอลเล็ท' },
          bank: { type: 'BANKAC', account: extra.account ?? 'xxx-x-x6789-x' },
        },
      },
    },
  },
});
const error = (status: number, message: string) => ({ status, json: { status, message } });

/** The answer to the `flaky` case (a test changes it between attempts). */
let flaky: () => FakeAnswer = () => ({ status: 503, text: 'busy' });

/** What the fake answers for each case, chosen by a marker in the uploaded image. */
const CASES: Record<string, () => FakeAnswer> = {
  flaky: () => flaky(),
  ok: () => success(`T${randomBytes(6).toString('hex')}`, 250.5),
  same1: () => success('TSAMEREF0001', 100),
  same2: () => success('TSAMEREF0001', 100),
  race: () => success('TRACEREF0001', 70),
  dup: () => error(400, 'duplicate_slip'),
  notfound: () => error(404, 'slip_not_found'),
  invalid: () => error(400, 'invalid_image'),
  elsewhere: () => success('TELSEWHERE01', 100, { account: 'xxx-x-x9999-x' }),
  noaccount: () => success('TNOACCOUNT01', 100, { account: '' }),
  old: () => success('TOLDSLIP0001', 100, { date: minutesAgo(61) }),
  typed: () => success('TTYPED000001', 100),
  weird: () => error(400, 'something_new'),
  server: () => ({ status: 503, text: 'Service Unavailable' }),
  hang: () => 'hang',
  html: () => ({ status: 200, text: '<html>maintenance</html>' }),
  noamount: () => success('TNOAMOUNT001', undefined),
  drift: () => success('TDRIFT000001', 100.555),
  nodata: () => ({ status: 200, json: { status: 200 } }),
  quota: () => error(403, 'quota_exceeded'),
  unauthorized: () => error(401, 'unauthorized'),
};

let fake: FakeProvider;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeProvider();
  fake.answer = (r: FakeRequest) => {
    if (r.method !== 'POST' || r.url !== '/api/v1/verify') return { status: 404, json: {} };
    if (r.headers.authorization !== `Bearer ${KEY}`) return error(401, 'unauthorized');
    const text = r.body.toString('latin1');
    if (!String(r.headers['content-type']).startsWith('multipart/form-data') || !text.includes('name="file"'))
      return error(400, 'invalid_payload');
    const marker = /case:(\w+);/.exec(text)?.[1] ?? '';
    return (CASES[marker] ?? (() => error(400, 'invalid_payload')))();
  };
  t = await createTestApp({
    SLIP_VERIFIER: 'easyslip',
    EASYSLIP_BASE_URL: fake.url,
    EASYSLIP_API_KEY: KEY,
    SLIP_RECEIVER_ACCOUNTS: `111-1-11111-1, ${OURS}`,
    PROVIDER_TIMEOUT_MS: String(TIMEOUT),
  });
  await setSetting(t.app, 'registerOTP', false);
  await moveSlipWindowAway(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A PNG carrying the case marker (a distinct image each call). */
const image = (marker: string) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(`case:${marker};`),
    randomBytes(32),
  ]);

async function upload(m: TestMember, marker: string, amount?: number): Promise<Slip> {
  const boundary = `----t${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  if (amount !== undefined)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n${amount}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip-999.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image(marker),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...bearerOf(m), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  expect(res.statusCode).toBe(200);
  return body<Slip>(res).data;
}

describe('amounts and accounts', () => {
  test('baht → minor units exactly; more than 2 decimals, exponents, negatives and zero are refused', () => {
    expect(bahtToMinor(250.5)).toBe(25_050);
    expect(bahtToMinor(0.29)).toBe(29);
    expect(bahtToMinor(1_234_567.89)).toBe(123_456_789);
    expect(bahtToMinor('1000.10')).toBe(100_010);
    expect(bahtToMinor(100)).toBe(10_000);
    for (const bad of [
      100.555,
      0.1 + 0.2,
      1e21,
      -5,
      0,
      '1,000',
      '12.',
      'abc',
      null,
      undefined,
      NaN,
      Infinity,
    ])
      expect(bahtToMinor(bad)).toBeUndefined();
  });

  test('a masked account on the slip matches ours by its visible digits', () => {
    expect(isOurAccount('xxx-x-x6789-x', [OURS])).toBe(true);
    expect(isOurAccount('123-4-56789-0', [OURS])).toBe(true);
    expect(isOurAccount('xxx-x-x9999-x', [OURS])).toBe(false);
    expect(isOurAccount('xxx-x-xxxxx-x', [OURS])).toBe(false);
    expect(isOurAccount('6789', [OURS])).toBe(false);
    expect(isOurAccount('', [OURS])).toBe(false);
  });
});

describe(`EasySlip slip verification (${dbLabel})`, () => {
  test('a good slip is credited with its exact amount; the same transfer on another image is a duplicate', async () => {
    const a = await newMember(t.app);
    const good = await upload(a, 'ok');
    expect(good).toMatchObject({ status: 'SUCCESS', amount: 25_050, note: null });
    expect(await walletAmount(t.app, a)).toBe(25_050);
    expect(await upload(a, 'same1')).toMatchObject({ status: 'SUCCESS', amount: 10_000 });
    expect(await upload(a, 'same2')).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await walletAmount(t.app, a)).toBe(35_050);
    const r = fake.requests.at(-1) as FakeRequest;
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.body.toString('latin1')).toMatch(/name="file"; filename="slip\.png"/);
  });

  test('the same transfer uploaded twice at once by two members credits once', async () => {
    const [a, b] = [await newMember(t.app), await newMember(t.app)];
    const slips = await Promise.all([upload(a, 'race'), upload(b, 'race')]);
    expect(slips.map((s) => s.status).sort()).toEqual(['FAILED', 'SUCCESS']);
    expect(slips.find((s) => s.status === 'FAILED')?.note).toBe('SLIP_REFNO_DUPLICATED');
    expect((await walletAmount(t.app, a)) + (await walletAmount(t.app, b))).toBe(7_000);
  });

  test.each([
    ['dup', 'SLIP_REFNO_DUPLICATED'],
    ['notfound', 'INVALID_SLIP'],
    ['invalid', 'INVALID_SLIP'],
    ['elsewhere', 'DEST_ACC_INVALID'],
    ['noaccount', 'DEST_ACC_INVALID'],
    ['old', 'EXPIRED_SLIP'],
    ['weird', 'UNKNOW_ERROR'],
  ])('%s → FAILED %s, nothing credited', async (marker, reason) => {
    const m = await newMember(t.app);
    expect(await upload(m, marker)).toMatchObject({ status: 'FAILED', note: reason });
    expect(await walletAmount(t.app, m)).toBe(0);
  });

  test('a typed amount other than the slip’s → FAILED NOT_MATCH; the same amount is credited', async () => {
    const m = await newMember(t.app);
    expect(await upload(m, 'typed', 9_900)).toMatchObject({ status: 'FAILED', note: 'NOT_MATCH' });
    expect(await upload(m, 'typed', 10_000)).toMatchObject({ status: 'SUCCESS', amount: 10_000 });
    expect(await walletAmount(t.app, m)).toBe(10_000);
  });

  test.each(['server', 'hang', 'html', 'noamount', 'drift', 'nodata', 'quota', 'unauthorized'])(
    '%s → stays PROCESSING: not credited, not failed',
    async (marker) => {
      const m = await newMember(t.app);
      const started = Date.now();
      expect(await upload(m, marker)).toMatchObject({ status: 'PROCESSING', note: null });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await walletAmount(t.app, m)).toBe(0);
    },
  );

  test('a slip left PROCESSING is asked about again: credited once when the verifier answers', async () => {
    const m = await newMember(t.app);
    flaky = () => ({ status: 503, text: 'busy' });
    const slip = await upload(m, 'flaky', 4_200);
    expect(slip).toMatchObject({ status: 'PROCESSING' });
    const retry = () =>
      t.app.deposits.slips.retryProcessing({ minAgeMs: 0, maxAgeMs: 86_400_000, limit: 100 });
    // Still no answer: stays PROCESSING.
    flaky = () => 'hang';
    await retry();
    const statusOf = () =>
      depositsDb(t.app.ctx.db)
        .selectFrom('money_in_slips')
        .select(['status', 'note', 'amount'])
        .where('reference', '=', slip.reference)
        .executeTakeFirstOrThrow();
    expect(await statusOf()).toMatchObject({ status: 'PROCESSING' });
    expect(await walletAmount(t.app, m)).toBe(0);
    // Now it answers: two servers retrying at once still credit once.
    flaky = () => success('TFLAKY000001', 42);
    await Promise.all([retry(), retry()]);
    expect(await statusOf()).toEqual({ status: 'SUCCESS', note: null, amount: 4_200 });
    expect(await walletAmount(t.app, m)).toBe(4_200);
    expect(await retry()).toBe(0);
    expect(await walletAmount(t.app, m)).toBe(4_200);
  });

  test('the books balance', async () => {
    await expectBooksBalanced(t.app);
  });
});

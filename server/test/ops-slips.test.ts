import { randomBytes } from 'node:crypto';
import { ManualClock } from '../src/platform/clock';
import {
  body,
  createTestApp,
  dbLabel,
  fund,
  memberWithToken,
  setSetting,
  type TestApp,
  asCli as cliCall,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  // A verifier that never answers (nothing listens on port 1): every slip stays PROCESSING for an operator.
  // Noon in Bangkok: outside the daily slip closing window, whatever the hour the suite runs.
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 5, 0, 0));
  t = await createTestApp(
    {
      JOB_INTERVAL_MS: '0',
      SLIP_VERIFIER: 'easyslip',
      EASYSLIP_BASE_URL: 'http://127.0.0.1:1',
      EASYSLIP_API_KEY: 'test-key',
      SLIP_RECEIVER_ACCOUNTS: '1234567890',
      PROVIDER_TIMEOUT_MS: '500',
    },
    { clock },
  );
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const asCli = (method: 'GET' | 'POST', url: string, payload?: object) => cliCall(t.app, method, url, payload);

async function uploadSlip(token: string): Promise<string> {
  const boundary = `----t${randomBytes(6).toString('hex')}`;
  const image = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    randomBytes(64),
  ]);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n500\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(body<{ status: string }>(res).data.status).toBe('PROCESSING');
  return body<{ reference: string }>(res).data.reference;
}

interface Queued {
  id: string;
  reference: string;
  memberId: string;
  memberBank: { code: string; accountNo: string; accountName: string };
  status: string;
  link: string;
}

describe(`slips in review (${dbLabel})`, () => {
  test('approve credits once under the bank reference; a second decision and a reused reference change nothing', async () => {
    const { memberId, token } = await memberWithToken(t.app);
    await fund(t.app, memberId, 1_000);
    const main = () => t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' });
    const first = await uploadSlip(token);
    const second = await uploadSlip(token);
    const queue = body<Queued[]>(await asCli('GET', '/api/ops/slips')).data;
    const mine = queue.filter((s) => s.memberId === memberId);
    expect(mine.map((s) => s.reference).sort()).toEqual([first, second].sort());
    expect(mine[0]?.link).toMatch(/^\/api\/slip-image\//);
    // The account the slip must come from (NOT_MATCH otherwise): the member's registered one.
    const member = await t.app.ctx.db
      .selectFrom('members')
      .select(['bank_code', 'bank_account_no', 'bank_account_name'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(mine[0]?.memberBank).toEqual({
      code: member.bank_code,
      accountNo: member.bank_account_no,
      accountName: member.bank_account_name,
    });
    const idOf = (ref: string) => mine.find((s) => s.reference === ref)?.id ?? '';

    const [a, b] = await Promise.all([
      asCli('POST', `/api/ops/slips/${idOf(first)}/approve`, { amount: 50_000, slipRef: 'BANKREF0001' }),
      asCli('POST', `/api/ops/slips/${idOf(first)}/approve`, { amount: 50_000, slipRef: 'BANKREF0001' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await main()).toBe(51_000);

    // The same bank reference on another slip: refused as a duplicate, nothing credited.
    const dup = await asCli('POST', `/api/ops/slips/${idOf(second)}/approve`, {
      amount: 50_000,
      slipRef: 'BANKREF0001',
    });
    expect(body(dup).data).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await main()).toBe(51_000);

    const audit = body<{ action: string; target: string }[]>(
      await asCli('GET', '/api/ops/audit?action=slip.approve'),
    ).data;
    expect(audit.filter((e) => e.target === first)).toHaveLength(1);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  });

  test('reject with a reason code of §4: the member sees it, nothing moves; other codes are refused', async () => {
    const { memberId, token } = await memberWithToken(t.app);
    const ref = await uploadSlip(token);
    const id =
      body<Queued[]>(await asCli('GET', '/api/ops/slips')).data.find((s) => s.reference === ref)?.id ?? '';
    const bad = await asCli('POST', `/api/ops/slips/${id}/reject`, { reason: 'NOT_A_REASON' });
    expect(bad.statusCode).toBe(400);
    const res = await asCli('POST', `/api/ops/slips/${id}/reject`, { reason: 'EXPIRED_SLIP' });
    expect(body(res).data).toMatchObject({ status: 'FAILED', note: 'EXPIRED_SLIP' });
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/statement/slip',
      headers: { authorization: `Bearer ${token}` },
      payload: { page: 1, limit: 10 },
    });
    expect(body<{ slips: { reference: string; status: string; note: string }[] }>(list).data.slips).toEqual([
      expect.objectContaining({ reference: ref, status: 'FAILED', note: 'EXPIRED_SLIP' }),
    ]);
    expect(await t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' })).toBe(0);
    const again = await asCli('POST', `/api/ops/slips/${id}/approve`, {
      amount: 100,
      slipRef: 'BANKREF0002',
    });
    expect([again.statusCode, body(again).code]).toEqual([400, 'KEY_INVALID']);
  });
});

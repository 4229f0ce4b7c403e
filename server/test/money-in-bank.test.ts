import { depositsDb } from '../src/features/deposits/tables';
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

let t: TestApp;
let a: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
  a = await newMember(t.app, { bankCode: 'SCB' });
});
afterAll(() => t.close());

const transfer = (overrides: Record<string, unknown> = {}) => ({
  txid: `BANK-${Math.random().toString(36).slice(2, 10)}`,
  fromBankCode: 'SCB',
  fromAccountNo: a.reg.bankAccountNo,
  amount: 50_000,
  currency: 'THB',
  transferredAt: new Date().toISOString(),
  ...overrides,
});

describe(`bank transfer deposits (${dbLabel})`, () => {
  test('a transfer from the member’s registered account is credited once (redelivery ignored)', async () => {
    const before = await walletAmount(t.app, a);
    const tr = transfer();
    const first = await signedPost(t.app, '/api/webhooks/bank', tr);
    expect(body(first).data).toEqual({ received: true, duplicate: false, outcome: 'CREDITED' });
    const again = await signedPost(t.app, '/api/webhooks/bank', tr);
    expect(body(again).data).toEqual({ received: true, duplicate: true, outcome: 'CREDITED' });
    expect(await walletAmount(t.app, a)).toBe(before + 50_000);
    await expectBooksBalanced(t.app);
  });

  test('account number with dashes still matches; another bank code or account is unmatched and recorded', async () => {
    const before = await walletAmount(t.app, a);
    const no = a.reg.bankAccountNo;
    const dashed = `${no.slice(0, 3)}-${no.slice(3, 6)}-${no.slice(6)}`;
    expect(
      body(await signedPost(t.app, '/api/webhooks/bank', transfer({ fromAccountNo: dashed }))).data,
    ).toMatchObject({
      outcome: 'CREDITED',
    });
    const otherBank = transfer({ fromBankCode: 'KTB' });
    expect(body(await signedPost(t.app, '/api/webhooks/bank', otherBank)).data).toMatchObject({
      outcome: 'UNMATCHED',
    });
    const stranger = transfer({ fromAccountNo: '9999999999' });
    expect(body(await signedPost(t.app, '/api/webhooks/bank', stranger)).data).toMatchObject({
      outcome: 'UNMATCHED',
    });
    expect(await walletAmount(t.app, a)).toBe(before + 50_000);
    const unmatched = await depositsDb(t.app.ctx.db)
      .selectFrom('money_in_incoming')
      .select(['txid', 'member_id', 'from_bank_code', 'from_account_no', 'amount'])
      .where('outcome', '=', 'UNMATCHED')
      .orderBy('id')
      .execute();
    expect(unmatched).toEqual([
      { txid: otherBank.txid, member_id: null, from_bank_code: 'KTB', from_account_no: no, amount: 50_000 },
      {
        txid: stranger.txid,
        member_id: null,
        from_bank_code: 'SCB',
        from_account_no: '9999999999',
        amount: 50_000,
      },
    ]);
    await expectBooksBalanced(t.app);
  });

  test('a manual deposit notice is PENDING until a transfer of that amount arrives', async () => {
    const res = await call(t.app, a, 'POST', '/api/wallet/add', { amount: 30_000 });
    expect(res.statusCode).toBe(200);
    const notice = body<{ depositId: string; status: string }>(res).data;
    expect(notice.status).toBe('PENDING');
    const status = async () =>
      (
        await depositsDb(t.app.ctx.db)
          .selectFrom('money_in_deposit_notices')
          .select('status')
          .where('id', '=', notice.depositId)
          .executeTakeFirstOrThrow()
      ).status;
    await signedPost(t.app, '/api/webhooks/bank', transfer({ amount: 12_300 }));
    expect(await status()).toBe('PENDING');
    await signedPost(t.app, '/api/webhooks/bank', transfer({ amount: 30_000 }));
    expect(await status()).toBe('MATCHED');
    expectError(await call(t.app, a, 'POST', '/api/wallet/add', { amount: 0 }), 400, 'TRANSFER_MINIMUM');
  });

  test('the sandbox bank sends the signed webhook', async () => {
    const before = await walletAmount(t.app, a);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/incoming',
      payload: { fromAccountNo: a.reg.bankAccountNo, fromBankCode: 'SCB', amount: 7_000, repeat: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect((JSON.parse(res.body) as { deliveries: unknown[] }).deliveries).toEqual([
      { statusCode: 200, outcome: 'CREDITED', duplicate: false },
      { statusCode: 200, outcome: 'CREDITED', duplicate: true },
    ]);
    expect(await walletAmount(t.app, a)).toBe(before + 7_000);
    await expectBooksBalanced(t.app);
  });

  test('deposits show in the statement as deposit lines from the sending bank', async () => {
    const res = await call(t.app, a, 'POST', '/api/statement', { page: 1, limit: 10 });
    expect(res.statusCode).toBe(200);
    const { statements } = body<{
      statements: { statementType: string; from: string; to: string; amount: number; status: string }[];
    }>(res).data;
    expect(statements[0]).toMatchObject({
      statementType: 'deposit',
      from: 'SCB',
      to: 'wallet',
      amount: 7_000,
      status: 'SUCCESS',
    });
  });

  test('unsigned bank webhooks are refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/bank',
      headers: { 'content-type': 'application/json', 'x-timestamp': String(Date.now()), 'x-signature': '00' },
      payload: JSON.stringify(transfer()),
    });
    expectError(res, 401, 'KEY_INVALID');
  });
});

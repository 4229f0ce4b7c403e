import { body, createTestApp, dbLabel, fund, memberWithToken, setSetting, type TestApp } from './helpers';

/**
 * Issue 35: a payout is settled only from an answer that agrees with the bank's own record. The sandbox bank's
 * status is its record (a payout it failed while deciding it due is answered FAILED, never SUCCESS), and the
 * settlement asks twice: contradicting answers settle nothing.
 */

let t: TestApp;
let token: string;
let memberId: string;

beforeAll(async () => {
  // The bank pays at once when asked (settle delay 0), as in the race of the issue.
  t = await createTestApp({ JOB_INTERVAL_MS: '0', PAYOUT_SETTLE_MS: '0' });
  await setSetting(t.app, 'registerOTP', false);
  ({ memberId, token } = await memberWithToken(t.app));
  await fund(t.app, memberId, 100_000);
});
afterAll(() => t.close());

let n = 0;
async function withdraw(amount: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `payout-${(n += 1)}` },
    payload: { amount },
  });
  expect(res.statusCode).toBe(200);
  return body<{ withdrawalId: string }>(res).data.withdrawalId;
}
const main = () => t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' });
const withdrawal = (id: string) =>
  t.app.ctx.db.selectFrom('withdrawals').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();

describe(`payout settlement believes the bank's record (${dbLabel})`, () => {
  test('the sandbox bank fails a payout while status() decides it due: status answers FAILED, the money comes back', async () => {
    const bank = t.app.sandboxPayouts!;
    const before = await main();
    const id = await withdraw(20_000);
    const force = bank.force.bind(bank);
    // The injected failure lands between status()'s read and its own update.
    const spy = jest.spyOn(bank, 'force').mockImplementationOnce(async (pid, outcome) => {
      await force(pid, 'FAILED');
      return force(pid, outcome);
    });
    try {
      expect(await bank.status(id)).toBe('FAILED');
    } finally {
      spy.mockRestore();
    }
    expect(await t.app.withdrawals.poll(id)).toBe('FAILED');
    expect(await withdrawal(id)).toEqual({ status: 'FAILED' });
    expect(await main()).toBe(before);
  });

  test('answers that contradict each other settle nothing; the next poll settles from the record', async () => {
    const bank = t.app.sandboxPayouts!;
    const before = await main();
    const id = await withdraw(10_000);
    await bank.force(id, 'FAILED');
    const spy = jest.spyOn(bank, 'status').mockResolvedValueOnce('SUCCESS');
    try {
      expect(await t.app.withdrawals.poll(id)).toBe('PENDING');
    } finally {
      spy.mockRestore();
    }
    expect(await withdrawal(id)).toEqual({ status: 'PENDING' });
    expect(await t.app.withdrawals.poll(id)).toBe('FAILED');
    expect(await main()).toBe(before);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  });
});

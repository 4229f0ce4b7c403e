import { encryptGiftLink } from '../src/features/deposits/truelink-crypto';
import { body, createTestApp, dbLabel, fund, memberWithToken, setSetting, type TestApp } from './helpers';

/**
 * Issue 35: money answers stay true under double taps and races. Every request with one Idempotency-Key gets the
 * key's first final answer (refusals included) and the money moves once; a twin is never refused because of the
 * money its own first request spoke for; a collect decides from one consistent read.
 */

let t: TestApp;
const TWINS = 20;

beforeAll(async () => {
  // A little provider latency keeps the first request of a key running while its twins arrive.
  t = await createTestApp({ GAME_LATENCY_MS: '20', JOB_INTERVAL_MS: '0', OPERATION_GRACE_MS: '15000' });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

interface Player {
  memberId: string;
  token: string;
}
async function player(amount: number, games: string[] = []): Promise<Player> {
  const m = await memberWithToken(t.app);
  if (amount > 0) await fund(t.app, m.memberId, amount);
  for (const code of games) {
    const res = await t.app.inject({
      url: `/api/wallet/activate/${code}`,
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.statusCode).toBe(200);
  }
  return m;
}
const post = (p: Player, url: string, payload: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': key },
    payload,
  });
const balances = (p: Player) => t.app.ctx.ledger.memberBalances(t.app.ctx.db, p.memberId);
const reconcile = () => t.app.operations.reconcilePending({ force: true });

interface Answer {
  status: number;
  code: string;
  operationId: string | undefined;
  opStatus: string | undefined;
  legs: unknown;
}
/** What must be the same in every answer of one key: status code, catalogue code, operation, its legs. */
function answerOf(res: { statusCode: number; body: string }): Answer {
  const b = JSON.parse(res.body) as {
    code: string;
    operationId?: string;
    data?: { operation?: { id: string; status: string; legs: unknown } };
  };
  return {
    status: res.statusCode,
    code: b.code,
    operationId: b.data?.operation?.id ?? b.operationId,
    opStatus: b.data?.operation?.status,
    legs: b.data?.operation?.legs,
  };
}
async function twins(p: Player, url: string, payload: object, key: string): Promise<Answer> {
  const answers = (await Promise.all(Array.from({ length: TWINS }, () => post(p, url, payload, key)))).map(
    answerOf,
  );
  const first = answers[0] as Answer;
  for (const a of answers) expect(a).toEqual(first);
  expect(first.operationId).toEqual(expect.any(String));
  // Asked again later: the same answer.
  expect(answerOf(await post(p, url, payload, key))).toEqual(first);
  return first;
}
async function expectBooks() {
  expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  expect(await t.app.ctx.ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
}
const countTransfers = async (operationId: string) =>
  (
    await t.app.ctx.db
      .selectFrom('game_transfers')
      .select('id')
      .where('operation_id', '=', operationId)
      .execute()
  ).length;
const withdrawalsOf = async (p: Player) =>
  t.app.ctx.db
    .selectFrom('withdrawals')
    .select(['id', 'amount'])
    .where('member_id', '=', p.memberId)
    .execute();

describe(`one key, one answer (${dbLabel})`, () => {
  test(`transfer: ${TWINS} twins of one key get the same answer, the money moves once`, async () => {
    const p = await player(50_000, ['PG']);
    const a = await twins(p, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 50_000 }, 'tr');
    expect([a.status, a.opStatus]).toEqual([200, 'SUCCESS']);
    expect(await countTransfers(a.operationId as string)).toBe(1);
    expect(await balances(p)).toMatchObject({ main: 0, 'game:PG': 50_000 });
    await expectBooks();
  });

  test(`transferAll to a game and to the wallet: ${TWINS} twins each, one operation, money moved once`, async () => {
    const p = await player(40_000, ['PG', 'JOKER2']);
    const into = await twins(p, '/api/wallet/transferAll', { to: 'JOKER2' }, 'all-in');
    expect([into.status, into.opStatus]).toEqual([200, 'SUCCESS']);
    expect(await balances(p)).toMatchObject({ main: 0, 'game:JOKER2': 40_000 });
    const out = await twins(p, '/api/wallet/transferAll', { to: 'wallet' }, 'all-out');
    expect([out.status, out.opStatus]).toEqual([200, 'SUCCESS']);
    expect(await countTransfers(out.operationId as string)).toBe(1);
    expect(await balances(p)).toMatchObject({ main: 40_000, 'game:JOKER2': 0 });
    await expectBooks();
  });

  test(`withdraw of the whole wallet: ${TWINS} twins, none refused by its twin, one withdrawal`, async () => {
    const p = await player(30_000);
    const a = await twins(p, '/api/wallet/withdraw', { amount: 30_000 }, 'wd');
    expect([a.status, a.opStatus]).toEqual([200, 'SUCCESS']);
    expect(await withdrawalsOf(p)).toHaveLength(1);
    expect((await balances(p)).main).toBe(0);
    await expectBooks();
  });

  test(`withdrawAll of wallet and games: ${TWINS} twins, none refused by its twin, one withdrawal`, async () => {
    const p = await player(60_000, ['PG']);
    expect(
      answerOf(await post(p, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 25_000 }, 'fill'))
        .status,
    ).toBe(200);
    const a = await twins(p, '/api/wallet/withdrawAll', { amount: 60_000 }, 'wda');
    expect([a.status, a.opStatus]).toEqual([200, 'SUCCESS']);
    const ws = await withdrawalsOf(p);
    expect(ws.map((w) => Number(w.amount))).toEqual([60_000]);
    expect(await balances(p)).toMatchObject({ main: 0, 'game:PG': 0 });
    await expectBooks();
  });

  test('a refused key is refused again after the money arrived: withdraw, withdrawAll, transfer, transferAll', async () => {
    const p = await player(5_000, ['PG']);
    const cases: [string, object, string][] = [
      ['/api/wallet/withdraw', { amount: 20_000 }, 'MONEY_NOT_ENOUGH'],
      ['/api/wallet/withdrawAll', { amount: 20_000 }, 'MONEY_NOT_ENOUGH'],
      ['/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 20_000 }, 'MONEY_NOT_ENOUGH'],
      ['/api/wallet/transferAll', { to: 'wallet' }, 'TRANSFER_MINIMUM'],
    ];
    const first = [];
    for (const [url, payload, code] of cases) {
      const res = await post(p, url, payload, `refused ${url}`);
      expect([res.statusCode, body(res).code]).toEqual([400, code]);
      first.push(res.body);
    }
    await fund(t.app, p.memberId, 100_000);
    expect(
      answerOf(await post(p, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10_000 }, 'fill'))
        .status,
    ).toBe(200);
    for (const [i, [url, payload]] of cases.entries()) {
      const again = await post(p, url, payload, `refused ${url}`);
      expect(again.statusCode).toBe(400);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(JSON.parse(again.body)).toEqual(JSON.parse(first[i] as string));
    }
    expect(await withdrawalsOf(p)).toHaveLength(0);
    expect(await balances(p)).toMatchObject({ main: 95_000, 'game:PG': 10_000 });
    await expectBooks();
  });

  test(`a refusal met by ${TWINS} twins: every one gets the same refusal`, async () => {
    const p = await player(5_000);
    const a = await twins(p, '/api/wallet/withdraw', { amount: 20_000 }, 'wd-refused');
    expect([a.status, a.code]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    expect(await withdrawalsOf(p)).toHaveLength(0);
  });

  test(`money-in (gift link): ${TWINS} twins of one key get the same answer and the wallet is credited once; a refusal is kept`, async () => {
    const p = await player(0);
    const link = encryptGiftLink('https://gift.truemoney.com/campaign/?v=40bTwins12345678', 'LUCKY WALLET');
    const answers = await Promise.all(
      Array.from({ length: TWINS }, () => post(p, '/api/wallet/truelink', { link }, 'gift')),
    );
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(200);
    expect((await balances(p)).main).toBe(4_000);
    // Refused (the voucher was redeemed already), then asked again: the same refusal, replayed.
    const refused = await post(p, '/api/wallet/truelink', { link }, 'gift-again');
    expect([refused.statusCode, body(refused).code]).toEqual([409, 'TRUELINK_DUPLICATE']);
    const again = await post(p, '/api/wallet/truelink', { link }, 'gift-again');
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([
      409,
      refused.body,
      'true',
    ]);
    expect((await balances(p)).main).toBe(4_000);
  });

  /** Every answer the same (status and body), and asked again later: the same once more. */
  async function sameAnswers(send: () => Promise<{ statusCode: number; body: string }>) {
    const answers = await Promise.all(Array.from({ length: TWINS }, send));
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    const again = await send();
    expect(`${again.statusCode} ${again.body}`).toBe(`${answers[0]?.statusCode} ${answers[0]?.body}`);
    return answers[0] as { statusCode: number; body: string };
  }
  const getKeyed = (p: Player, url: string, key: string) =>
    t.app.inject({ url, headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': key } });
  const coins = async (p: Player) =>
    body<{ coin: number }>(
      await t.app.inject({ url: '/api/account/profile', headers: { authorization: `Bearer ${p.token}` } }),
    ).data.coin;

  test(`bonus: ${TWINS} twins of one key receive it once; a refusal is kept after the deposit arrives`, async () => {
    const poor = await player(0);
    const refused = await sameAnswers(() => getKeyed(poor, '/api/bonus/activate/DAILY10', 'bonus-refused'));
    expect([refused.statusCode, body(refused).code]).toEqual([400, 'BONUS_CONDITION']);
    await fund(t.app, poor.memberId, 100_000);
    const again = await getKeyed(poor, '/api/bonus/activate/DAILY10', 'bonus-refused');
    expect([again.statusCode, again.body]).toEqual([400, refused.body]);
    expect((await balances(poor)).main).toBe(100_000);

    const p = await player(100_000);
    const got = await sameAnswers(() => getKeyed(p, '/api/bonus/activate/DAILY10', 'bonus'));
    expect(got.statusCode).toBe(200);
    expect((await balances(p)).main).toBe(110_000);
    await expectBooks();
  });

  test(`spin: ${TWINS} twins of one key spin once; a refusal is kept after a coin arrives`, async () => {
    await setSetting(t.app, 'spin.active', true);
    const poor = await player(0);
    const spin = (p: Player, key: string) => post(p, '/api/spinwheel/spin', {}, key);
    const refused = await sameAnswers(() => spin(poor, 'spin-refused'));
    expect([refused.statusCode, body(refused).code]).toEqual([400, 'SPIN_NO_COIN']);
    await fund(t.app, poor.memberId, 10_000);
    const again = await spin(poor, 'spin-refused');
    expect([again.statusCode, again.body]).toEqual([400, refused.body]);
    expect(await coins(poor)).toBe(1);

    const p = await player(10_000);
    expect(await coins(p)).toBe(1);
    const spun = await sameAnswers(() => spin(p, 'spin'));
    expect(spun.statusCode).toBe(200);
    expect(await coins(p)).toBe(0);
  });

  test(`a collect racing ${TWINS} transfers into its games leaves nothing free behind while answering SUCCESS`, async () => {
    const p = await player(300_000, ['PG', 'JOKER2']);
    const initial: Record<string, number> = { PG: 30_000, JOKER2: 20_000 };
    for (const [code, amount] of Object.entries(initial)) {
      const res = await post(p, '/api/wallet/transfer', { from: 'wallet', to: code, amount }, `init ${code}`);
      expect(answerOf(res)).toMatchObject({ status: 200, opStatus: 'SUCCESS' });
    }
    const ins = Array.from({ length: TWINS }, (_, i) => ({
      code: i % 2 === 0 ? 'PG' : 'JOKER2',
      amount: 1_000 + i * 100,
    }));
    const [collect, ...moved] = await Promise.all([
      post(p, '/api/wallet/transferAll', { to: 'wallet' }, 'collect'),
      ...ins.map((m, i) => post(p, '/api/wallet/transfer', { from: 'wallet', ...m, to: m.code }, `in ${i}`)),
    ]);
    await reconcile();
    const c = answerOf(collect as { statusCode: number; body: string });
    expect([c.status, c.opStatus]).toEqual([200, 'SUCCESS']);
    const op = await t.app.operations.store.byId(c.operationId as string);
    expect(op?.status).toBe('SUCCESS');
    const collected: Record<string, number> = {};
    for (const l of op?.legs ?? []) if (l.step.type === 'game_out') collected[l.step.code] = l.step.amount;
    const b = await balances(p);
    for (const code of ['PG', 'JOKER2']) {
      const inSucceeded = ins
        .filter(
          (m, i) =>
            m.code === code && answerOf(moved[i] as { statusCode: number; body: string }).status === 200,
        )
        .reduce((s, m) => s + m.amount, 0);
      // The money free at the decision (at least what was in the game before the race) was collected ...
      expect(collected[code] ?? 0).toBeGreaterThanOrEqual(initial[code] as number);
      // ... and what stays in the game came in after the decision.
      expect(b[`game:${code}`] ?? 0).toBe((initial[code] as number) + inSucceeded - (collected[code] ?? 0));
      expect(b[`game:${code}`] ?? 0).toBeLessThanOrEqual(inSucceeded);
    }
    await expectBooks();
  });
});

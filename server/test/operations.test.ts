import {
  body,
  createTestApp,
  dbLabel,
  fund,
  memberWithToken,
  playerWithMoney,
  setSetting,
  type TestApp,
} from './helpers';

/**
 * Money operations: the Idempotency-Key is stored with the operation in the same transaction as its first leg,
 * so a retry always learns the outcome — after a 5xx that followed a commit, after a concurrent duplicate, and
 * by looking the operation up.
 */

let t: TestApp;
let token: string;
let memberId: string;

interface OperationData {
  id: string;
  status: string;
  legs: { status: string; from: string; to: string; amount: number }[];
}
interface TransferData {
  status: string;
  transferId: string;
  operation: OperationData;
}

beforeAll(async () => {
  t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0', OPERATION_GRACE_MS: '0' });
  await setSetting(t.app, 'registerOTP', false);
  ({ memberId, token } = await playerWithMoney(t.app, 100_000));
});
afterAll(() => t.close());

const transfer = (key: string, amount: number, auth = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: `Bearer ${auth}`, 'idempotency-key': key },
    payload: { from: 'wallet', to: 'PG', amount },
  });
const mainBalance = () => t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' });
const transfersOf = async (operationId: string) =>
  t.app.ctx.db.selectFrom('game_transfers').select('id').where('operation_id', '=', operationId).execute();

describe(`money operations (${dbLabel})`, () => {
  test('a 5xx after the first commit: the retry with the key learns the outcome, and money moved once', async () => {
    const before = await mainBalance();
    const spy = jest
      // The game transfer's settlement, the leg's and the operation's end are one statement (the game leg's
      // settling statement with store.settleLegCtes): it fails as a whole, after the provider applied the transfer.
      .spyOn(t.app.operations.store, 'settleLegCtes')
      .mockImplementationOnce(() => {
        throw new Error('connection lost after the provider answered');
      });
    const first = await transfer('five-hundred', 1_000);
    spy.mockRestore();
    expect([first.statusCode, body(first).code]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    expect(await mainBalance()).toBe(before - 1_000);

    const retry = await transfer('five-hundred', 1_000);
    const pending = body<TransferData>(retry).data;
    expect([retry.statusCode, pending.status]).toEqual([200, 'PENDING']);
    expect(retry.headers['idempotent-replayed']).toBe('true');

    await t.app.reconcileJob.runOnce();
    const done = body<TransferData>(await transfer('five-hundred', 1_000)).data;
    expect(done).toMatchObject({ status: 'SUCCESS', transferId: pending.transferId });
    expect(await transfersOf(done.operation.id)).toHaveLength(1);
    expect(await mainBalance()).toBe(before - 1_000);
  });

  test('the same key with another request is KEY_INVALID and moves nothing', async () => {
    expect(body<TransferData>(await transfer('same-key', 1_000)).data.status).toBe('SUCCESS');
    const before = await mainBalance();
    const other = await transfer('same-key', 2_000);
    expect([other.statusCode, body(other).code]).toEqual([409, 'KEY_INVALID']);
    expect(await mainBalance()).toBe(before);
  });

  test('concurrent duplicates of one key: one operation, money moved once, every answer names it', async () => {
    const before = await mainBalance();
    const answers = await Promise.all(Array.from({ length: 8 }, () => transfer('burst', 1_500)));
    const ids = new Set(answers.map((a) => body<TransferData>(a).data.operation.id));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(ids.size).toBe(1);
    expect(await transfersOf([...ids][0] as string)).toHaveLength(1);
    expect(await mainBalance()).toBe(before - 1_500);
  });

  test("a refusal is the key's final answer: the same key re-sent after the money arrived is refused again", async () => {
    const balance = await mainBalance();
    const refused = await transfer('retry-after-deposit', balance + 1_000);
    expect([refused.statusCode, body(refused).code]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    const operationId = (JSON.parse(refused.body) as { operationId: string }).operationId;
    expect(typeof operationId).toBe('string');
    expect(await mainBalance()).toBe(balance);
    await fund(t.app, memberId, 1_000);
    const again = await transfer('retry-after-deposit', balance + 1_000);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(again.body)).toEqual(JSON.parse(refused.body));
    expect(await mainBalance()).toBe(balance + 1_000);
    // The refusal is a FAILED operation that moved nothing.
    const op = await t.app.operations.store.byId(operationId);
    expect(op).toMatchObject({ status: 'FAILED', error: 'MONEY_NOT_ENOUGH', legs: [] });
    const fresh = await transfer('retry-after-deposit-2', balance + 1_000);
    expect(body<TransferData>(fresh).data.status).toBe('SUCCESS');
    expect(await mainBalance()).toBe(0);
    await fund(t.app, memberId, 50_000);
  });

  test('an operation can be looked up by its key or id, by its member only', async () => {
    const started = body<TransferData>(await transfer('look-me-up', 2_000)).data.operation;
    const headers = { authorization: `Bearer ${token}` };
    const byKey = await t.app.inject({ url: '/api/operations/key/look-me-up', headers });
    const byId = await t.app.inject({ url: `/api/operations/${started.id}`, headers });
    expect(body<OperationData>(byKey).data).toEqual(body<OperationData>(byId).data);
    expect(body<OperationData>(byKey).data).toMatchObject({
      id: started.id,
      status: 'SUCCESS',
      legs: [{ from: 'wallet', to: 'PG', amount: 2_000, status: 'SUCCESS' }],
    });
    const statement = await t.app.inject({
      method: 'POST',
      url: '/api/statement',
      headers,
      payload: { page: 1, limit: 1 },
    });
    expect(body<{ statements: { operationId?: string }[] }>(statement).data.statements[0]?.operationId).toBe(
      started.id,
    );
    const stranger = await memberWithToken(t.app);
    const theirs = await t.app.inject({
      url: `/api/operations/${started.id}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect([theirs.statusCode, body(theirs).code]).toEqual([404, 'NO_DATA']);
    const unknown = await t.app.inject({ url: '/api/operations/key/never-used', headers });
    expect(unknown.statusCode).toBe(404);
  });

  test('a money-in key left running by a request that died is taken over by the next retry', async () => {
    const headers = { authorization: `Bearer ${token}`, 'idempotency-key': 'died-mid-way' };
    const notice = () =>
      t.app.inject({ method: 'POST', url: '/api/wallet/add', headers, payload: { amount: 50_000 } });
    const first = await notice();
    expect(first.statusCode).toBe(200);
    // As if the process had died while the request ran: the row says running, six minutes ago.
    await t.app.ctx.db
      .updateTable('idempotency_keys')
      .set({
        status: 'running',
        response_status: null,
        response_body: null,
        created_at: new Date(Date.now() - 360_000),
      })
      .where('member_id', '=', memberId)
      .where('key', '=', 'died-mid-way')
      .execute();
    const retry = await notice();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const replay = await notice();
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(replay.body).toBe(retry.body);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { body, createTestApp, dbLabel, playerWithMoney, testDatabaseUrl, type TestApp } from './helpers';

/**
 * A statement that is its own transaction and that PostgreSQL picks as a deadlock victim was rolled back whole:
 * the server runs it again (platform/db/batcher.ts `retryVictim`) and the member gets the transfer's answer, not
 * a 500. The deadlock is made on purpose: another transaction holds the member's game account (the first row a
 * transfer's start locks) and then inserts an operation under the very key the waiting start has just inserted.
 * Each waits on the other; the start, waiting longer, finds the deadlock and is rolled back. Deadlocks need
 * concurrent sessions: PostgreSQL only (PGlite runs one statement at a time).
 */

const onPostgres = testDatabaseUrl ? describe : describe.skip;

let t: TestApp;
let memberId: string;
let token: string;

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  t = await createTestApp({ JOB_INTERVAL_MS: '0', GAME_LATENCY_MS: '0' });
  ({ memberId, token } = await playerWithMoney(t.app, 100_000));
});
afterAll(() => t?.close());

const balance = (code: 'main' | `game:${string}`) =>
  t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code });

onPostgres(`a transfer's start picked as a deadlock victim (${dbLabel})`, () => {
  it('runs again once the deadlock is gone: the member gets the transfer, moved once', async () => {
    const { db } = t.app.ctx;
    const key = `victim-${randomUUID()}`;
    const rolledBack = new Error('the other transaction rolls back');
    let request: Promise<{ statusCode: number; body: string }> | undefined;
    let otherInserted = false;
    await expect(
      db.transaction().execute(async (trx) => {
        const pid = Number(
          (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid,
        );
        await sql`select 1 from game_accounts where member_id = ${memberId} and code = 'PG' for update`.execute(
          trx,
        );
        // (inject dispatches once its answer is asked for)
        request = Promise.resolve(
          t.app.inject({
            method: 'POST',
            url: '/api/wallet/transfer',
            headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
            payload: { from: 'wallet', to: 'PG', amount: 2_500 },
          }),
        );
        // The start has inserted its operation and waits for the game account this transaction holds.
        for (let waited = 0; ; waited += 20) {
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where ${pid}::int = any(pg_blocking_pids(pid))`.execute(db); // (outside: a transaction sees one snapshot)
          if (Number(rows[0]?.n) > 0) break;
          if (waited > 5_000) throw new Error('the transfer never waited for the game account');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // The same key: this insert waits for the start's, which waits for this transaction. The start finds the
        // deadlock first (it has waited longer) and is rolled back; then this insert goes through.
        await sql`insert into operations (id, member_id, idempotency_key, kind, request_hash, plan, status,
            next_attempt_at, created_at, updated_at)
          values (${randomUUID()}, ${memberId}, ${key}, 'transfer', 'other', '{}'::jsonb, 'PENDING', now(), now(),
            now())`.execute(trx);
        otherInserted = true;
        // The start's second run now waits for this key; rolling back lets it through.
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(otherInserted).toBe(true);
    const res = await request;
    expect(res?.statusCode).toBe(200);
    expect(body<{ status: string }>(res as { body: string }).data).toMatchObject({ status: 'SUCCESS' });
    expect(await balance('main')).toBe(100_000 - 2_500);
    expect(await balance('game:PG')).toBe(2_500);
    const ops = await db
      .selectFrom('operations')
      .select(['status'])
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', key)
      .execute();
    expect(ops).toEqual([{ status: 'SUCCESS' }]);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  }, 20_000);
});

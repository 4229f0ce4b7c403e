/**
 * Background money work on the job queue (docs/server.md "Background jobs"): graphile-worker on PostgreSQL, the
 * in-process queue on PGlite. A payout's settlement job is added in the transaction that records the withdrawal
 * and settles it once the bank paid, with no scan (the safety-net sweep runs an hour apart here); a job that used up
 * its attempts is dead, listed for operators with its last error, and an admin runs it again (audited).
 */
import { sql } from 'kysely';
import { GraphileJobs } from '../src/platform/jobs/graphile';
import {
  asCli,
  body,
  createTestApp,
  dbLabel,
  fund,
  memberWithToken,
  OPS_CONSOLE,
  operatorCookie,
  playerWithMoney,
  setSetting,
  testDatabaseUrl,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    JOB_INTERVAL_MS: '100',
    JOB_SWEEP_MS: '3600000',
    PAYOUT_SETTLE_MS: '300',
    GAME_LATENCY_MS: '0',
  });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, limitMs = 20_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface JobsView {
  engine: string;
  counts: { queue: string; state: string; count: number }[];
  dead: { id: string; queue: string; attempts: number; lastError: string | null }[];
}

describe(`background jobs (${dbLabel})`, () => {
  test('a payout the bank paid is settled by its own job', async () => {
    const { memberId, token } = await memberWithToken(t.app);
    await fund(t.app, memberId, 50_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'jobs-w-1' },
      payload: { amount: 20_000 },
    });
    const { withdrawalId } = body<{ withdrawalId: string }>(res).data;
    // Nothing here polls the bank (no payoutJob.runOnce; the sweep ran at start, before it): only the job settles it.
    const settled = await until(
      () => t.app.withdrawals.view(withdrawalId),
      (v) => v.status !== 'PENDING',
    );
    expect(settled.status).toBe('SUCCESS');
    // Paid once: the member's wallet lost the amount once.
    expect(settled.wallet.amount).toBe(30_000);
  });

  test('a job that used up its attempts is dead, listed with its error; an admin runs it again', async () => {
    const { ctx } = t.app;
    // A malformed job (no operation id) fails every time it runs.
    await ctx.jobs.add(ctx.db, 'operation.reconcile', {}, { maxAttempts: 1 });
    const jobs = async () => body<JobsView>(await asCli(t.app, 'GET', '/api/ops/jobs')).data;
    const seen = await until(jobs, (v) => v.dead.some((d) => d.queue === 'operation.reconcile'));
    expect(seen.engine).toBe(ctx.dbKind === 'postgres' ? 'graphile-worker' : 'in-process');
    const dead = seen.dead.find((d) => d.queue === 'operation.reconcile');
    expect(dead).toMatchObject({ attempts: 1, lastError: expect.stringContaining('no operation id') });
    expect(seen.counts).toContainEqual({ queue: 'operation.reconcile', state: 'dead', count: 1 });

    // Finance reads the jobs but may not run one again.
    const finance = await operatorCookie(t.app, 'fin-jobs', 'finance');
    const read = await t.app.inject({ method: 'GET', url: '/api/ops/jobs', cookies: { wl_ops: finance } });
    expect(read.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/ops/jobs/${dead?.id}/retry`,
      cookies: { wl_ops: finance },
      headers: OPS_CONSOLE,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);

    const retried = await asCli(t.app, 'POST', `/api/ops/jobs/${dead?.id}/retry`, {});
    expect(body(retried).data).toEqual({ id: dead?.id, retried: true });
    // It ran again (and failed again: dead once more, not doubled).
    const after = await until(jobs, (v) =>
      v.counts.some((c) => c.queue === 'operation.reconcile' && c.state === 'dead' && c.count === 1),
    );
    expect(after.dead.filter((d) => d.queue === 'operation.reconcile')).toHaveLength(1);
    const audit = body<{ target: string }[]>(
      await asCli(t.app, 'GET', '/api/ops/audit?action=job.retry'),
    ).data;
    expect(audit.map((e) => e.target)).toContain(`operation.reconcile:${dead?.id}`);

    const unknown = await asCli(t.app, 'POST', '/api/ops/jobs/999999999/retry', {});
    expect(unknown.statusCode).toBe(404);
  });

  (testDatabaseUrl ? test : test.skip)(
    "a job a live process's pool has held a long time is left to it (its life lock is held)",
    async () => {
      const { ctx } = t.app;
      expect(ctx.jobs).toBeInstanceOf(GraphileJobs);
      const jobs = ctx.jobs as GraphileJobs;
      expect(jobs.poolId).toMatch(/^pool-/);
      const key = 'test:live-pool';
      // Not due for an hour (no worker takes it), locked a minute ago in this process's pool's name: as a job
      // this process has been running for a minute.
      await jobs.add(
        ctx.db,
        'payout.settle',
        { id: 'held-withdrawal', n: 0 },
        { key, runAt: new Date(Date.now() + 3_600_000) },
      );
      await sql`update _private_jobs set locked_at = now() - interval '1 minute', locked_by = ${jobs.poolId}
        where key = ${key}`.execute(ctx.db);
      expect(await jobs.releaseDeadWorkers()).toBe(0);
      const held = await sql<{
        locked_by: string | null;
      }>`select locked_by from _private_jobs where key = ${key}`.execute(ctx.db);
      expect(held.rows).toEqual([{ locked_by: jobs.poolId }]);
      await sql`delete from _private_jobs where key = ${key}`.execute(ctx.db);
    },
  );

  (testDatabaseUrl ? test : test.skip)(
    'a process that died is found by its registered pool, and what it was doing is taken over at once',
    async () => {
      const { ctx } = t.app;
      const jobs = ctx.jobs as GraphileJobs;
      const pools = async () =>
        (await sql<{ id: string }>`select id from job_pools order by id`.execute(ctx.db)).rows.map(
          (r) => r.id,
        );
      expect(await pools()).toContain(jobs.poolId);
      let takenOver = 0;
      jobs.onTakeover(async () => {
        takenOver += 1;
      });
      // As a killed process leaves its pool: registered, its life lock gone with its connection.
      await sql`insert into job_pools (id) values ('pool-of-a-dead-process')`.execute(ctx.db);
      expect(
        await until(
          async () => takenOver,
          (n) => n > 0,
          15_000,
        ),
      ).toBeGreaterThan(0);
      // The dead one's row is gone; this process's pool is still registered.
      const left = await pools();
      expect(left).not.toContain('pool-of-a-dead-process');
      expect(left).toContain(jobs.poolId);
    },
  );

  (testDatabaseUrl ? test : test.skip)(
    'on a takeover an operation without a job gets one, due when the operation is, not when it is already due',
    async () => {
      const { ctx } = t.app;
      const player = await playerWithMoney(t.app, 10_000);
      const fault = (mode: string) =>
        t.app.inject({ method: 'POST', url: '/sandbox/games/PG/faults', payload: { mode } });
      let key = '';
      // The provider stays unreachable throughout: a reconcile run that slips in (its job was due 1 s after the
      // answer) only defers the operation again, and the loop below puts it back as the test wants it.
      expect((await fault('unknown')).statusCode).toBe(200);
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/wallet/transfer',
          headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': 'takeover-1' },
          payload: { from: 'wallet', to: 'PG', amount: 1_000 },
        });
        const op = body<{ operation: { id: string; status: string } }>(res).data?.operation;
        expect(op?.status).toBe('PENDING');
        key = `op:${op?.id}`;
        // As when the process driving it died before deferring it: no job, its next attempt ahead. Set again until
        // no reconcile run undoes it.
        const state = async () =>
          (
            await sql<{ status: string; later: boolean; jobs: number }>`
              select o.status, o.next_attempt_at > now() + interval '50 minutes' as later,
                (select count(*)::int from _private_jobs j where j.key = ${key}) as jobs
              from operations o where o.id = ${op?.id}`.execute(ctx.db)
          ).rows[0];
        for (let i = 0; i < 50; i++) {
          await sql`update operations set next_attempt_at = now() + interval '1 hour' where id = ${op?.id}`.execute(
            ctx.db,
          );
          await sql`delete from _private_jobs where key = ${key}`.execute(ctx.db);
          await new Promise((r) => setTimeout(r, 200));
          const now = await state();
          if (now?.later && now.jobs === 0) break;
        }
        expect(await state()).toEqual({ status: 'PENDING', later: true, jobs: 0 });
      } finally {
        expect((await fault('ok')).statusCode).toBe(200);
      }
      const jobOf = async () =>
        (
          await sql<{ run_at: Date }>`select run_at from _private_jobs where key = ${key}`.execute(ctx.db)
        ).rows.map((r) => new Date(r.run_at).getTime());
      await t.app.operations.sweep();
      expect(await jobOf()).toEqual([]); // not due: the periodic sweep leaves it
      await t.app.operations.sweep({ allPending: true });
      const [runAt] = await jobOf();
      expect(runAt).toBeGreaterThan(Date.now() + 3_000_000);
    },
  );

  (testDatabaseUrl ? test : test.skip)(
    "a job whose process died (its worker's lock gone) is taken up again within seconds, with no sweep (its pool's life lock is free)",
    async () => {
      const { ctx } = t.app;
      const key = 'test:dead-worker';
      await ctx.db.transaction().execute(async (trx) => {
        await ctx.jobs.add(trx, 'payout.settle', { id: 'gone-withdrawal', n: 0 }, { key });
        // As a worker of a killed process leaves it: locked, by a worker nobody holds the life lock of.
        await sql`update _private_jobs set locked_at = now(), locked_by = 'worker-of-a-dead-process'
          where key = ${key}`.execute(trx);
      });
      const left = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*)::int as n from _private_jobs where key = ${key}`.execute(
              ctx.db,
            )
          ).rows[0]?.n,
        );
      expect(await left()).toBe(1);
      // The process's dead-worker check (every second, once the job was locked 2 s) makes it available again (not
      // after graphile-worker's 4 hours, nor at the next sweep), then it runs and is done.
      expect(await until(left, (n) => n === 0, 15_000)).toBe(0);
    },
  );
});

import fp from 'fastify-plugin';
import { databaseJobLease, IntervalJob } from '../../platform/jobs';
import { SandboxPayoutAdapter, UnconfiguredPayoutAdapter } from './payout-adapter';
import { withdrawalOpsRoutes } from './ops-routes';
import { withdrawContentShape, withdrawLookupRoutes, withdrawRoutes } from './routes';
import { pendingWithdrawals } from './pending-withdrawals';
import { payoutSandboxRoutes } from './sandbox-routes';
import { WithdrawOperations } from './withdraw-operations';
import { PayoutService } from './withdrawal-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Withdrawals to the member's bank account and their settlement by the payout adapter. */
    withdrawals: PayoutService;
    /** Set while SANDBOX is on: the sandbox bank (forced payouts). */
    sandboxPayouts: SandboxPayoutAdapter | undefined;
    /**
     * Polls every pending payout now, in this process (tests, operators). In the background each pending payout
     * has its own job (`payout.settle`, every JOB_INTERVAL_MS while the bank says PENDING).
     */
    payoutJob: IntervalJob;
  }
}

/**
 * Withdrawals: POST /api/wallet/withdraw and /withdrawAll, GET /api/lookup/withdraw, the sandbox bank while
 * SANDBOX is on, and the payout settlement jobs.
 */
export const withdrawalsPlugin = fp(
  async (app) => {
    const { ctx } = app;
    const sandboxPayouts = ctx.config.sandbox
      ? new SandboxPayoutAdapter(ctx.db, ctx.clock, ctx.config.payoutSettleMs)
      : undefined;
    // Every call to the bank counted and timed as provider `bank` (wallet_provider_calls_total).
    const adapter = ctx.metrics.instrument(sandboxPayouts ?? new UnconfiguredPayoutAdapter(), 'bank', [
      'submit',
      'status',
    ]);
    const withdrawals = new PayoutService(
      ctx.db,
      ctx.ledger,
      adapter,
      app.content,
      ctx.clock,
      app.log,
      ctx.events,
    );
    withdrawals.useJobs(ctx.jobs, ctx.config.jobIntervalMs, ctx.config.jobSweepMs);
    const payoutJob = new IntervalJob(
      'payouts',
      0,
      () => withdrawals.settlePending(),
      app.log,
      databaseJobLease(ctx.db, ctx.dbKind),
      ctx.metrics.jobs,
    );
    const settled = ctx.metrics.payoutsSettled;
    withdrawals.onSettled = (outcome) => settled.inc({ outcome });
    const oldest = ctx.metrics.gauge(
      'wallet_withdrawal_pending_oldest_age_seconds',
      'Age of the oldest withdrawal waiting on the bank, seconds (0 when none)',
    );
    const backlog = ctx.metrics.gauge(
      'wallet_payout_backlog',
      'Withdrawals waiting on the bank (PENDING payouts)',
    );
    ctx.metrics.onScrape('withdrawals', [oldest, backlog], async () => {
      const now = ctx.clock.now();
      const { count, oldest: since } = await pendingWithdrawals(ctx.db);
      backlog.set(count);
      oldest.set(since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0);
    });
    withdrawals.operations = new WithdrawOperations(
      ctx.db,
      ctx.ledger,
      app.operations,
      adapter,
      () => withdrawals.limits(),
      app.members,
      ctx.clock,
      app.log,
      ctx.holds,
      (trx, id) => withdrawals.schedulePoll(trx, id),
    );
    app.operations.register('withdraw', withdrawals.operations);
    app.content.define('withdraw', withdrawContentShape(ctx.config.laos ? 'LAK' : 'THB'));
    app.decorate('withdrawals', withdrawals);
    app.decorate('sandboxPayouts', sandboxPayouts);
    app.decorate('payoutJob', payoutJob);
    app.addHook('onClose', async () => payoutJob.stop());

    await app.register(withdrawLookupRoutes, { prefix: '/api' });
    await app.register(withdrawRoutes, { prefix: '/api' });
    await app.register(withdrawalOpsRoutes, { prefix: '/api/ops' });
    if (sandboxPayouts) await app.register(payoutSandboxRoutes, { prefix: '/sandbox', bank: sandboxPayouts });
  },
  { name: 'withdrawals', fastify: '5.x', dependencies: ['content', 'games', 'operations', 'operators'] },
);

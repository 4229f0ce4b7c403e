import fp from 'fastify-plugin';
import { databaseJobLease, IntervalJob } from '../../platform/jobs';
import { SandboxPayoutAdapter, UnconfiguredPayoutAdapter } from './payout-adapter';
import { withdrawalOpsRoutes } from './ops-routes';
import { withdrawContentShape, withdrawLookupRoutes, withdrawRoutes } from './routes';
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
    const adapter = sandboxPayouts ?? new UnconfiguredPayoutAdapter();
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
    );
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

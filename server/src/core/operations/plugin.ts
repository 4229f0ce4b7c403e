import fp from 'fastify-plugin';
import { databaseJobLease, IntervalJob } from '../../platform/jobs';
import { operationRoutes } from './routes';
import { DEFAULT_OPERATION_TIMINGS, OperationRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Money operations: the runner features register their step handlers with (core/operations). */
    operations: OperationRunner;
    /**
     * Drives every due pending operation now, in this process (under the job lease on PostgreSQL): what tests and
     * an operator's POST /api/ops/reconcile ask for. In the background each pending operation has its own job.
     */
    reconcileJob: IntervalJob;
  }
}

/**
 * Money operations with definite outcomes: the runner, GET /api/operations/{id} and /api/operations/key/{key},
 * and the reconciliation jobs that drive every pending operation to its end (after a crash too).
 */
export const operationsPlugin = fp(
  async (app) => {
    const { ctx } = app;
    const runner = new OperationRunner(
      ctx.db,
      ctx.clock,
      app.log,
      { ...DEFAULT_OPERATION_TIMINGS, graceMs: ctx.config.operationGraceMs },
      ctx.config.groupCommit,
    );
    runner.useJobs(ctx.jobs, ctx.config.jobSweepMs);
    const job = new IntervalJob(
      'reconcile',
      0,
      () => runner.reconcilePending(),
      app.log,
      databaseJobLease(ctx.db, ctx.dbKind),
    );
    app.decorate('operations', runner);
    app.decorate('reconcileJob', job);
    app.addHook('onClose', async () => job.stop());
    await app.register(operationRoutes, { prefix: '/api' });
  },
  { name: 'operations', fastify: '5.x' },
);

import fp from 'fastify-plugin';
import { databaseJobLease, IntervalJob } from '../../platform/jobs';
import { operationRoutes } from './routes';
import { DEFAULT_OPERATION_TIMINGS, OperationRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Money operations: the runner features register their step handlers with (core/operations). */
    operations: OperationRunner;
    /** Finishes pending operations (JOB_INTERVAL_MS); never runs inside a member's request. */
    reconcileJob: IntervalJob;
  }
}

/**
 * Money operations with definite outcomes: the runner, GET /api/operations/{id} and /api/operations/key/{key},
 * and the reconciliation job that drives every pending operation to its end (after a crash too).
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
    const job = new IntervalJob(
      'reconcile',
      ctx.config.jobIntervalMs,
      () => runner.reconcilePending(),
      app.log,
      databaseJobLease(ctx.db, ctx.dbKind),
    );
    app.decorate('operations', runner);
    app.decorate('reconcileJob', job);
    app.addHook('onReady', async () => job.start());
    app.addHook('onClose', async () => job.stop());
    await app.register(operationRoutes, { prefix: '/api' });
  },
  { name: 'operations', fastify: '5.x' },
);

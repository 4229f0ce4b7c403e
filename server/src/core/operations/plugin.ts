import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseJobLease, IntervalJob } from '../../platform/jobs';
import { OPERATION_KINDS } from './plan';
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
      ctx.metrics.jobs,
    );
    registerOperationMetrics(app, runner);
    app.decorate('operations', runner);
    app.decorate('reconcileJob', job);
    app.addHook('onClose', async () => job.stop());
    await app.register(operationRoutes, { prefix: '/api' });
  },
  { name: 'operations', fastify: '5.x' },
);

const STATUSES = ['PENDING', 'SUCCESS', 'PARTIAL', 'FAILED'] as const;

/** The operations' gauges, read at each scrape, and the reconciliation's counter (docs/operations.md). */
function registerOperationMetrics(app: FastifyInstance, runner: OperationRunner): void {
  const { metrics, clock } = app.ctx;
  const finished = metrics.reconcileFinished;
  runner.onReconciled = (kind, outcome) => finished.inc({ kind, outcome });
  const byStatus = metrics.gauge('wallet_operations', 'Money operations by kind and status', [
    'kind',
    'status',
  ]);
  const oldest = metrics.gauge(
    'wallet_operation_pending_oldest_age_seconds',
    'Age of the oldest PENDING operation of each kind, seconds (0 when none is pending)',
    ['kind'],
  );
  const backlog = metrics.gauge(
    'wallet_reconcile_backlog',
    'PENDING operations due for the reconciliation job now (past their grace or backoff)',
  );
  metrics.onScrape('operations', [byStatus, oldest, backlog], async () => {
    const now = clock.now();
    const { counts, pending } = await runner.store.gauges(now);
    for (const kind of OPERATION_KINDS) {
      for (const status of STATUSES) {
        byStatus.set({ kind, status }, counts.find((c) => c.kind === kind && c.status === status)?.n ?? 0);
      }
      const p = pending.find((r) => r.kind === kind);
      oldest.set({ kind }, p ? Math.max(0, (now.getTime() - p.oldest.getTime()) / 1000) : 0);
    }
    backlog.set(pending.reduce((n, r) => n + r.due, 0));
  });
}

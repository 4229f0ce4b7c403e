import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { GraphileJobs } from './graphile';
import { InProcessJobs } from './in-process';
import type { JobObserver } from '../metrics';
import type { JobHandler, JobQueue } from './queue';

export { databaseJobLease, IntervalJob, type JobLease } from './interval';
export type {
  DeadJob,
  JobCount,
  JobExecutor,
  JobHandler,
  JobOptions,
  JobPayload,
  JobQueue,
  JobState,
  WantedJob,
} from './queue';
export { retryDelayMs } from './queue';

export interface JobQueueSettings {
  dbKind: 'pglite-memory' | 'pglite-disk' | 'postgres';
  databaseUrl: string | undefined;
  schema: string;
  /** JOB_INTERVAL_MS > 0: this process runs jobs. */
  work: boolean;
  concurrency: number;
}

/**
 * The job queue of the database: graphile-worker on PostgreSQL (its objects in the app's schema, installed here),
 * the in-process queue on PGlite.
 */
export async function openJobQueue(db: Db, s: JobQueueSettings, log: FastifyBaseLogger): Promise<JobQueue> {
  if (s.dbKind !== 'postgres' || !s.databaseUrl) return new InProcessJobs(log, s.work);
  const jobs = new GraphileJobs(
    db,
    { connectionString: s.databaseUrl, schema: s.schema, concurrency: s.concurrency, work: s.work },
    log,
  );
  await jobs.migrate();
  return jobs;
}

/**
 * The queue with every task's runs counted and timed (wallet_job_runs_total, wallet_job_duration_seconds by task
 * and outcome: ok, or error when the handler threw and the job is to be tried again or is dead).
 */
export function observedJobs(jobs: JobQueue, observe: JobObserver): JobQueue {
  const timed =
    <A extends unknown[]>(task: string, run: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<void> => {
      const started = performance.now();
      try {
        await run(...args);
        observe(task, 'ok', (performance.now() - started) / 1000);
      } catch (e) {
        observe(task, 'error', (performance.now() - started) / 1000);
        throw e;
      }
    };
  const define = jobs.define.bind(jobs);
  const recurring = jobs.recurring.bind(jobs);
  jobs.define = (task, handler: JobHandler, opts) => define(task, timed(task, handler), opts);
  jobs.recurring = (task, everyMs, handler) => recurring(task, everyMs, timed(task, handler));
  return jobs;
}

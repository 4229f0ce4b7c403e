import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { GraphileJobs } from './graphile';
import { InProcessJobs } from './in-process';
import type { JobQueue } from './queue';

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

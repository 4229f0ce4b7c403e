import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { JobObserver } from '../metrics';

/**
 * Runs a job's work unless another process runs that job now; answers whether it ran. With several server
 * processes on one PostgreSQL, each job runs in one of them at a time.
 */
export type JobLease = (name: string, work: () => Promise<unknown>) => Promise<boolean>;

/**
 * The lease of the database: on PostgreSQL a session advisory lock per job name (`pg_try_advisory_lock`), held on
 * one pooled connection while the work runs (on its own connections) and released after it; a process that dies
 * drops its connection and so its lock. PGlite belongs to one process: no lease is needed (undefined).
 */
export function databaseJobLease(db: Db, dbKind: string): JobLease | undefined {
  if (dbKind !== 'postgres') return undefined;
  return (name, work) =>
    db.connection().execute(async (conn) => {
      // Advisory locks are per database: the schema is part of the key (one deployment per schema).
      const key = sql`hashtextextended(${`job:${name}:`} || current_schema(), 0)`;
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(conn);
      if (got.rows[0]?.ok !== true) return false;
      try {
        await work();
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(conn);
      }
    });
}

/**
 * A background job on an interval: never overlaps itself, does not keep the process (or Jest) alive, and
 * `stop()` waits for a run in progress, so the database can close after it. With a `lease`, a run is skipped while
 * another process holds the job (several servers on one database run each job once at a time). Each run is told to
 * the `observer` (wallet_job_runs_total and wallet_job_duration_seconds: ok, error or skipped).
 */
export class IntervalJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    private readonly lease?: JobLease,
    private readonly observer?: JobObserver,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs now unless a run is in progress (then waits for that one). */
  runOnce(): Promise<void> {
    if (this.running) return this.running;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const run = this.lease ? this.lease(this.name, this.work) : this.work().then(() => true);
    this.running = run
      .then((ran) => this.observer?.(this.name, ran ? 'ok' : 'skipped', ran ? seconds() : undefined))
      .catch((err: unknown) => {
        this.observer?.(this.name, 'error', seconds());
        this.log.error({ err, job: this.name }, 'background job failed');
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import {
  Logger,
  parseCronItems,
  run,
  runMigrations,
  type Runner,
  type Task,
  type WorkerEvents,
} from 'graphile-worker';
import { MIGRATION_LOCK, type Db } from '../db';
import {
  DEFAULT_MAX_ATTEMPTS,
  type DeadJob,
  type JobCount,
  type JobExecutor,
  type JobHandler,
  type JobOptions,
  type JobPayload,
  type JobQueue,
  type JobState,
  type WantedJob,
} from './queue';

/**
 * A job locked longer than this is taken to be a dead worker's (graphile-worker itself frees such a lock after 4
 * hours): the sweep adds its work again. Should a live worker still be on it, the work runs twice: every handler
 * is idempotent.
 */
const ABANDONED_AFTER_MS = 30_000;

/**
 * Jobs locked more recently than this are not judged: a pool takes its life lock just after it is created (on its
 * own connection, a moment after its first jobs may be locked), and is not to be taken for dead meanwhile.
 */
const LIFE_LOCK_GRACE_MS = 2_000;

/**
 * How often each working process looks for workers whose process died and frees their jobs (a short query on the
 * jobs table, whose rows are only the jobs not yet done): a dead process's payouts and reconciliations are taken
 * over within this time rather than at the next sweep.
 */
const DEAD_WORKER_CHECK_MS = 1_000;

export interface GraphileJobsOptions {
  connectionString: string;
  /** The app's schema: graphile-worker's tables and functions live beside ours (no name clashes). */
  schema: string;
  /** Jobs run at once in this process. */
  concurrency: number;
  /** false: jobs are added, none run in this process (JOB_INTERVAL_MS=0). */
  work: boolean;
}

/**
 * The job queue on PostgreSQL: graphile-worker (docs/benchmarks.md "Job engine"). Jobs are rows added by SQL
 * (`add_job`) in the caller's transaction; workers in every process take them with `FOR UPDATE SKIP LOCKED`,
 * woken by LISTEN/NOTIFY; a failure is retried after e^attempts seconds; a job that used up its attempts stays
 * (dead) until an operator retries it. A periodic task runs soon after each start, then every period (each run
 * adds the next), with graphile-worker's crontab (one run per minute across processes) as the backstop.
 */
export class GraphileJobs implements JobQueue {
  readonly engine = 'graphile-worker';
  private readonly tasks: Record<string, Task> = {};
  private readonly maxAttempts = new Map<string, number>();
  private readonly periodic: { task: string; everyMs: number }[] = [];
  private runner: Runner | undefined;
  /** Our schema's graphile-worker migration once `migrate` ran (this version's). */
  private migration = 0;
  private events: WorkerEvents | undefined;
  /**
   * Holds a session advisory lock per worker pool of this process while it lives (`releaseDeadWorkers`): jobs are
   * locked in a pool's name (graphile-worker 0.17: `locked_by` is the pool's id, not a worker's).
   */
  private alive: pg.Client | undefined;
  /** The id of this process's running worker pool (the `locked_by` of the jobs it runs). */
  poolId: string | undefined;
  private readonly takeovers: (() => Promise<unknown>)[] = [];
  private deadWorkerCheck: NodeJS.Timeout | undefined;
  private checkingDeadWorkers: Promise<unknown> | undefined;
  private readonly s: ReturnType<typeof sql.id>;

  constructor(
    private readonly db: Db,
    private readonly opts: GraphileJobsOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.s = sql.id(opts.schema);
  }

  /** Installs or upgrades graphile-worker's schema objects (needed before the first `add`). */
  async migrate(): Promise<void> {
    // Under the migrations' lock, like ours (platform/db): graphile-worker creates and alters tables, and another
    // app's migrator reading every schema's catalogue meanwhile would fail ("relation … does not exist").
    await this.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
      try {
        await runMigrations({
          connectionString: this.opts.connectionString,
          schema: this.opts.schema,
          logger: this.logger(),
        });
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
      }
    });
    this.migration = await this.schemaMigration();
  }

  /** graphile-worker's latest migration in our schema. */
  private async schemaMigration(): Promise<number> {
    const r = await sql<{ n: number | null }>`select max(id)::int as n from ${this.s}.migrations`.execute(
      this.db,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  define(task: string, handler: JobHandler, opts: { maxAttempts?: number } = {}): void {
    this.tasks[task] = async (payload) => handler((payload ?? {}) as JobPayload);
    this.maxAttempts.set(task, opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  }

  recurring(task: string, everyMs: number, handler: () => Promise<void>): void {
    // Every `everyMs`: each run adds the next (one job per key across processes). The crontab (whole minutes) is
    // the backstop should a process die during a run (its job then stays locked).
    const key = `periodic:${task}`;
    const run = async () => {
      try {
        await handler();
      } finally {
        if (this.runner && everyMs < 60_000) {
          await this.add(this.db, task, {}, { key, runAt: new Date(Date.now() + everyMs) });
        }
      }
    };
    this.define(task, run, { maxAttempts: 1 });
    this.periodic.push({ task, everyMs });
  }

  async add(ex: JobExecutor, task: string, payload: JobPayload, opts: JobOptions = {}): Promise<void> {
    await sql`select ${this.s}.add_job(${task}, ${JSON.stringify(payload)}::json, run_at => ${opts.runAt ?? null}::timestamptz,
      max_attempts => ${opts.maxAttempts ?? this.maxAttempts.get(task) ?? DEFAULT_MAX_ATTEMPTS}::int, job_key => ${opts.key ?? null}::text)`.execute(
      ex,
    );
  }

  /** The advisory-lock key of a worker pool's life (text: hashed by PostgreSQL). */
  private lifeKey(poolId: string): string {
    return `graphile-worker:${this.opts.schema}:${poolId}`;
  }

  /**
   * Finds the worker pools whose process died and frees their jobs: each process registers its pool in
   * `job_pools` and holds, on one connection of its own, a session advisory lock per pool while it lives; a pool
   * whose lock can be taken is dead (its connection dropped with its process). graphile-worker's
   * `force_unlock_workers` makes its jobs available again at once (else they stay locked 4 hours), its row goes,
   * and the `onTakeover` work runs (what the process was doing in its requests, with no job yet). A pool is judged
   * once registered (after its lock is taken), or once a job was locked in its name over LIFE_LOCK_GRACE_MS ago.
   * Answers how many pools were dead.
   */
  async releaseDeadWorkers(): Promise<number> {
    const prefix = `graphile-worker:${this.opts.schema}:`;
    const r = await sql<{ id: string }>`
      with owners as (
        select locked_by as id from ${this.s}._private_jobs
        where locked_by is not null and locked_at < now() - ${`${LIFE_LOCK_GRACE_MS} milliseconds`}::interval
        union
        select id from ${this.s}.job_pools
      ), dead as (
        select id from owners where pg_try_advisory_lock(hashtextextended(${prefix} || id, 0))
      )
      select id from dead where pg_advisory_unlock(hashtextextended(${prefix} || id, 0))`.execute(this.db);
    const ids = r.rows.map((x) => x.id);
    if (ids.length === 0) return 0;
    await sql`select ${this.s}.force_unlock_workers(${ids}::text[])`.execute(this.db);
    await sql`delete from ${this.s}.job_pools where id = any(${ids}::text[])`.execute(this.db);
    this.log.warn(
      { pools: ids },
      'jobs: worker pools of dead processes found; their jobs made available again',
    );
    for (const work of this.takeovers) {
      await work().catch((err: unknown) => this.log.warn({ err }, 'jobs: taking over a dead process failed'));
    }
    return ids.length;
  }

  onTakeover(work: () => Promise<unknown>): void {
    this.takeovers.push(work);
  }

  async addMissing(ex: JobExecutor, task: string, jobs: WantedJob[]): Promise<number> {
    await this.releaseDeadWorkers();
    if (jobs.length === 0) return 0;
    const rows = JSON.stringify(jobs.map((j) => ({ key: j.key, payload: j.payload, run_at: j.runAt })));
    const r = await sql<{ n: number }>`
      with wanted as (
        select w.key, w.payload, w.run_at from json_to_recordset(${rows}::json) as w(key text, payload json, run_at timestamptz)
        where not exists (
          select 1 from ${this.s}._private_jobs j
          where j.key = w.key and (j.locked_at is null or j.locked_at > now() - ${`${ABANDONED_AFTER_MS} milliseconds`}::interval)
        )
      ), added as (
        select ${this.s}.add_job(${task}, w.payload, run_at => w.run_at,
          max_attempts => ${this.maxAttempts.get(task) ?? DEFAULT_MAX_ATTEMPTS}::int, job_key => w.key)
        from wanted w
      )
      select count(*)::int as n from added`.execute(ex);
    return Number(r.rows[0]?.n ?? 0);
  }

  async start(): Promise<void> {
    if (!this.opts.work) return;
    // One run of each periodic task soon after start (a restart recovers at once), then the crontab's.
    for (const p of this.periodic) await this.add(this.db, p.task, {}, { key: `periodic:${p.task}` });
    const alive = new pg.Client({ connectionString: this.opts.connectionString });
    alive.on('error', (err) => this.log.warn({ err }, 'jobs: the workers-alive connection failed'));
    await alive.connect();
    this.alive = alive;
    const events = new EventEmitter() as WorkerEvents;
    // One query at a time on that connection (pg queues them, with a deprecation warning).
    let locks = Promise.resolve();
    events.on('pool:create', ({ workerPool }) => {
      // A pool before it (its runner stopped by another schema's migration, runWorkers) has ended: its row and its
      // lock go once the new one is registered.
      const previous = this.poolId;
      this.poolId = workerPool.id;
      // Registered once its life lock is held: from then on the others can tell whether it lives.
      locks = locks
        .then(() =>
          alive.query('select pg_advisory_lock(hashtextextended($1, 0))', [this.lifeKey(workerPool.id)]),
        )
        .then(() =>
          sql`insert into ${this.s}.job_pools (id) values (${workerPool.id}) on conflict do nothing`.execute(
            this.db,
          ),
        )
        .then(async () => {
          if (previous === undefined || previous === workerPool.id) return;
          await sql`delete from ${this.s}.job_pools where id = ${previous}`.execute(this.db);
          await alive.query('select pg_advisory_unlock(hashtextextended($1, 0))', [this.lifeKey(previous)]);
        })
        .then(
          () => undefined,
          (err: unknown) => this.log.warn({ err }, 'jobs: worker pool life lock failed'),
        );
    });
    this.events = events;
    await this.runWorkers();
    this.deadWorkerCheck = setInterval(() => {
      if (this.checkingDeadWorkers) return;
      this.checkingDeadWorkers = this.releaseDeadWorkers()
        .catch((err: unknown) => this.log.warn({ err }, 'jobs: looking for dead workers failed'))
        .finally(() => {
          this.checkingDeadWorkers = undefined;
        });
    }, DEAD_WORKER_CHECK_MS);
    this.deadWorkerCheck.unref();
  }

  private async runWorkers(): Promise<void> {
    const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));
    const exitCode = process.exitCode;
    const runner = await run({
      events: this.events,
      connectionString: this.opts.connectionString,
      schema: this.opts.schema,
      concurrency: this.opts.concurrency,
      noHandleSignals: true,
      // LISTEN/NOTIFY wakes the workers; the poll only catches jobs whose run-at comes later.
      pollInterval: 1000,
      // Jobs fetched a batch at a time by the pool (one query locks the next few for its workers) and completed a
      // batch at a time: a burst costs the database a statement per batch, not two per job.
      preset: {
        worker: {
          localQueue: { size: this.opts.concurrency + 1 },
          completeJobBatchDelay: 0,
          failJobBatchDelay: 0,
        },
      },
      logger: this.logger(),
      taskList: this.tasks,
      parsedCronItems: parseCronItems(
        this.periodic.map((p) => ({
          task: p.task,
          match: `*/${minutes(p.everyMs)} * * * *`,
          options: { backfillPeriod: 0, maxAttempts: 1, jobKey: `periodic:${p.task}` },
        })),
      ),
    });
    this.runner = runner;
    // graphile-worker's NOTIFY of a breaking migration is one channel for the whole database: a migration in
    // another schema (another deployment, a test) stops our workers too, and sets process.exitCode = 57. Ours did
    // not change: the exit code is put back and the workers run again.
    void runner.promise
      .catch(() => undefined)
      .then(async () => {
        if (this.runner !== runner) return; // stopped by us
        if (process.exitCode === 57) process.exitCode = exitCode;
        const now = await this.schemaMigration().catch(() => this.migration);
        if (now > this.migration) {
          this.log.error(
            { migration: now },
            'jobs: a newer graphile-worker migrated our schema; workers stopped',
          );
          this.runner = undefined;
          return;
        }
        this.log.warn('jobs: the workers stopped on their own (a migration elsewhere); running them again');
        await new Promise((r) => setTimeout(r, 1000));
        if (this.runner === runner) await this.runWorkers();
      })
      .catch((err: unknown) => this.log.error({ err }, 'jobs: the workers could not run again'));
  }

  async stop(): Promise<void> {
    clearInterval(this.deadWorkerCheck);
    this.deadWorkerCheck = undefined;
    await this.checkingDeadWorkers;
    const r = this.runner;
    this.runner = undefined;
    // A runner that stopped on its own (its database connections failed) answers "already stopped".
    if (r) await r.stop().catch((err: unknown) => this.log.debug({ err }, 'jobs: runner stopped already'));
    const alive = this.alive;
    this.alive = undefined;
    // Stopped on purpose: not a death for the others to take over from.
    if (this.poolId)
      await sql`delete from ${this.s}.job_pools where id = ${this.poolId}`
        .execute(this.db)
        .catch(() => undefined);
    await alive?.end().catch(() => undefined);
  }

  async counts(): Promise<JobCount[]> {
    const r = await sql<{ queue: string; state: JobState; count: number }>`
      select t.identifier as queue, case
          when j.locked_at is not null then 'running'
          when j.attempts >= j.max_attempts then 'dead'
          when j.attempts > 0 then 'retrying'
          when j.run_at > now() then 'scheduled'
          else 'waiting' end as state, count(*)::int as count
      from ${this.s}._private_jobs j join ${this.s}._private_tasks t on t.id = j.task_id
      group by 1, 2 order by 1, 2`.execute(this.db);
    return r.rows.map((x) => ({ queue: x.queue, state: x.state, count: Number(x.count) }));
  }

  async dead(limit = 100): Promise<DeadJob[]> {
    const r = await sql<{
      id: string;
      queue: string;
      key: string | null;
      payload: unknown;
      attempts: number;
      last_error: string | null;
      updated_at: Date;
    }>`
      select j.id::text as id, t.identifier as queue, j.key, j.payload, j.attempts, j.last_error, j.updated_at
      from ${this.s}._private_jobs j join ${this.s}._private_tasks t on t.id = j.task_id
      where j.locked_at is null and j.attempts >= j.max_attempts
      order by j.updated_at desc limit ${limit}`.execute(this.db);
    return r.rows.map((x) => ({
      id: x.id,
      queue: x.queue,
      key: x.key,
      payload: x.payload,
      attempts: x.attempts,
      lastError: x.last_error,
      failedAt: new Date(x.updated_at),
    }));
  }

  async retry(id: string): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const r = await sql<{ id: string }>`
      update ${this.s}._private_jobs set attempts = 0, run_at = now(), last_error = null, updated_at = now()
      where id = ${id}::bigint and locked_at is null and attempts >= max_attempts
      returning id::text as id`.execute(this.db);
    if (r.rows.length === 0) return false;
    await sql`select pg_notify('jobs:insert', '{"count":1}')`.execute(this.db);
    return true;
  }

  private logger(): Logger {
    const log = this.log;
    return new Logger((scope) => (level, message, meta) => {
      const fields = { ...scope, ...meta, engine: 'graphile-worker' };
      if (level === 'error') log.error(fields, message);
      else if (level === 'warning') log.warn(fields, message);
      else log.debug(fields, message);
    });
  }
}

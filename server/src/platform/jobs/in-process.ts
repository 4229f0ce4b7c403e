import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_MAX_ATTEMPTS,
  retryDelayMs,
  type DeadJob,
  type JobCount,
  type JobExecutor,
  type JobHandler,
  type JobOptions,
  type JobPayload,
  type JobQueue,
  type WantedJob,
} from './queue';

interface Job {
  id: string;
  task: string;
  key: string | null;
  payload: JobPayload;
  runAt: number;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  running: boolean;
  timer: NodeJS.Timeout | undefined;
  updatedAt: Date;
}

/**
 * The job queue of one process on embedded PGlite (no other process shares the database, and graphile-worker
 * needs a PostgreSQL server): jobs are timers in this process. A job added inside a transaction runs at its
 * run-at; PGlite runs one transaction at a time, so a job due at once waits for that transaction to end, and a job
 * whose transaction rolled back finds nothing to do (every handler is idempotent). Jobs do not outlive the
 * process: the periodic sweeps run soon after start and find the work a stopped process left.
 */
export class InProcessJobs implements JobQueue {
  readonly engine = 'in-process';
  private readonly handlers = new Map<string, { handler: JobHandler; maxAttempts: number }>();
  private readonly periodic: { task: string; everyMs: number }[] = [];
  private readonly jobs = new Map<string, Job>();
  private readonly byKey = new Map<string, Job>();
  private readonly running = new Set<Promise<void>>();
  private readonly intervals: NodeJS.Timeout[] = [];
  private started = false;
  private seq = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    /** false: jobs are neither kept nor run (JOB_INTERVAL_MS=0). */
    private readonly work: boolean,
  ) {}

  onTakeover(): void {
    // One process: no other to take over from.
  }

  define(task: string, handler: JobHandler, opts: { maxAttempts?: number } = {}): void {
    this.handlers.set(task, { handler, maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
  }

  recurring(task: string, everyMs: number, handler: () => Promise<void>): void {
    this.define(task, () => handler(), { maxAttempts: 1 });
    this.periodic.push({ task, everyMs });
  }

  add(_ex: JobExecutor, task: string, payload: JobPayload, opts: JobOptions = {}): Promise<void> {
    this.enqueue(task, payload, opts);
    return Promise.resolve();
  }

  private enqueue(task: string, payload: JobPayload, opts: JobOptions): void {
    if (!this.work) return;
    if (!this.handlers.has(task)) throw new Error(`no job task ${task}`);
    const runAt = opts.runAt?.getTime() ?? Date.now();
    const existing = opts.key ? this.byKey.get(opts.key) : undefined;
    if (existing && !existing.running && existing.attempts < existing.maxAttempts) {
      existing.payload = payload;
      existing.maxAttempts = opts.maxAttempts ?? this.maxAttempts(task);
      existing.runAt = runAt;
      existing.attempts = 0;
      this.schedule(existing);
      return;
    }
    if (existing) this.byKey.delete(existing.key ?? '');
    this.seq += 1;
    const job: Job = {
      id: String(this.seq),
      task,
      key: opts.key ?? null,
      payload,
      runAt,
      attempts: 0,
      maxAttempts: opts.maxAttempts ?? this.maxAttempts(task),
      lastError: null,
      running: false,
      timer: undefined,
      updatedAt: new Date(),
    };
    if (existing) existing.key = null;
    this.jobs.set(job.id, job);
    if (job.key) this.byKey.set(job.key, job);
    this.schedule(job);
  }

  async addMissing(ex: JobExecutor, task: string, wanted: WantedJob[]): Promise<number> {
    if (!this.work) return 0;
    let added = 0;
    for (const w of wanted) {
      if (this.byKey.has(w.key)) continue;
      await this.add(ex, task, w.payload, { key: w.key, runAt: w.runAt });
      added += 1;
    }
    return added;
  }

  start(): Promise<void> {
    if (!this.work || this.started) return Promise.resolve();
    this.started = true;
    for (const p of this.periodic) {
      this.enqueue(p.task, {}, { key: `periodic:${p.task}` });
      const timer = setInterval(() => this.enqueue(p.task, {}, { key: `periodic:${p.task}` }), p.everyMs);
      timer.unref();
      this.intervals.push(timer);
    }
    for (const job of this.jobs.values()) this.schedule(job);
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const t of this.intervals.splice(0)) clearInterval(t);
    for (const job of this.jobs.values()) {
      if (job.timer) clearTimeout(job.timer);
      job.timer = undefined;
    }
    await Promise.all([...this.running]);
  }

  counts(): Promise<JobCount[]> {
    const n = new Map<string, JobCount>();
    const now = Date.now();
    for (const j of this.jobs.values()) {
      const state = j.running
        ? 'running'
        : j.attempts >= j.maxAttempts
          ? 'dead'
          : j.attempts > 0
            ? 'retrying'
            : j.runAt > now
              ? 'scheduled'
              : 'waiting';
      const c = n.get(`${j.task}/${state}`) ?? { queue: j.task, state, count: 0 };
      c.count += 1;
      n.set(`${j.task}/${state}`, c);
    }
    return Promise.resolve([...n.values()]);
  }

  dead(limit = 100): Promise<DeadJob[]> {
    const dead = [...this.jobs.values()]
      .filter((j) => !j.running && j.attempts >= j.maxAttempts)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, limit)
      .map((j) => ({
        id: j.id,
        queue: j.task,
        key: j.key,
        payload: j.payload,
        attempts: j.attempts,
        lastError: j.lastError,
        failedAt: j.updatedAt,
      }));
    return Promise.resolve(dead);
  }

  retry(id: string): Promise<boolean> {
    const j = this.jobs.get(id);
    if (!j || j.running || j.attempts < j.maxAttempts) return Promise.resolve(false);
    j.attempts = 0;
    j.lastError = null;
    j.runAt = Date.now();
    j.updatedAt = new Date();
    this.schedule(j);
    return Promise.resolve(true);
  }

  private maxAttempts(task: string): number {
    return this.handlers.get(task)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  }

  private schedule(job: Job): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = undefined;
    if (!this.started || job.running || job.attempts >= job.maxAttempts) return;
    job.timer = setTimeout(() => this.execute(job), Math.max(0, job.runAt - Date.now()));
    job.timer.unref();
  }

  private execute(job: Job): void {
    job.timer = undefined;
    job.running = true;
    const entry = this.handlers.get(job.task);
    const run = (entry ? entry.handler(job.payload) : Promise.reject(new Error(`no job task ${job.task}`)))
      .then(
        () => {
          this.jobs.delete(job.id);
          if (job.key && this.byKey.get(job.key) === job) this.byKey.delete(job.key);
        },
        (err: unknown) => {
          job.attempts += 1;
          job.lastError = err instanceof Error ? err.message : String(err);
          job.updatedAt = new Date();
          job.runAt = Date.now() + retryDelayMs(job.attempts);
          this.log.warn({ err, job: job.task, attempts: job.attempts }, 'job failed');
        },
      )
      .finally(() => {
        job.running = false;
        this.running.delete(run);
        if (this.jobs.has(job.id)) this.schedule(job);
      });
    this.running.add(run);
  }
}

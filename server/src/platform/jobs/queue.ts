import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** A job's data: ids and small values only (the job reads the rest from the database when it runs). */
export type JobPayload = Record<string, string | number | boolean | null>;

export interface JobOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * At most one waiting job per key: adding a job whose key waits already replaces that one (its payload and
   * run-at); a job of that key running now is left to finish and the new one waits behind it.
   */
  key?: string;
  /** Attempts before the job is dead (default: its task's). */
  maxAttempts?: number;
}

/** One job's work. It may run more than once (a retry, a takeover): it must be idempotent. Throwing retries it. */
export type JobHandler = (payload: JobPayload) => Promise<void>;

/** waiting: due now; scheduled: due later; running; retrying: failed, due again later; dead: attempts exhausted. */
export type JobState = 'waiting' | 'scheduled' | 'running' | 'retrying' | 'dead';

export interface JobCount {
  queue: string;
  state: JobState;
  count: number;
}

export interface DeadJob {
  id: string;
  queue: string;
  key: string | null;
  payload: unknown;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
}

/** A job that should exist: added by a sweep unless a live job of its key exists (`JobQueue.addMissing`). */
export interface WantedJob {
  key: string;
  payload: JobPayload;
  runAt: Date;
}

export type JobExecutor = Kysely<Database> | Transaction<Database>;

/**
 * The background work of the server (docs/server.md "Background jobs"): tasks that features define, jobs added in
 * the transaction of the money change that makes them needed, retried with exponential backoff until
 * `maxAttempts`, then dead (kept, listed by GET /api/ops/jobs, retried by an operator).
 */
export interface JobQueue {
  readonly engine: 'graphile-worker' | 'in-process';
  /** A task: its handler and how many attempts before the job is dead (default 25). Before `start`. */
  define(task: string, handler: JobHandler, opts?: { maxAttempts?: number }): void;
  /** A periodic task, run by one process at a time every `everyMs` (and once soon after start). Before `start`. */
  recurring(task: string, everyMs: number, handler: () => Promise<void>): void;
  /** Adds a job in `ex`'s transaction: it exists if, and only if, that transaction commits. */
  add(ex: JobExecutor, task: string, payload: JobPayload, opts?: JobOptions): Promise<void>;
  /** The sweep's add: each wanted job whose key has no job (or only one abandoned by a dead worker). */
  addMissing(ex: JobExecutor, task: string, jobs: WantedJob[]): Promise<number>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** How many jobs per queue (task) and state (`wallet_job_queue{queue,state}`). */
  counts(): Promise<JobCount[]>;
  /** Dead jobs, most recent first. */
  dead(limit?: number): Promise<DeadJob[]>;
  /** A dead job runs again now with fresh attempts; false when there is no such dead job. */
  retry(id: string): Promise<boolean>;
  /**
   * `work` runs when this process finds that another process of the database died (graphile-worker: its worker
   * pool's life lock free): what that process was doing in its requests, with no job yet, is taken over at once
   * instead of at the next sweep. Never on the in-process queue (one process).
   */
  onTakeover(work: () => Promise<unknown>): void;
}

/** Backoff after the n-th failed attempt, ms: e^min(n,10) seconds (≈2.7 s, 7.4 s, 20 s, … ≈6 h). */
export function retryDelayMs(attempts: number): number {
  return Math.round(Math.exp(Math.min(attempts, 10)) * 1000);
}

export const DEFAULT_MAX_ATTEMPTS = 25;

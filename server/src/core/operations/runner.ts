import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { RawBuilder, Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { Batcher, retryVictim, togetherOrAlone, type Settled } from '../../platform/db/batcher';
import { fromDatabase } from '../../platform/db/raised';
import type { Database } from '../../platform/db/schema';
import { isAppError, type ErrorCode } from '../../platform/errors';
import {
  decide,
  type OperationKind,
  type OperationStatus,
  type Plan,
  type Step,
  type StepType,
} from './plan';
import { OperationExists, OperationStore, type NewOperation, type Operation } from './store';

type Trx = Transaction<Database>;

export interface StepContext {
  memberId: string;
  operationId: string;
  key: string | null;
  /**
   * A fresh id the leg's record may take as its own (the runner has written the first leg with it already). A
   * handler that returns another id costs one statement more.
   */
  reference: string;
}

/** What a leg's record says after driving it. */
export type LegOutcome =
  { status: 'SUCCESS' } | { status: 'FAILED'; error: ErrorCode } | { status: 'PENDING' };

/** A leg's outcome once it settled. */
export type SettledOutcome = Exclude<LegOutcome, { status: 'PENDING' }>;

/**
 * What the operation writes when a leg settles — the leg's row, and the operation's status when the leg was what
 * it waited for — as SQL a handler can place in the statement that settles the leg's record
 * (`StepHandler.drive`), so that the record, the leg and the operation commit together in one round trip.
 */
export interface LegSettlement {
  /**
   * CTEs (comma-separated, without a leading comma) writing the operation's side of `outcome`. They read a CTE
   * named `settled` with one boolean column `ok`, which the handler's statement defines before them: true when
   * that statement settled the record with `outcome`. They define `leg_settled`, which has a row when the leg's
   * row was written.
   */
  ctes(outcome: SettledOutcome): RawBuilder<unknown>;
  /**
   * The same writes as values, for a statement that settles several legs (the database function
   * `operation_leg_settle` writes them, when that statement settled the record).
   */
  values(outcome: SettledOutcome): LegSettlementValues;
}

/** What `LegSettlement` writes: the leg's outcome, and the operation's when the leg was what it waited for. */
export interface LegSettlementValues {
  operationId: string;
  seq: number;
  leg: { status: SettledOutcome['status']; error: ErrorCode | null };
  op: { status: Exclude<OperationStatus, 'PENDING'>; error: ErrorCode | null } | null;
  at: Date;
}

/**
 * A leg's start as ONE call of a set-returning database function (`StepHandler.startCall`): the runner places it in
 * the statement that inserts the operation and its first leg, so the three commit together in one round trip.
 */
export interface StartCall {
  /**
   * The function call, given the SQL expression of the inserted operation's id: the call must take it as an
   * argument (it then runs once per inserted operation, and not at all when the key was used already).
   */
  call(operationId: RawBuilder<string>): RawBuilder<unknown>;
  /** The record id, from the call's one row (the handler keeps what it needs for the first drive). */
  started(row: Record<string, unknown>): string;
  /**
   * Optional: the same call as a function name and typed arguments, so that the starts of concurrent operations
   * can share one statement (`OperationStore.insertAndStartMany`). `'operation'` stands for the operation's id.
   */
  batch?: StartBatch;
}

/** A database function's argument in a batched start: its SQL type and value (JSON-encodable). */
export type StartArg = { type: 'text' | 'bigint' | 'timestamptz' | 'jsonb'; value: unknown } | 'operation';

/**
 * A start as a call of `fn` with `args`, for `OperationStore.insertAndStartMany`. `lockKey`: the starts of one batch
 * run in its order (then by arrival), so that two batches take the rows they lock in the same order.
 */
export interface StartBatch {
  fn: string;
  args: StartArg[];
  lockKey: string;
}

/**
 * How one kind of step is carried out, provided by the feature that owns its records (games: game_in and
 * game_out; withdrawals: withdraw).
 */
export interface StepHandler<S extends Step = Step> {
  /**
   * Inside the step's database transaction (the operation row is locked, or inserted in the same transaction):
   * writes the leg's record and its first posting; returns the record's id. A thrown catalogue error means the
   * step did not start and nothing was written.
   */
  start(trx: Trx, ctx: StepContext, step: S): Promise<string>;
  /**
   * Optional: the same start as one database function call (`StartCall`), used for an operation's first leg. A
   * refusal is raised by the function (platform/db/raised.ts): nothing of the statement is written.
   */
  startCall?(ctx: StepContext, step: S): StartCall;
  /**
   * Brings the leg's record to an outcome. `fresh`: the record was started by this very call chain, so the third
   * party has never been asked; otherwise (a retry after a crash, reconciliation) the handler asks the third
   * party about that id first.
   */
  drive(reference: string, fresh: boolean, settlement?: LegSettlement): Promise<DriveResult>;
}

/**
 * A leg's outcome after `drive`; `recorded`: the handler wrote the operation's side too (`LegSettlement`, in the
 * statement that settled its record), so the runner writes nothing more for it.
 */
export type DriveResult = LegOutcome & { recorded?: boolean };

/** A first leg's start waiting for its batch. */
interface PendingStart {
  op: NewOperation;
  start: StartCall;
}

/** Operations reconciliation advances at once (each one is one driver; the pool has 10 connections). */
const RECONCILE_CONCURRENCY = 4;

export interface OperationTimings {
  /** A new operation is left to its request this long before reconciliation may touch it. */
  graceMs: number;
  /** Backoff of a leg whose outcome is unknown: first delay, doubled per attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_OPERATION_TIMINGS: OperationTimings = {
  graceMs: 15_000,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
};

export interface BeginInput {
  memberId: string;
  key: string | null;
  kind: OperationKind;
  requestHash: string;
  plan: Plan;
}

/**
 * Runs money operations as persisted state machines (docs/ledger.md "Operations"). `begin` writes the operation,
 * its Idempotency-Key and request hash in the same database transaction as the first leg's record and posting,
 * then `advance` drives the legs until the operation is final or waits on a third party. Reconciliation calls
 * `advance` again for pending operations, so a crash at any point leaves an operation that finishes later.
 */
export class OperationRunner {
  readonly store: OperationStore;
  private readonly handlers = new Map<StepType, StepHandler>();
  private readonly running = new Map<string, Promise<Operation>>();
  private readonly sweepers: (() => Promise<unknown>)[] = [];
  /**
   * Group commit of first legs: the starts of concurrent operations share one statement (docs/ledger.md "Batched
   * starts and settlements"). One batch at a time: the starts that arrive while it runs go together in the next one
   * (measured: ~4 a batch at 16 connections, where two at a time gave ~2 and no gain).
   */
  private readonly starts = new Batcher<PendingStart, string>((items) => this.startMany(items), {
    maxBatch: 32,
    maxInFlight: 1,
    key: (it) => it.start.batch?.lockKey ?? it.op.memberId,
  });
  /** Batches of starts split into lone starts after their statement rolled back (`startStats`). */
  private split = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly timings: OperationTimings = DEFAULT_OPERATION_TIMINGS,
    /** Group commit of first legs (`starts`); off: each start is its own statement. */
    private readonly groupCommit = false,
  ) {
    this.store = new OperationStore(db);
  }

  register<T extends StepType>(type: T, handler: StepHandler<Extract<Step, { type: T }>>): void {
    this.handlers.set(type, handler as StepHandler);
  }

  /** Extra work of each reconciliation run (e.g. records left pending by an older version, outside operations). */
  addSweeper(sweep: () => Promise<unknown>): void {
    this.sweepers.push(sweep);
  }

  private handler(type: StepType): StepHandler {
    const h = this.handlers.get(type);
    if (!h) throw new Error(`no handler for ${type} steps`);
    return h;
  }

  /**
   * Starts an operation: the operation row and its first leg commit together (OperationExists when the key was
   * used; a catalogue error from the first step means nothing was written), then drives it as far as it goes.
   */
  async begin(input: BeginInput): Promise<Operation> {
    const first = input.plan.steps[0];
    if (!first) throw new Error('an operation needs at least one step');
    const id = randomUUID();
    const now = this.clock.now();
    const planned = randomUUID();
    const row = {
      id,
      memberId: input.memberId,
      key: input.key,
      kind: input.kind,
      requestHash: input.requestHash,
      plan: input.plan,
      now,
      nextAttemptAt: new Date(now.getTime() + this.timings.graceMs),
      first: { step: first, reference: planned },
    };
    const handler = this.handler(first.type);
    const ctx = this.context(id, input, planned);
    const call = handler.startCall?.(ctx, first);
    const reference = call
      ? // One statement: the operation, its first leg and the leg's record (the handler's database function),
        // shared with the starts of concurrent operations.
        await (this.groupCommit
          ? this.starts.submit({ op: row, start: call })
          : retryVictim(() => this.store.insertAndStart(row, call)).catch((e: unknown) => {
              throw fromDatabase(e);
            }))
      : await this.db.transaction().execute(async (trx) => {
          await this.store.insert(trx, row);
          const ref = await handler.start(trx, ctx, first);
          if (ref !== planned) await this.store.setLegReference(trx, id, 0, ref);
          return ref;
        });
    // What was just committed, as this request knows it: driving it needs no read back.
    const op: Operation = {
      id,
      memberId: input.memberId,
      key: input.key,
      kind: input.kind,
      requestHash: input.requestHash,
      plan: input.plan,
      status: 'PENDING',
      error: null,
      refusal: null,
      attempts: 0,
      createdAt: now,
      updatedAt: now,
      legs: [{ seq: 0, step: first, status: 'PENDING', reference, error: null }],
    };
    return this.advance(id, new Set([reference]), op);
  }

  /** The application clock's time (what operations are stamped with). */
  now(): Date {
    return this.clock.now();
  }

  /** First legs' batches so far: how many, their items, the largest, and batches split into lone starts. */
  startStats(): { batches: number; items: number; largest: number; split: number } {
    const { batches, items, largest } = this.starts.stats;
    return { batches, items, largest, split: this.split };
  }

  /**
   * First legs that arrived together: one statement for all of them when their handlers describe the same batched
   * call (`StartCall.batch`), else each alone (`OperationStore.insertAndStart`); see `togetherOrAlone`.
   */
  private startMany(items: PendingStart[]): Promise<Settled<string>[]> {
    const batchOf = (it: PendingStart) => {
      if (!it.start.batch) throw new Error('a start without a batched call');
      return { ...it, batch: it.start.batch };
    };
    return togetherOrAlone(items, {
      canTogether: (all) =>
        all.every((it) => it.start.batch && it.start.batch.fn === all[0]?.start.batch?.fn),
      together: async (all) =>
        (await this.store.insertAndStartMany(all.map(batchOf))).map((a) =>
          a instanceof OperationExists ? { ok: false, error: a } : { ok: true, value: a },
        ),
      alone: (it) => this.store.insertAndStart(it.op, it.start),
      onSplit: () => {
        this.split += 1;
      },
      failure: fromDatabase,
    });
  }

  /**
   * Drives the operation until it is final or waits on a third party; one driver per operation per process.
   * `known`: the operation as this process has just written it (else it is read first).
   */
  advance(id: string, fresh: Set<string> = new Set(), known?: Operation): Promise<Operation> {
    const current = this.running.get(id);
    if (current) return current.then(() => this.load(id));
    const run = this.drive(id, fresh, known).finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  /**
   * Reconciliation: advances every pending operation that is due (`force`: every pending one now, as an operator
   * asks with POST /api/ops/reconcile).
   */
  async reconcilePending(
    opts: { force?: boolean; limit?: number } = {},
  ): Promise<{ advanced: number; pending: number }> {
    const ids = await this.store.due(opts.force ? null : this.clock.now(), opts.limit ?? 200);
    let pending = 0;
    // Several at once (each waits mostly on a third party), bounded so the pool keeps room for requests.
    const limit = pLimit(RECONCILE_CONCURRENCY);
    await Promise.all(
      ids.map((id) =>
        limit(async () => {
          if (this.running.has(id)) return;
          try {
            const op = await this.advance(id);
            if (op.status === 'PENDING') pending += 1;
          } catch (e) {
            this.log.warn({ err: e, operationId: id }, 'reconciliation: operation could not advance');
            pending += 1;
          }
        }),
      ),
    );
    for (const sweep of this.sweepers) {
      await sweep().catch((e: unknown) => this.log.warn({ err: e }, 'reconciliation: sweep failed'));
    }
    return { advanced: ids.length, pending };
  }

  /**
   * The operation once it is final, or as it stands when nobody drives it now: what a twin request with the same
   * key answers. It is waited for (at most `waitMs`) while this process drives it, or while it is new (within
   * `graceMs` of its start, when its own request drives it, perhaps in another process: read again every `pollMs`)
   * and has never waited on a third party (`attempts` = 0: its first driver has not answered PENDING).
   */
  async settledOrPending(op: Operation, waitMs: number, pollMs = 25): Promise<Operation> {
    const deadline = Date.now() + waitMs;
    let current = op;
    for (;;) {
      if (current.status !== 'PENDING' || current.attempts > 0) return current;
      const left = deadline - Date.now();
      const run = this.running.get(current.id);
      const young = this.clock.now().getTime() < current.createdAt.getTime() + this.timings.graceMs;
      if (left <= 0 || (!run && !young)) return current;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, run ? left : Math.min(pollMs, left));
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        run?.then(done, done);
      });
      current = await this.load(current.id);
    }
  }

  async load(id: string): Promise<Operation> {
    const op = await this.store.byId(id);
    if (!op) throw new Error(`operation ${id} not found`);
    return op;
  }

  private context(
    operationId: string,
    op: { memberId: string; key: string | null },
    reference: string = randomUUID(),
  ): StepContext {
    return { operationId, memberId: op.memberId, key: op.key, reference };
  }

  /**
   * The loop of an operation: decide, write, repeat. The operation is kept in memory between steps; every write
   * is guarded by `status = 'PENDING'`, and one that finds the row already moved (another driver) reads the
   * operation again before going on.
   */
  private async drive(id: string, fresh: Set<string>, known?: Operation): Promise<Operation> {
    let op = known ?? (await this.load(id));
    const failed = (o: Operation) => o.legs.filter((l) => l.status === 'FAILED').length;
    const failedAtEntry = failed(op);
    for (;;) {
      if (op.status !== 'PENDING') return op;
      const next = decide(op.plan, op.legs);
      const now = this.clock.now();
      if (next.kind === 'final') {
        op = (await this.store.finish(id, next.status, next.error, now))
          ? { ...op, status: next.status, error: next.error, updatedAt: now }
          : await this.load(id);
        continue;
      }
      if (next.kind === 'drive') {
        const leg = next.leg;
        const ref = leg.reference;
        if (ref === null) throw new Error(`pending leg ${id}/${leg.seq} has no record`);
        const settledWith = (outcome: SettledOutcome) => {
          const error = outcome.status === 'FAILED' ? outcome.error : null;
          const legs = op.legs.map((l) => (l.seq === leg.seq ? { ...l, status: outcome.status, error } : l));
          return { error, legs, then: decide(op.plan, legs) };
        };
        // The handler may settle the leg (and finish the operation) in its own settling statement.
        let recordedAt: Date | undefined;
        const values = (outcome: SettledOutcome): LegSettlementValues => {
          const { error, then } = settledWith(outcome);
          recordedAt = this.clock.now();
          return {
            operationId: id,
            seq: leg.seq,
            leg: { status: outcome.status, error },
            op: then.kind === 'final' ? { status: then.status, error: then.error } : null,
            at: recordedAt,
          };
        };
        const settlement: LegSettlement = {
          values,
          ctes: (outcome) => {
            const v = values(outcome);
            return this.store.settleLegCtes(v.operationId, v.seq, v.leg, v.op, v.at);
          },
        };
        const outcome = await this.handler(leg.step.type).drive(ref, fresh.delete(ref), settlement);
        if (outcome.status === 'PENDING') {
          const attempts = op.attempts + 1;
          const delay = Math.min(this.timings.maxDelayMs, this.timings.baseDelayMs * 2 ** (attempts - 1));
          await this.store.defer(id, attempts, new Date(now.getTime() + delay), now);
          return this.load(id);
        }
        // Written by the handler: the operation in memory carries the time written with it.
        const settledAt = outcome.recorded === true && recordedAt ? recordedAt : this.clock.now();
        const { error, legs, then } = settledWith(outcome);
        // The leg was what the operation waited for: it settles and the operation finishes in one statement.
        const written =
          outcome.recorded === true ||
          (then.kind === 'final'
            ? await this.store.settleLegAndFinish(
                id,
                leg.seq,
                { status: outcome.status, error },
                { status: then.status, error: then.error },
                settledAt,
              )
            : await this.store.settleLeg(id, leg.seq, outcome.status, error, settledAt));
        if (!written) {
          op = await this.load(id);
          continue;
        }
        op =
          then.kind === 'final'
            ? { ...op, legs, status: then.status, error: then.error, updatedAt: settledAt }
            : { ...op, legs };
        continue;
      }
      if (next.retry > 0 && failed(op) > failedAtEntry) {
        // A step refused during this drive is tried again after a backoff, by reconciliation (docs/ledger.md "Game
        // → game"): the operation stays PENDING meanwhile.
        const attempts = op.attempts + 1;
        const delay = Math.min(this.timings.maxDelayMs, this.timings.baseDelayMs * 2 ** (next.retry - 1));
        await this.store.defer(id, attempts, new Date(now.getTime() + delay), now);
        return this.load(id);
      }
      const ref = await this.startStep(op, next.seq, next.step);
      if (ref) fresh.add(ref);
      op = await this.load(id);
    }
  }

  /** Starts a later step in its own transaction; a refused start is recorded as a FAILED leg. */
  private async startStep(op: Operation, seq: number, step: Step): Promise<string | undefined> {
    const now = this.clock.now();
    try {
      return await this.db.transaction().execute(async (trx) => {
        if ((await this.store.lock(trx, op.id)) !== 'PENDING') return undefined;
        if (await this.store.hasLeg(trx, op.id, seq)) return undefined;
        const ref = await this.handler(step.type).start(trx, this.context(op.id, op), step);
        await this.store.insertLeg(trx, {
          operationId: op.id,
          seq,
          step,
          status: 'PENDING',
          reference: ref,
          error: null,
          now,
        });
        return ref;
      });
    } catch (e) {
      if (!isAppError(e)) throw e;
      await this.db.transaction().execute(async (trx) => {
        if ((await this.store.lock(trx, op.id)) !== 'PENDING') return;
        if (await this.store.hasLeg(trx, op.id, seq)) return;
        await this.store.insertLeg(trx, {
          operationId: op.id,
          seq,
          step,
          status: 'FAILED',
          reference: null,
          error: e.code,
          now,
        });
      });
      return undefined;
    }
  }
}

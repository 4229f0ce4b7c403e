import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import {
  activeTraceparent,
  inSpan,
  linkTo,
  tracingEnabled,
  type OperationScope,
} from '../../platform/tracing';
import type { JobQueue } from '../../platform/jobs';
import { LegStarts } from './leg-starts';
import type {
  LegSettlement,
  LegSettlementValues,
  SettledOutcome,
  StepContext,
  StepHandler,
} from './step-handler';
import { decide, type OperationKind, type Plan, type Step, type StepType } from './plan';
import { OperationStore, type Operation } from './store';

export type {
  DriveResult,
  LegOutcome,
  LegSettlement,
  LegSettlementValues,
  SettledOutcome,
  StartArg,
  StartBatch,
  StartCall,
  StepContext,
  StepHandler,
} from './step-handler';

/** Operations reconciliation advances at once (each one is one driver; the pool has 10 connections). */
const RECONCILE_CONCURRENCY = 4;

/** The job that drives one pending operation (payload `{ id }`, key `op:<id>`). */
export const RECONCILE_TASK = 'operation.reconcile';
/** The safety net: adds the reconcile job of every due operation that has none. */
export const SWEEP_TASK = 'operations.sweep';

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
  private readonly starts: LegStarts;
  /**
   * Told of every operation reconciliation advanced that is now final (its status, lower case) or could not advance
   * (`error`): wallet_reconcile_finished_total (set by the plugin).
   */
  onReconciled: (kind: OperationKind, outcome: 'success' | 'partial' | 'failed' | 'error') => void = () =>
    undefined;
  private jobs: JobQueue | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly timings: OperationTimings = DEFAULT_OPERATION_TIMINGS,
    /** Group commit of first legs (`LegStarts`); off: each start is its own statement. */
    groupCommit = false,
  ) {
    this.store = new OperationStore(db);
    this.starts = new LegStarts(db, this.store, clock, (type) => this.handler(type), groupCommit);
  }

  register<T extends StepType>(type: T, handler: StepHandler<Extract<Step, { type: T }>>): void {
    this.handlers.set(type, handler as StepHandler);
  }

  /**
   * Pending operations on the job queue: each deferral adds (in its transaction) the job that drives the operation
   * again when it is due; the sweep (`sweepEveryMs`) adds the job of any due operation that has none (a crash
   * between an operation's start and its request's answer) and runs the sweepers.
   */
  useJobs(jobs: JobQueue, sweepEveryMs: number): void {
    this.jobs = jobs;
    jobs.define(RECONCILE_TASK, async (p) => {
      // A malformed job is not dropped: it fails, and its attempts spent, operators see it dead.
      if (typeof p.id !== 'string') throw new Error(`${RECONCILE_TASK}: no operation id`);
      await this.reconcileOne(p.id);
    });
    jobs.recurring(SWEEP_TASK, sweepEveryMs, async () => {
      await this.sweep();
    });
    // Another process died: the operations its requests were driving have no job; each gets its job now, due when
    // the operation is (its grace after its start), not at the next sweep.
    jobs.onTakeover(() => this.sweep({ allPending: true }));
  }

  /** The reconcile job: drives the operation if it is due (else the job is added again for when it is). */
  async reconcileOne(id: string): Promise<void> {
    if (this.running.has(id)) return;
    const next = await this.store.nextAttempt(id);
    if (!next) return;
    if (next.getTime() > this.clock.now().getTime()) {
      await this.jobs?.add(this.db, RECONCILE_TASK, { id }, { key: `op:${id}`, runAt: next });
      return;
    }
    await this.reconcileDrive(id);
  }

  /**
   * The safety net: jobs for due operations without one (`allPending`: every pending one, each due when it is),
   * and the sweepers.
   */
  async sweep(opts: { allPending?: boolean } = {}): Promise<number> {
    const jobs = this.jobs;
    let added = 0;
    if (jobs) {
      const due = await this.store.dueWithTimes(opts.allPending ? null : this.clock.now(), 5000);
      added = await jobs.addMissing(
        this.db,
        RECONCILE_TASK,
        due.map((d) => ({ key: `op:${d.id}`, payload: { id: d.id }, runAt: d.next })),
      );
      if (added > 0) this.log.warn({ added }, 'operations sweep: due operations had no job');
    }
    for (const sweep of this.sweepers) {
      await sweep().catch((e: unknown) => this.log.warn({ err: e }, 'operations sweep: sweeper failed'));
    }
    return added;
  }

  /** Still pending at a third party: due again at `next`, with its job (in the same transaction). */
  private async defer(id: string, attempts: number, next: Date, now: Date): Promise<void> {
    const jobs = this.jobs;
    if (!jobs) return this.store.defer(id, attempts, next, now);
    await this.db.transaction().execute(async (trx) => {
      await this.store.defer(id, attempts, next, now, trx);
      await jobs.add(trx, RECONCILE_TASK, { id }, { key: `op:${id}`, runAt: next });
    });
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
    const scope = { operationId: id, kind: input.kind, memberId: input.memberId };
    // The operation's span: its start, legs, provider calls and settlements are its children (docs/operations.md).
    return inSpan(
      `operation ${input.kind}`,
      undefined,
      async () => {
        const now = this.clock.now();
        const planned = randomUUID();
        const traceparent = activeTraceparent();
        const plan = traceparent ? { ...input.plan, traceparent } : input.plan;
        const row = {
          id,
          memberId: input.memberId,
          key: input.key,
          kind: input.kind,
          requestHash: input.requestHash,
          plan,
          now,
          nextAttemptAt: new Date(now.getTime() + this.timings.graceMs),
          first: { step: first, reference: planned },
        };
        const reference = await inSpan('operation.start', legAttributes(0, first.type), () =>
          this.starts.first(row, this.context(id, input, planned), first),
        );
        // What was just committed, as this request knows it: driving it needs no read back.
        const op: Operation = {
          id,
          memberId: input.memberId,
          key: input.key,
          kind: input.kind,
          requestHash: input.requestHash,
          plan,
          status: 'PENDING',
          error: null,
          refusal: null,
          attempts: 0,
          createdAt: now,
          updatedAt: now,
          legs: [{ seq: 0, step: first, status: 'PENDING', reference, error: null }],
        };
        const done = await this.advance(id, new Set([reference]), op);
        this.logOutcome(done, 'request');
        return done;
      },
      { operation: scope },
    );
  }

  /** One line per money operation a request began, and per operation reconciliation finished (pending: debug). */
  private logOutcome(op: Operation, by: 'request' | 'reconciliation'): void {
    const line = {
      operation_id: op.id,
      operation_kind: op.kind,
      member_id: op.memberId,
      status: op.status,
      error: op.error,
      by,
    };
    if (by === 'reconciliation' && op.status === 'PENDING') this.log.debug(line, 'money operation');
    else this.log.info(line, 'money operation');
  }

  /** The application clock's time (what operations are stamped with). */
  now(): Date {
    return this.clock.now();
  }

  /** First legs' batches so far: how many, their items, the largest, and batches split into lone starts. */
  startStats(): { batches: number; items: number; largest: number; split: number } {
    return this.starts.stats();
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
    const due = await this.store.due(opts.force ? null : this.clock.now(), opts.limit ?? 200);
    let pending = 0;
    // Several at once (each waits mostly on a third party), bounded so the pool keeps room for requests.
    const limit = pLimit(RECONCILE_CONCURRENCY);
    await Promise.all(
      due.map(({ id, kind }) =>
        limit(async () => {
          if (this.running.has(id)) return;
          try {
            const op = await this.reconcileDrive(id, kind);
            if (op.status === 'PENDING') pending += 1;
          } catch {
            pending += 1;
          }
        }),
      ),
    );
    for (const sweep of this.sweepers) {
      await sweep().catch((e: unknown) => this.log.warn({ err: e }, 'reconciliation: sweep failed'));
    }
    return { advanced: due.length, pending };
  }

  /**
   * Reconciliation's drive of one operation (by the reconcile job or an operator's reconciliation), counted in
   * wallet_reconcile_finished_total when it ends or cannot advance. With tracing on, in a span of its own (a child
   * of the active one, if any: an operator's POST /api/ops/reconcile) linked to the span of the request that began
   * the operation.
   */
  private async reconcileDrive(id: string, kind?: OperationKind): Promise<Operation> {
    let op: Operation;
    try {
      if (!tracingEnabled()) op = await this.advance(id);
      else {
        const known = await this.load(id);
        op = await inSpan('operation.reconcile', undefined, () => this.advance(id, new Set(), known), {
          operation: scopeOf(known),
          links: linkTo(known.plan.traceparent),
        });
      }
    } catch (e) {
      this.log.warn({ err: e, operation_id: id }, 'reconciliation: operation could not advance');
      const known =
        kind ??
        (await this.load(id)
          .then((o) => o.kind)
          .catch(() => undefined));
      if (known) this.onReconciled(known, 'error');
      throw e;
    }
    if (op.status !== 'PENDING')
      this.onReconciled(
        op.kind,
        op.status === 'SUCCESS' ? 'success' : op.status === 'PARTIAL' ? 'partial' : 'failed',
      );
    this.logOutcome(op, 'reconciliation');
    return op;
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
        const status = next.status;
        const finished = await inSpan('operation.finish', { 'wallet.operation_status': status }, () =>
          this.store.finish(id, status, next.error, now),
        );
        op = finished
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
        const handler = this.handler(leg.step.type);
        const isFresh = fresh.delete(ref);
        // The leg's span: the handler's provider call and settling statement are its children.
        const outcome = await inSpan(
          `operation.leg ${leg.step.type}`,
          { ...legAttributes(leg.seq, leg.step.type), 'wallet.leg_reference': ref },
          async (span) => {
            const result = await handler.drive(ref, isFresh, settlement);
            span.setAttribute('wallet.leg_status', result.status);
            return result;
          },
        );
        if (outcome.status === 'PENDING') {
          const attempts = op.attempts + 1;
          const delay = Math.min(this.timings.maxDelayMs, this.timings.baseDelayMs * 2 ** (attempts - 1));
          await this.defer(id, attempts, new Date(now.getTime() + delay), now);
          return this.load(id);
        }
        // Written by the handler: the operation in memory carries the time written with it.
        const settledAt = outcome.recorded === true && recordedAt ? recordedAt : this.clock.now();
        const { error, legs, then } = settledWith(outcome);
        // The leg was what the operation waited for: it settles and the operation finishes in one statement.
        const written =
          outcome.recorded === true ||
          (await inSpan('operation.settle', legAttributes(leg.seq, leg.step.type), () =>
            then.kind === 'final'
              ? this.store.settleLegAndFinish(
                  id,
                  leg.seq,
                  { status: outcome.status, error },
                  { status: then.status, error: then.error },
                  settledAt,
                )
              : this.store.settleLeg(id, leg.seq, outcome.status, error, settledAt),
          ));
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
        await this.defer(id, attempts, new Date(now.getTime() + delay), now);
        return this.load(id);
      }
      const step = next.step;
      const ref = await inSpan('operation.start', legAttributes(next.seq, step.type), () =>
        this.starts.later(this.context(op.id, op), next.seq, step),
      );
      if (ref) fresh.add(ref);
      op = await this.load(id);
    }
  }
}

const legAttributes = (seq: number, type: StepType) => ({ 'wallet.leg_seq': seq, 'wallet.step_type': type });

const scopeOf = (op: Operation): OperationScope => ({
  operationId: op.id,
  kind: op.kind,
  memberId: op.memberId,
});

import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { Batcher, retryVictim, togetherOrAlone, type Settled } from '../../platform/db/batcher';
import { fromDatabase } from '../../platform/db/raised';
import { isAppError } from '../../platform/errors';
import type { Step, StepType } from './plan';
import type { StartCall, StepContext, StepHandler } from './step-handler';
import { OperationExists, type NewOperation, type OperationStore } from './store';

/** A first leg's start waiting for its batch. */
interface PendingStart {
  op: NewOperation;
  start: StartCall;
}

/**
 * How the legs of operations start (docs/ledger.md "Operations"): an operation's first leg in the statement or
 * transaction that inserts the operation — batched with the first legs of concurrent operations under group
 * commit — and a later leg in a transaction of its own, under the operation's row lock.
 */
export class LegStarts {
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
  /** Batches of starts split into lone starts after their statement rolled back (`stats`). */
  private split = 0;

  constructor(
    private readonly db: Db,
    private readonly store: OperationStore,
    private readonly clock: Clock,
    private readonly handler: (type: StepType) => StepHandler,
    /** Group commit of first legs; off: each start is its own statement. */
    private readonly groupCommit: boolean,
  ) {}

  /**
   * Inserts the operation `row` with its first leg and starts that leg; answers the leg's record id. With the
   * handler's `startCall`, one statement (shared with concurrent starts under group commit); else one transaction.
   */
  async first(row: NewOperation, ctx: StepContext, step: Step): Promise<string> {
    const handler = this.handler(step.type);
    const call = handler.startCall?.(ctx, step);
    if (call) {
      // One statement: the operation, its first leg and the leg's record (the handler's database function).
      return this.groupCommit
        ? this.starts.submit({ op: row, start: call })
        : retryVictim(() => this.store.insertAndStart(row, call)).catch((e: unknown) => {
            throw fromDatabase(e);
          });
    }
    return this.db.transaction().execute(async (trx) => {
      await this.store.insert(trx, row);
      const ref = await handler.start(trx, ctx, step);
      if (ref !== row.first.reference) await this.store.setLegReference(trx, row.id, 0, ref);
      return ref;
    });
  }

  /** Starts a later step in its own transaction; a refused start is recorded as a FAILED leg. */
  async later(ctx: StepContext, seq: number, step: Step): Promise<string | undefined> {
    const now = this.clock.now();
    const id = ctx.operationId;
    try {
      return await this.db.transaction().execute(async (trx) => {
        if ((await this.store.lock(trx, id)) !== 'PENDING') return undefined;
        if (await this.store.hasLeg(trx, id, seq)) return undefined;
        const ref = await this.handler(step.type).start(trx, ctx, step);
        await this.store.insertLeg(trx, {
          operationId: id,
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
        if ((await this.store.lock(trx, id)) !== 'PENDING') return;
        if (await this.store.hasLeg(trx, id, seq)) return;
        await this.store.insertLeg(trx, {
          operationId: id,
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

  /** First legs' batches so far: how many, their items, the largest, and batches split into lone starts. */
  stats(): { batches: number; items: number; largest: number; split: number } {
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
}

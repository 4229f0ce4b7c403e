/**
 * Group commit for one kind of statement (issue 11, docs/ledger.md "Batched starts and settlements"): concurrent
 * calls are queued and handed to `run` together, so several requests share one statement, one transaction and one
 * commit instead of one each. A call waits only while `maxInFlight` batches of its kind are running: alone, it
 * runs at once; under load, the calls that arrived meanwhile go together in the next batch (at most `maxBatch`).
 *
 * `run` answers every item on its own (`Settled`): a batch that fails as a whole is the runner's to split (e.g.
 * run each item alone), so that one item's refusal is never another item's answer.
 */
/**
 * Whether a failed statement certainly wrote nothing, so that its batch may be split into lone statements: the
 * database reported a refusal of one of our functions (WL400) or another exception they raise (P0001), a deadlock
 * or serialisation failure (the transaction was rolled back), or an integrity violation. Any other failure (a lost
 * connection, the server shutting down: the commit may or may not have happened) is every item's answer, as it
 * would be a lone statement's.
 */
export function rolledBack(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return false;
  return (
    code === 'WL400' || code === 'P0001' || code === '40P01' || code === '40001' || code.startsWith('23')
  );
}

/** A deadlock victim or serialisation failure: the database rolled the transaction back, so nothing of it stayed. */
export function victim(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
}

/** How many times `retryVictim` runs a statement at most. */
export const VICTIM_ATTEMPTS = 3;

/**
 * Runs one statement that is its own transaction (autocommit) again when the database picked it as a deadlock
 * victim or refused it as a serialisation failure (`victim`): it was rolled back whole, so running it again is
 * what a first run would do, and the member gets the answer instead of a 500. Any other failure, and the last
 * attempt's, is the caller's. Not for a statement inside a longer transaction: that transaction is aborted, and
 * only its owner can run it again from the start.
 */
export async function retryVictim<R>(statement: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (e) {
      if (attempt >= VICTIM_ATTEMPTS || !victim(e)) throw e;
    }
  }
}

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * The usual `run` of a batcher over the database: `together` answers every item from one statement. When one item
 * came, or `canTogether` says no, or that statement rolled back (`rolledBack`: nothing of any item was written; then
 * `onSplit` is told), each item runs `alone` for its own answer. Any other failure of `together` is every item's
 * answer. `failure` shapes the errors answered (e.g. a database refusal into the catalogue error). `alone` is one
 * statement in its own transaction: a deadlock victim runs again (`retryVictim`).
 */
export async function togetherOrAlone<I, R>(
  items: I[],
  opts: {
    together: (items: I[]) => Promise<Settled<R>[]>;
    alone: (item: I) => Promise<R>;
    canTogether?: (items: I[]) => boolean;
    onSplit?: () => void;
    failure?: (error: unknown) => unknown;
  },
): Promise<Settled<R>[]> {
  const failure = opts.failure ?? ((e: unknown) => e);
  const eachAlone = () =>
    Promise.all(
      items.map((item) =>
        retryVictim(() => opts.alone(item)).then(
          (value): Settled<R> => ({ ok: true, value }),
          (error: unknown): Settled<R> => ({ ok: false, error: failure(error) }),
        ),
      ),
    );
  if (items.length === 1 || (opts.canTogether && !opts.canTogether(items))) return eachAlone();
  try {
    return await opts.together(items);
  } catch (e) {
    if (!rolledBack(e)) return items.map(() => ({ ok: false, error: failure(e) }));
    opts.onSplit?.();
    return eachAlone();
  }
}

export interface BatcherOptions<I> {
  /** Items per batch at most. */
  maxBatch: number;
  /** Batches of this kind running at once at most. */
  maxInFlight: number;
  /**
   * Items with the same key never share a batch: the later ones wait, in order, for a next batch. For statements
   * that lock a member's rows in a fixed order (game account, then ledger accounts), so that one transaction never
   * holds one of a member's ledger accounts while it asks for another of the member's rows, as a lone statement
   * never does (two such transactions could deadlock).
   */
  key?: (item: I) => string;
}

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export class Batcher<I, R> {
  private queue: Waiting<I, R>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<Settled<R>[]>,
    private readonly opts: BatcherOptions<I>,
  ) {
    if (opts.maxBatch < 1 || opts.maxInFlight < 1) throw new Error('a batcher needs room for one item');
  }

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // Items submitted in the same tick go together: the batch leaves once the tick's synchronous work is done.
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private readonly counts = { batches: 0, items: 0, largest: 0 };

  /** Batches run so far, the items they carried and the largest batch (for tests and metrics). */
  get stats(): { batches: number; items: number; largest: number; waiting: number } {
    return { ...this.counts, waiting: this.queue.length };
  }

  private pump(): void {
    while (this.inFlight < this.opts.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight += 1;
      void this.runBatch(batch);
    }
  }

  /** The next batch: the first `maxBatch` waiting items, an item whose key is in it already left for later. */
  private take(): Waiting<I, R>[] {
    const { key, maxBatch } = this.opts;
    if (!key) return this.queue.splice(0, maxBatch);
    const batch: Waiting<I, R>[] = [];
    const rest: Waiting<I, R>[] = [];
    const keys = new Set<string>();
    for (const w of this.queue) {
      const k = key(w.item);
      if (batch.length < maxBatch && !keys.has(k)) {
        keys.add(k);
        batch.push(w);
      } else rest.push(w);
    }
    this.queue = rest;
    return batch;
  }

  private async runBatch(batch: Waiting<I, R>[]): Promise<void> {
    this.counts.batches += 1;
    this.counts.items += batch.length;
    if (batch.length > this.counts.largest) this.counts.largest = batch.length;
    try {
      const results = await this.run(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const r = results[i];
        if (!r) w.reject(new Error('the batch gave no answer for this item'));
        else if (r.ok) w.resolve(r.value);
        else w.reject(r.error);
      });
    } catch (e) {
      for (const w of batch) w.reject(e);
    } finally {
      this.inFlight -= 1;
      this.pump();
    }
  }
}

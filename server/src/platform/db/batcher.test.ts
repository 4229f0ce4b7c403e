import { Batcher, retryVictim, togetherOrAlone, VICTIM_ATTEMPTS, type Settled } from './batcher';

/** A run that holds each batch until `release` is called, recording what it was given. */
function heldRun() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: number[]) =>
    new Promise<Settled<string>[]>((resolve) => {
      batches.push(items);
      releases.push(() =>
        resolve(
          items.map((n) =>
            n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, value: `#${n}` },
          ),
        ),
      );
    });
  return { batches, releases, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher (group commit)', () => {
  it('sends a lone item at once, and the items that arrive while it runs together in the next batch', async () => {
    const { batches, releases, run } = heldRun();
    const b = new Batcher(run, { maxBatch: 10, maxInFlight: 1 });
    const first = b.submit(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const later = [b.submit(2), b.submit(3), b.submit(4)];
    await tick();
    expect(batches).toHaveLength(1); // waiting for the batch in flight
    releases[0]?.();
    await expect(first).resolves.toBe('#1');
    await tick();
    expect(batches[1]).toEqual([2, 3, 4]);
    releases[1]?.();
    await expect(Promise.all(later)).resolves.toEqual(['#2', '#3', '#4']);
    expect(b.stats).toEqual({ batches: 2, items: 4, largest: 3, waiting: 0 });
  });

  it("answers each item on its own: one item's refusal is not another's answer", async () => {
    const { releases, run } = heldRun();
    const b = new Batcher(run, { maxBatch: 10, maxInFlight: 1 });
    const answers = [5, -6, 7].map((n) => b.submit(n));
    await tick();
    releases[0]?.();
    const settled = await Promise.allSettled(answers);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      '#5',
      'refused -6',
      '#7',
    ]);
  });

  it('keeps to maxBatch and maxInFlight', async () => {
    const { batches, releases, run } = heldRun();
    const b = new Batcher(run, { maxBatch: 2, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => b.submit(n));
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(b.stats.waiting).toBe(1);
    releases[0]?.();
    await tick();
    expect(batches[2]).toEqual([5]);
    releases[1]?.();
    releases[2]?.();
    await expect(Promise.all(all)).resolves.toEqual(['#1', '#2', '#3', '#4', '#5']);
  });

  it('never puts two items with one key in a batch: the later ones wait, in order, for the next', async () => {
    const { batches, releases, run } = heldRun();
    const b = new Batcher(run, { maxBatch: 3, maxInFlight: 1, key: (n: number) => String(n % 10) });
    // Keys 1, 1, 2, 1, 3, 4: the first batch takes one item per key up to maxBatch.
    const all = [11, 21, 12, 31, 13, 14].map((n) => b.submit(n));
    await tick();
    expect(batches).toEqual([[11, 12, 13]]);
    expect(b.stats.waiting).toBe(3);
    releases[0]?.();
    await tick();
    expect(batches[1]).toEqual([21, 14]);
    releases[1]?.();
    await tick();
    expect(batches[2]).toEqual([31]);
    releases[2]?.();
    await expect(Promise.all(all)).resolves.toEqual(['#11', '#21', '#12', '#31', '#13', '#14']);
  });

  it('rejects every item of a batch whose run throws, and goes on with the next batch', async () => {
    let calls = 0;
    const b = new Batcher<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items.map((n) => ({ ok: true, value: n * 2 }));
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const failed = [b.submit(1), b.submit(2)];
    await expect(Promise.all(failed)).rejects.toThrow('connection lost');
    await expect(Promise.allSettled(failed)).resolves.toEqual([
      { status: 'rejected', reason: expect.any(Error) },
      { status: 'rejected', reason: expect.any(Error) },
    ]);
    await expect(b.submit(3)).resolves.toBe(6);
  });
});

describe('togetherOrAlone', () => {
  const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
  const alone = async (n: number) => {
    if (n < 0) throw sqlError('WL400');
    return n * 10;
  };

  it('splits a statement the database rolled back: each item gets its own answer', async () => {
    let splits = 0;
    const answers = await togetherOrAlone([1, -2, 3], {
      together: () => Promise.reject(sqlError('WL400')),
      alone,
      onSplit: () => (splits += 1),
    });
    expect(splits).toBe(1);
    expect(answers).toEqual([
      { ok: true, value: 10 },
      { ok: false, error: expect.objectContaining({ code: 'WL400' }) },
      { ok: true, value: 30 },
    ]);
  });

  it('never runs an item again after a failure that may have come after the commit', async () => {
    let lone = 0;
    const lost = new Error('Connection terminated unexpectedly');
    const answers = await togetherOrAlone([1, 2], {
      together: () => Promise.reject(lost),
      alone: async (n) => {
        lone += 1;
        return n;
      },
    });
    expect(lone).toBe(0);
    expect(answers).toEqual([
      { ok: false, error: lost },
      { ok: false, error: lost },
    ]);
  });

  it('runs a lone item, or items that cannot share a statement, on their own', async () => {
    const together = jest.fn(async (items: number[]) => items.map((n) => ({ ok: true as const, value: n })));
    await expect(togetherOrAlone([4], { together, alone })).resolves.toEqual([{ ok: true, value: 40 }]);
    await expect(togetherOrAlone([4, 5], { together, alone, canTogether: () => false })).resolves.toEqual([
      { ok: true, value: 40 },
      { ok: true, value: 50 },
    ]);
    expect(together).not.toHaveBeenCalled();
    await expect(togetherOrAlone([4, 5], { together, alone })).resolves.toEqual([
      { ok: true, value: 4 },
      { ok: true, value: 5 },
    ]);
  });
});

describe('retryVictim', () => {
  const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
  /** A statement that fails with `errors` in turn, then answers 'done'; counts its runs. */
  const statement = (...errors: Error[]) => {
    const run = jest.fn(async () => {
      const e = errors.shift();
      if (e) throw e;
      return 'done';
    });
    return run;
  };

  it('runs a deadlock victim or a serialisation failure again, and answers its later run', async () => {
    const run = statement(sqlError('40P01'), sqlError('40001'));
    await expect(retryVictim(run)).resolves.toBe('done');
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('gives up after a few runs, with the last error', async () => {
    const run = statement(...Array.from({ length: VICTIM_ATTEMPTS + 1 }, () => sqlError('40P01')));
    await expect(retryVictim(run)).rejects.toMatchObject({ code: '40P01' });
    expect(run).toHaveBeenCalledTimes(VICTIM_ATTEMPTS);
  });

  it('never runs again a refusal, or a failure after which the commit may have happened', async () => {
    for (const e of [sqlError('WL400'), sqlError('23505'), new Error('Connection terminated unexpectedly')]) {
      const run = statement(e);
      await expect(retryVictim(run)).rejects.toBe(e);
      expect(run).toHaveBeenCalledTimes(1);
    }
  });

  it('is how togetherOrAlone runs an item alone', async () => {
    const run = statement(sqlError('40P01'));
    await expect(togetherOrAlone([1], { together: async () => [], alone: run })).resolves.toEqual([
      { ok: true, value: 'done' },
    ]);
    expect(run).toHaveBeenCalledTimes(2);
  });
});

import { databaseJobLease, IntervalJob } from '../src/platform/jobs';
import { createTestApp, dbLabel, testDatabaseUrl, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_INTERVAL_MS: '0' });
});
afterAll(() => t.close());

const later = () => {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => (done = resolve));
  return { promise, done };
};

describe(`background jobs across processes (${dbLabel})`, () => {
  (testDatabaseUrl ? test : test.skip)(
    'a job held by one process is skipped by another until it is released',
    async () => {
      const { db, dbKind } = t.app.ctx;
      // Two leases, as two server processes would have (each takes its own connection for the lock).
      const first = databaseJobLease(db, dbKind);
      const second = databaseJobLease(db, dbKind);
      if (!first || !second) throw new Error('PostgreSQL has a lease');
      const gate = later();
      let runs = 0;
      const holding = first('payouts', async () => {
        runs += 1;
        await gate.promise;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await second('payouts', async () => (runs += 1))).toBe(false);
      // Another job is not held.
      expect(await second('reconcile', async () => undefined)).toBe(true);
      gate.done();
      expect(await holding).toBe(true);
      expect(await second('payouts', async () => (runs += 1))).toBe(true);
      expect(runs).toBe(2);
    },
  );

  test('IntervalJob runs its work through the lease, and without one on PGlite', async () => {
    const { db, dbKind } = t.app.ctx;
    const lease = databaseJobLease(db, dbKind);
    expect(lease === undefined).toBe(dbKind !== 'postgres');
    let runs = 0;
    const job = new IntervalJob('test-job', 0, async () => (runs += 1), t.app.log, lease);
    await job.runOnce();
    expect(runs).toBe(1);
  });
});

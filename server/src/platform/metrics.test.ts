import pino from 'pino';
import { Metrics } from './metrics';

/**
 * The scrape's readings (platform/metrics.ts): one after another, so that a scrape holds at most one database
 * connection; scrapes that come together share one reading; a reading that fails leaves only its own gauges out.
 */

const silent = pino({ level: 'silent' });

/** A reading that takes `ms` and records how many readings ran at once. */
function slowReading(state: { running: number; most: number; calls: number }, ms: number) {
  return async () => {
    state.calls += 1;
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    state.running -= 1;
  };
}

test('the readings run one at a time, and two scrapes at once read once', async () => {
  const metrics = new Metrics(silent);
  const state = { running: 0, most: 0, calls: 0 };
  const a = metrics.gauge('test_a', 'a');
  const b = metrics.gauge('test_b', 'b');
  metrics.onScrape('a', [a], async () => {
    await slowReading(state, 20)();
    a.set(1);
  });
  metrics.onScrape('b', [b], async () => {
    await slowReading(state, 20)();
    b.set(2);
  });

  const [first, second] = await Promise.all([metrics.scrape(), metrics.scrape()]);

  expect(state.most).toBe(1);
  expect(state.calls).toBe(2);
  for (const text of [first, second]) {
    expect(text).toMatch(/^test_a 1$/m);
    expect(text).toMatch(/^test_b 2$/m);
  }
  // A later scrape reads again.
  await metrics.scrape();
  expect(state.calls).toBe(4);
});

test('a failing reading leaves its gauge unknown and the next one still answers', async () => {
  const metrics = new Metrics(silent);
  const broken = metrics.gauge('test_broken', 'broken');
  const fine = metrics.gauge('test_fine', 'fine');
  broken.set(5);
  metrics.onScrape('broken', [broken], () => Promise.reject(new Error('database down')));
  metrics.onScrape('fine', [fine], async () => {
    fine.set(3);
  });

  const text = await metrics.scrape();

  // (prom-client writes NaN as `Nan`; Prometheus reads either.)
  expect(text).toMatch(/^test_broken nan$/im);
  expect(text).toMatch(/^test_fine 3$/m);
  expect(text).toMatch(/^wallet_metrics_scrape_hook_seconds\{hook="fine"\} \d/m);
});

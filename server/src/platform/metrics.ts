import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one app (docs/operations.md "Metrics"): a registry of its own (never prom-client's global
 * one, so the test suites can build many apps in one process), the HTTP, job and provider instruments updated where
 * the work happens, and gauges read once per scrape by the hooks the platform, core and features add with
 * `onScrape` (each reads its own tables, with indexed queries).
 */

/** What a call to an outside provider came to. */
export type ProviderOutcome = 'ok' | 'error' | 'timeout' | 'refused';
/** What a background job's run came to (`skipped`: another process held its lease). */
export type JobOutcome = 'ok' | 'error' | 'skipped';
/** Records one run of a background job (platform/jobs.ts). */
export type JobObserver = (task: string, outcome: JobOutcome, seconds: number | undefined) => void;

/** A scrape hook gets this long; past it its gauges are left out of that scrape. */
const SCRAPE_HOOK_TIMEOUT_MS = 5_000;
/**
 * The readings of one scrape, together, get this long (under Prometheus's default 10 s scrape timeout): the hooks
 * left when it is spent are left out of that scrape.
 */
const SCRAPE_BUDGET_MS = 8_000;

/** Seconds buckets for calls that wait on a network or a database (5 ms … 30 s). */
const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status_code'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly jobRuns: Counter<'task' | 'outcome'>;
  readonly jobDuration: Histogram<'task'>;
  readonly providerCalls: Counter<'provider' | 'call' | 'outcome'>;
  readonly providerDuration: Histogram<'provider' | 'call'>;
  readonly reconcileFinished: Counter<'kind' | 'outcome'>;
  readonly payoutsSettled: Counter<'outcome'>;
  private readonly hooks: { name: string; gauges: Gauge[]; read: () => Promise<void> }[] = [];
  private readonly hookSeconds: Gauge<'hook'>;
  /** The readings under way: a scrape that comes meanwhile waits for them rather than reading again. */
  private reading: Promise<void> | undefined;

  constructor(private readonly log: FastifyBaseLogger) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (not_found: no route) and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request received to response sent, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.jobRuns = new Counter({
      name: 'wallet_job_runs_total',
      help: 'Background job runs by task and outcome (error: to be tried again, or dead; skipped: another process held an interval job)',
      labelNames: ['task', 'outcome'],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'wallet_job_duration_seconds',
      help: 'Duration of the background job runs that ran (ok or error), by task',
      labelNames: ['task'],
      buckets: CALL_BUCKETS,
      registers,
    });
    this.providerCalls = new Counter({
      name: 'wallet_provider_calls_total',
      help: 'Calls to outside providers (games, bank, payments, sms, slips, vouchers) by call and outcome',
      labelNames: ['provider', 'call', 'outcome'],
      registers,
    });
    this.providerDuration = new Histogram({
      name: 'wallet_provider_call_duration_seconds',
      help: 'Duration of the calls to outside providers',
      labelNames: ['provider', 'call'],
      buckets: CALL_BUCKETS,
      registers,
    });
    this.reconcileFinished = new Counter({
      name: 'wallet_reconcile_finished_total',
      help: 'Money operations the reconciliation finished, by kind and outcome (success, partial, failed; error: could not advance)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.payoutsSettled = new Counter({
      name: 'wallet_payouts_settled_total',
      help: "Withdrawals the payout job settled from the bank's answer (success, failed; error: the poll failed)",
      labelNames: ['outcome'],
      registers,
    });
    this.hookSeconds = new Gauge({
      name: 'wallet_metrics_scrape_hook_seconds',
      help: "How long each of the scrape's readings (its queries) took at the last scrape, by hook",
      labelNames: ['hook'],
      registers,
    });
  }

  /** Records a background job's run (the IntervalJob observer). */
  readonly jobs: JobObserver = (task, outcome, seconds) => {
    this.jobRuns.inc({ task, outcome });
    if (seconds !== undefined) this.jobDuration.observe({ task }, seconds);
  };

  /** A gauge of this registry (its values set by a scrape hook). */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
    return new Gauge<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /**
   * Adds work done before every scrape: `read` sets `gauges` (one query or a few, one after another). A hook that
   * fails or takes longer than 5 s leaves its gauges out of that scrape (no series, or NaN without labels), and is
   * logged; the others still answer.
   */
  onScrape(name: string, gauges: Gauge[], read: () => Promise<void>): void {
    this.hooks.push({ name, gauges, read });
  }

  /**
   * Runs the scrape hooks, then renders the registry in the Prometheus text format. The hooks run one after another,
   * so that a scrape holds at most one of the pool's connections (run together, the readings of two processes
   * scraped every second took most of each pool at once, and the requests queued behind them); concurrent scrapes
   * share one reading.
   */
  async scrape(): Promise<string> {
    this.reading ??= this.readAll().finally(() => {
      this.reading = undefined;
    });
    await this.reading;
    return this.registry.metrics();
  }

  private async readAll(): Promise<void> {
    const deadline = performance.now() + SCRAPE_BUDGET_MS;
    for (const hook of this.hooks) {
      let timer: NodeJS.Timeout | undefined;
      const started = performance.now();
      const allowed = Math.min(SCRAPE_HOOK_TIMEOUT_MS, deadline - started);
      try {
        if (allowed <= 0) throw new Error("skipped: the scrape's time was spent");
        await Promise.race([
          hook.read(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), allowed);
          }),
        ]);
      } catch (err) {
        // Unknown this time: a labelled gauge loses its series, one without labels reads NaN (never a stale
        // value, nor a 0 that looks like good news).
        for (const g of hook.gauges) {
          g.reset();
          if ((g as unknown as { labelNames: string[] }).labelNames.length === 0) g.set(NaN);
        }
        this.log.warn({ err, metrics: hook.name }, 'metrics: a scrape hook failed');
      } finally {
        clearTimeout(timer);
        this.hookSeconds.set({ hook: hook.name }, (performance.now() - started) / 1000);
      }
    }
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * The adapter with each of `methods` counted and timed as provider calls (wallet_provider_calls_total,
   * wallet_provider_call_duration_seconds): a decorator at the adapter's interface, the adapter itself unchanged.
   * A call that throws is `timeout` when the error says so, else `error`; one that answers is `ok` unless
   * `judge` reads a refusal (or a timeout) in its answer. Other properties pass through to the adapter.
   */
  instrument<T extends object>(
    target: T,
    provider: string,
    methods: readonly (keyof T & string)[],
    judge: (call: string, answer: unknown) => ProviderOutcome = () => 'ok',
  ): T {
    const wrapped = new Map<PropertyKey, unknown>();
    for (const call of methods) {
      if (typeof target[call] !== 'function') continue;
      wrapped.set(call, (...args: unknown[]) => {
        // Looked up at each call: the adapter's own method as it is now (a test may have replaced it).
        const original = target[call] as (...a: unknown[]) => unknown;
        const started = performance.now();
        const done = (outcome: ProviderOutcome) => {
          this.providerCalls.inc({ provider, call, outcome });
          this.providerDuration.observe({ provider, call }, (performance.now() - started) / 1000);
        };
        let answer: unknown;
        try {
          answer = original.apply(target, args);
        } catch (e) {
          done(errorOutcome(e));
          throw e;
        }
        if (!(answer instanceof Promise)) {
          done(judge(call, answer));
          return answer;
        }
        return answer.then(
          (value: unknown) => {
            done(judge(call, value));
            return value;
          },
          (e: unknown) => {
            done(errorOutcome(e));
            throw e;
          },
        );
      });
    }
    return new Proxy(target, {
      get: (obj, prop, receiver) =>
        wrapped.has(prop) ? wrapped.get(prop) : (Reflect.get(obj, prop, receiver) as unknown),
    });
  }
}

/** `timeout` for an error that says it is one (AbortSignal.timeout, ProviderUnreachable, its message), else `error`. */
export function errorOutcome(e: unknown): ProviderOutcome {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth += 1) {
    const { name, message, timedOut, cause } = cur as {
      name?: unknown;
      message?: unknown;
      timedOut?: unknown;
      cause?: unknown;
    };
    if (timedOut === true || name === 'TimeoutError') return 'timeout';
    if (typeof message === 'string' && /\btime(d)? ?out\b|no answer within/i.test(message)) return 'timeout';
    cur = cause;
  }
  return 'error';
}

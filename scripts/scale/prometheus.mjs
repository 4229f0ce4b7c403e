// Prometheus (Debian's package) beside the scale test: it scrapes both servers' /metrics on their METRICS_PORT
// every second and evaluates ops/prometheus/alerts.yml, so that at the end the test can ask it whether the
// metrics told the truth: the requests counted against the requests sent, the pending-age alert during the
// provider outage, the trial balance.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../built-server.mjs';
import { check, env, log, repo, sleep, tmp } from './config.mjs';

export const PROMETHEUS = env.PROMETHEUS_BIN || '/usr/bin/prometheus';
/** How often Prometheus scrapes and evaluates the rules during the scale test (seconds). */
export const SCRAPE_SECONDS = 1;

/**
 * The pending-age threshold of the scale test's rules (seconds): during its provider outage each operation stays
 * PENDING about 1-1.5 s (answered PENDING, its reconcile job 1 s later), never for minutes.
 */
export const PENDING_AGE_SECONDS = 1;

/**
 * The rules of ops/prometheus/alerts.yml as the scale test loads them: the same expressions and labels, with the
 * pending-age thresholds lowered from 120 s to PENDING_AGE_SECONDS and every `for` shortened to the scrape interval,
 * because the test's provider outage lasts seconds, not minutes (the thresholds themselves are checked by
 * promtool's rule tests, ops/prometheus/alerts.test.yml).
 */
export function scaledRules(text) {
  return text
    .replace(/(pending_oldest_age_seconds[^\n]*?>\s*)120\b/g, (_, head) => `${head}${PENDING_AGE_SECONDS}`)
    .replace(/^(\s*for:\s*)\S+/gm, `$1${SCRAPE_SECONDS}s`);
}

let child;
let port;

/** Whether Prometheus can run here (the scale test's Prometheus checks are skipped, and say so, when it cannot). */
export function prometheusAvailable() {
  return existsSync(PROMETHEUS) && spawnSync(PROMETHEUS, ['--version']).status === 0;
}

/** Starts Prometheus scraping the servers' metrics ports (`targets`: `{ name, metricsPort }`). */
export async function startPrometheus(targets) {
  const dir = path.join(tmp, 'prometheus');
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const rules = path.join(dir, 'alerts.yml');
  writeFileSync(rules, scaledRules(readFileSync(path.join(repo, 'ops/prometheus/alerts.yml'), 'utf8')));
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      `  scrape_interval: ${SCRAPE_SECONDS}s`,
      `  evaluation_interval: ${SCRAPE_SECONDS}s`,
      'rule_files:',
      `  - ${rules}`,
      'scrape_configs:',
      '  - job_name: wallet',
      '    static_configs:',
      ...targets.flatMap((t) => [
        `      - targets: ['127.0.0.1:${t.metricsPort}']`,
        `        labels: { server: '${t.name}' }`,
      ]),
      '',
    ].join('\n'),
  );
  port = await freePort();
  child = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/-/ready`).catch(() => undefined);
    if (ready?.ok) {
      log(`prometheus :${port} scraping ${targets.map((t) => `${t.name} :${t.metricsPort}`).join(', ')}`);
      return;
    }
    await sleep(200);
  }
  throw new Error(`prometheus did not become ready: ${stderr}`);
}

export async function stopPrometheus() {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function api(route, params) {
  const url = new URL(`http://127.0.0.1:${port}/api/v1/${route}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const res = await fetch(url);
  const body = await res.json();
  if (body.status !== 'success')
    throw new Error(`prometheus ${route}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** An instant query: `[{ metric, value: number }]`. */
export async function query(expr, time) {
  const data = await api('query', { query: expr, ...(time ? { time: time / 1000 } : {}) });
  return data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
}

/** A range query: `[{ metric, values: [[seconds, number]] }]`. */
export async function queryRange(expr, fromMs, toMs, stepSeconds = SCRAPE_SECONDS) {
  const data = await api('query_range', {
    query: expr,
    start: fromMs / 1000,
    end: toMs / 1000,
    step: stepSeconds,
  });
  return data.result.map((r) => ({ metric: r.metric, values: r.values.map(([t, v]) => [t, Number(v)]) }));
}

/**
 * Requests a counter counted between two moments, summed over its series, resets included: for each series the
 * sum of its increases between consecutive raw samples (a drop is a restart: the new value counts from 0). What a
 * killed process answered after its last scrape is not in it.
 */
export async function countedBetween(selector, fromMs, toMs) {
  const seconds = Math.ceil((toMs - fromMs) / 1000) + 1;
  const data = await api('query', { query: `${selector}[${seconds}s]`, time: toMs / 1000 });
  let total = 0;
  for (const series of data.result) {
    const values = series.values.map(([, v]) => Number(v));
    // A series born during the window (a route first used, a status first answered) counted from 0.
    if (series.values.length > 0 && series.values[0][0] > fromMs / 1000 + 1.5 * SCRAPE_SECONDS)
      total += values[0];
    for (let k = 1; k < values.length; k += 1)
      total += values[k] >= values[k - 1] ? values[k] - values[k - 1] : values[k];
  }
  return total;
}

/**
 * What the metrics said against what happened: the requests both servers counted during the load against the
 * requests the load sent (less the ones nginx answered itself and the killed process's last unscraped second),
 * the pending-age alert fired during the provider outage and resolved once reconciliation had finished, the
 * process-down alert fired while A was down, and the trial balance read 0 on every server at the end.
 */
export async function checkMetrics({ loadStart, loadEnd, outageStart, outageEnd, sent, byStatus, rps }) {
  // One more scrape after the drain, so that the last figures are in.
  await sleep(SCRAPE_SECONDS * 2500);
  const now = Date.now();
  const counted = await countedBetween('http_requests_total{job="wallet"}', loadStart, loadEnd + 1000);
  const answeredByNginx = (byStatus[0] ?? 0) + (byStatus[502] ?? 0) + (byStatus[504] ?? 0);
  const tolerance = answeredByNginx + Math.ceil(rps * 2 * SCRAPE_SECONDS);
  check(
    Math.abs(counted - sent) <= tolerance,
    `metrics: the servers counted ${counted} requests during the load, the load sent ${sent} (± ${tolerance}: nginx's own answers and the killed process's unscraped tail)`,
    { counted, sent, tolerance },
  );
  const fired = async (alertname, from, to) =>
    (await queryRange(`ALERTS{alertname="${alertname}",alertstate="firing"}`, from, to)).length > 0;
  // During the outage or just after it (its last operations' reconciliation), not at the kill that comes later.
  const pendingFired = await fired('WalletOperationPendingTooLong', outageStart, outageEnd + 5_000);
  check(pendingFired, 'metrics: the pending-age alert fired during the provider outage');
  const firingNow = await query('ALERTS{alertstate="firing"}');
  const stillPending = firingNow.filter((a) => a.metric.alertname === 'WalletOperationPendingTooLong');
  check(
    stillPending.length === 0,
    'metrics: the pending-age alert resolved once everything settled',
    firingNow,
  );
  const downFired = await fired('WalletProcessDown', loadStart, loadEnd);
  check(downFired, 'metrics: the process-down alert fired while A was down');
  const balance = await query('wallet_ledger_trial_balance_minor{job="wallet"}', now);
  check(
    balance.length > 0 && balance.every((b) => b.value === 0),
    'metrics: the trial balance gauge reads 0 on every server, per currency',
    balance.map((b) => ({ ...b.metric, value: b.value })),
  );
  // What the scrapes cost: Prometheus's own timing of each scrape and the servers' timing of each reading.
  const window = `${Math.ceil((loadEnd - loadStart) / 1000)}s`;
  const at = loadEnd / 1000;
  const one = async (expr) => {
    const r = await api('query', { query: expr, time: at });
    return r.result.length > 0 ? Math.round(Number(r.result[0].value[1]) * 10_000) / 10 : null;
  };
  const scrapeMs = {
    mean: await one(`avg(avg_over_time(scrape_duration_seconds{job="wallet"}[${window}]))`),
    max: await one(`max(max_over_time(scrape_duration_seconds{job="wallet"}[${window}]))`),
  };
  const hooks = await api('query', {
    query: `max by (hook) (avg_over_time(wallet_metrics_scrape_hook_seconds{job="wallet"}[${window}]))`,
    time: at,
  });
  const hookMs = Object.fromEntries(
    hooks.result
      .map((r) => [r.metric.hook, Math.round(Number(r.value[1]) * 10_000) / 10])
      .sort((a, b) => b[1] - a[1]),
  );
  return {
    counted,
    sent,
    tolerance,
    pendingAlertFired: pendingFired,
    processDownFired: downFired,
    scrapeMs,
    hookMs,
  };
}

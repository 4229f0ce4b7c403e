import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse as parseYaml } from 'yaml';

/**
 * The monitoring files an operator installs (docs/operations.md): the Prometheus alert rules and their unit tests
 * (ops/prometheus/), the Grafana dashboard (ops/grafana/wallet.json). Their queries may name only the metrics the
 * server serves, listed in ops/metrics.json: a renamed metric would leave an alert that never fires, or an empty
 * panel, without any error. The rules' behaviour itself is tested by promtool (`npm run test:alerts`).
 */

const repo = path.resolve(__dirname, '../..');
const read = (file: string): string => readFileSync(path.join(repo, file), 'utf8');

interface MetricDef {
  name: string;
  type: 'counter' | 'gauge' | 'histogram';
  labels: string[];
}
interface MetricList {
  metrics: MetricDef[];
  defaults: { metrics: MetricDef[] };
  scrape: { metrics: MetricDef[] };
}
const list = JSON.parse(read('ops/metrics.json')) as MetricList;
const siteMetrics = list.metrics;
const known = new Map(
  [...list.metrics, ...list.defaults.metrics, ...list.scrape.metrics].map((m) => [m.name, m] as const),
);

/** The metric a series name belongs to (a histogram's `_bucket`, `_sum` and `_count` too), and which series. */
function metricOf(series: string): { metric: MetricDef; suffix: string } | undefined {
  const exact = known.get(series);
  if (exact) return { metric: exact, suffix: '' };
  const [, name = '', suffix = ''] = /^(.+)(_bucket|_sum|_count)$/.exec(series) ?? [];
  const base = known.get(name);
  return base?.type === 'histogram' ? { metric: base, suffix } : undefined;
}

/**
 * The labels a stored series of the metric has: its own, those Prometheus adds to every scraped series (`job`,
 * `instance`; a metric's own label of that name is kept as `exported_<name>`), `le` on histogram buckets.
 */
function labelsOf(metric: MetricDef, suffix: string): string[] {
  const own = metric.labels.map((l) => (l === 'job' || l === 'instance' ? `exported_${l}` : l));
  return [...own, 'job', 'instance', ...(suffix === '_bucket' ? ['le'] : [])];
}

interface Query {
  where: string;
  expr: string;
}
interface Finding {
  series: string[];
  problems: string[];
}

/** Parses a PromQL expression; names its series, and every unknown series or label and syntax error. */
function inspect({ where, expr }: Query): Finding {
  // Grafana's interval variables stand where a duration goes; $job and $instance only inside label values.
  const promql = expr.replace(/\$__(rate_interval|interval|range)\b/g, '5m');
  const series: string[] = [];
  const problems: string[] = [];
  const selectors: { name: string; matchers: string[] }[] = [];
  const grouping: string[] = [];
  const text = (from: number, to: number): string => promql.slice(from, to);
  parser.parse(promql).iterate({
    enter(ref) {
      if (ref.type.isError) problems.push(`${where}: syntax error at ${ref.from} in ${expr}`);
      if (ref.name === 'VectorSelector') {
        const node = ref.node;
        const id = node.getChild('Identifier');
        const matchers = node
          .getChild('LabelMatchers')
          ?.getChildren('UnquotedLabelMatcher')
          .map((m) => m.getChild('LabelName'))
          .filter((n) => n !== null)
          .map((n) => text(n.from, n.to));
        if (!id) problems.push(`${where}: a selector without a metric name in ${expr}`);
        else selectors.push({ name: text(id.from, id.to), matchers: matchers ?? [] });
      }
      if (ref.name === 'GroupingLabels') {
        for (const n of ref.node.getChildren('LabelName')) grouping.push(text(n.from, n.to));
      }
    },
  });
  const available = new Set<string>();
  for (const s of selectors) {
    series.push(s.name);
    const found = metricOf(s.name);
    if (!found) {
      problems.push(`${where}: ${s.name} is not a metric of ops/metrics.json`);
      continue;
    }
    const labels = labelsOf(found.metric, found.suffix);
    labels.forEach((l) => available.add(l));
    for (const l of s.matchers)
      if (!labels.includes(l))
        problems.push(`${where}: ${s.name} has no label ${l} (it has ${labels.join(', ')})`);
  }
  for (const l of grouping)
    if (!available.has(l)) problems.push(`${where}: groups by ${l}, a label none of its series has`);
  return { series, problems };
}

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const rules = (
  parseYaml(read('ops/prometheus/alerts.yml')) as { groups: { name: string; rules: Rule[] }[] }
).groups
  .flatMap((g) => g.rules)
  .filter((r): r is Rule & { alert: string } => typeof r.alert === 'string');

interface Target {
  expr?: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Variable {
  name: string;
  type: string;
  query: string | { query: string };
  datasource?: { type?: string; uid?: string };
}
interface Dashboard {
  schemaVersion: number;
  uid: string;
  panels: Panel[];
  templating: { list: Variable[] };
}
const dashboard = JSON.parse(read('ops/grafana/wallet.json')) as Dashboard;
const allPanels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);

const ruleQueries: Query[] = rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr }));
const panelQueries: Query[] = allPanels.flatMap((p) =>
  (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr ?? '' })),
);
/** `label_values(<selector>, <label>)` of the dashboard's query variables: the selector, and the label as a grouping. */
const variableQueries: Query[] = dashboard.templating.list
  .filter((v) => v.type === 'query')
  .map((v) => {
    const q = typeof v.query === 'string' ? v.query : v.query.query;
    const m = /^label_values\((.+),\s*(\w+)\)$/.exec(q);
    return { where: `variable $${v.name}`, expr: m ? `sum by (${m[2]}) (${m[1]})` : q };
  });

describe('the monitoring files use only the metrics the server serves (ops/metrics.json)', () => {
  test('every alert rule names known metrics and labels', () => {
    const findings = ruleQueries.map(inspect);
    expect(findings.flatMap((f) => f.problems)).toEqual([]);
    // What the rules watch: the books, stuck money, the jobs' backlogs, providers, server errors, the processes.
    expect(new Set(findings.flatMap((f) => f.series))).toEqual(
      new Set([
        'wallet_ledger_trial_balance_minor',
        'wallet_operation_pending_oldest_age_seconds',
        'wallet_withdrawal_pending_oldest_age_seconds',
        'wallet_payout_backlog',
        'wallet_reconcile_backlog',
        'wallet_provider_calls_total',
        'http_requests_total',
        'wallet_ready',
        'up',
      ]),
    );
  });

  test('every dashboard query names known metrics and labels, and the dashboard shows every metric of the site', () => {
    const findings = [...panelQueries, ...variableQueries].map(inspect);
    expect(findings.flatMap((f) => f.problems)).toEqual([]);
    const shown = new Set(findings.flatMap((f) => f.series).map((s) => metricOf(s)?.metric.name));
    expect(siteMetrics.map((m) => m.name).filter((name) => !shown.has(name))).toEqual([]);
  });

  test('the check finds an unknown metric, a label it does not have and a syntax error', () => {
    expect(inspect({ where: 'q', expr: 'sum(rate(wallet_transfers_total[5m]))' }).problems).toEqual([
      'q: wallet_transfers_total is not a metric of ops/metrics.json',
    ]);
    expect(
      inspect({ where: 'q', expr: 'sum by (status) (rate(http_requests_total{status="500"}[5m]))' }).problems,
    ).toEqual([
      'q: http_requests_total has no label status (it has method, route, status_code, job, instance)',
      'q: groups by status, a label none of its series has',
    ]);
    expect(inspect({ where: 'q', expr: 'rate(http_requests_total[5m]' }).problems).not.toEqual([]);
    // A histogram's series, grouped by the job metrics' own `task` label.
    expect(
      inspect({
        where: 'q',
        expr: 'histogram_quantile(0.95, sum by (task, le) (rate(wallet_job_duration_seconds_bucket[5m])))',
      }).problems,
    ).toEqual([]);
  });
});

/** GitHub's anchor of a Markdown heading. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('every alert can be acted on', () => {
  const operations = read('docs/operations.md');
  const alertsSection = operations.split(/^## /m).find((s) => s.startsWith('Alerts')) ?? '';
  const anchors = [...alertsSection.matchAll(/^#{3,4} (.+)$/gm)].map((m) => anchorOf(m[1] ?? ''));

  test.each(rules.map((r) => [r.alert, r] as const))(
    '%s: severity, summary, description, its runbook',
    (_, r) => {
      expect(['page', 'ticket']).toContain(r.labels?.severity);
      expect(r.annotations?.summary).toBeTruthy();
      // The value that fired it, or for a yes/no signal (ready, up) the process it is about.
      expect(r.annotations?.description).toMatch(/\{\{ \$(value|labels\.instance)\b/);
      const url = /^docs\/operations\.md#(.+)$/.exec(r.annotations?.runbook_url ?? '');
      expect(url).not.toBeNull();
      expect(anchors).toContain(url?.[1]);
    },
  );
});

describe('every alert has promtool unit tests (ops/prometheus/alerts.test.yml)', () => {
  interface AlertTest {
    alertname: string;
    exp_alerts: unknown[];
  }
  const cases = (
    parseYaml(read('ops/prometheus/alerts.test.yml')) as { tests: { alert_rule_test?: AlertTest[] }[] }
  ).tests.flatMap((t) => t.alert_rule_test ?? []);

  test.each(rules.map((r) => [r.alert] as const))(
    '%s: a case that fires it and one that must not',
    (name) => {
      const own = cases.filter((c) => c.alertname === name);
      expect(own.some((c) => c.exp_alerts.length > 0)).toBe(true);
      expect(own.some((c) => c.exp_alerts.length === 0)).toBe(true);
    },
  );

  test('the tests name only alerts of the rules', () => {
    const names = new Set(rules.map((r) => r.alert));
    expect(cases.map((c) => c.alertname).filter((n) => !names.has(n))).toEqual([]);
  });
});

describe('the Grafana dashboard (ops/grafana/wallet.json)', () => {
  test('asks for its Prometheus data source, and every panel and query uses it', () => {
    const ds = dashboard.templating.list.find((v) => v.name === 'DS_PROMETHEUS');
    expect(ds).toMatchObject({ type: 'datasource', query: 'prometheus' });
    const users = [
      ...allPanels.filter((p) => p.type !== 'row'),
      ...allPanels.flatMap((p) => p.targets ?? []),
      ...dashboard.templating.list.filter((v) => v.type === 'query'),
    ];
    expect(users.length).toBeGreaterThan(20);
    for (const u of users) expect(u.datasource).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
  });

  test('has the rows Money, Providers, HTTP and Process, and panel ids are unique', () => {
    expect(dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual([
      'Money',
      'Providers',
      'HTTP',
      'Process',
    ]);
    const ids = allPanels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dashboard.schemaVersion).toBe(39);
  });
});

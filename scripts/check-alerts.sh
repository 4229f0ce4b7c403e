#!/usr/bin/env bash
# `npm run test:alerts`: the monitoring files of ops/ with promtool (Debian's `prometheus` package): the alert rules
# are valid, their unit tests pass (alerts.test.yml: each alert fires on the series it must and stays quiet on the
# others), the sample scrape configuration parses, and so does every query of the Grafana dashboard (checked as
# recording rules of a temporary file). docs/operations.md, "Alerts".
# Exit 0: all pass; 1: a check failed; 3: no promtool.
set -euo pipefail
cd "$(dirname "$0")/../ops/prometheus"

if ! command -v promtool >/dev/null; then
  echo "promtool is missing: install Debian's prometheus package ('apt-get install -y prometheus'), then run 'npm run test:alerts'." >&2
  exit 3
fi

promtool --version 2>&1 | head -n 1
status=0
promtool check rules alerts.yml || status=1
promtool test rules alerts.test.yml || status=1
# --syntax-only: the credentials file it names exists on the Prometheus machine only.
promtool check config --syntax-only prometheus.yml || status=1

dashboard_rules=$(mktemp --suffix=.yml)
trap 'rm -f "$dashboard_rules"' EXIT
# Grafana's variables: an interval stands where a duration goes, the others in label values only.
node - ../grafana/wallet.json >"$dashboard_rules" <<'JS'
const fs = require('node:fs');
const dashboard = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const exprs = [];
const walk = (panels) => {
  for (const p of panels) {
    for (const t of p.targets ?? []) exprs.push(t.expr);
    walk(p.panels ?? []);
  }
};
walk(dashboard.panels);
const promql = (e) => e.replace(/\$__(rate_interval|interval|range)\b/g, '5m').replace(/\$\{?\w+\}?/g, 'x');
const rules = exprs.map((e, i) => ({ record: `dashboard:query_${i + 1}`, expr: promql(e) }));
// JSON is YAML.
console.log(JSON.stringify({ groups: [{ name: 'grafana-wallet', rules }] }));
JS
echo "The dashboard's queries (ops/grafana/wallet.json):"
promtool check rules "$dashboard_rules" || status=1
exit "$status"

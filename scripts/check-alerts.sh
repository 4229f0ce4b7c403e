#!/usr/bin/env bash
# `npm run test:alerts`: the Prometheus files of ops/prometheus with promtool (Debian's `prometheus` package):
# the alert rules are valid, their unit tests pass (alerts.test.yml: each alert fires on the series it must and stays
# quiet on the others), and the sample scrape configuration parses. docs/operations.md, "Alerts".
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
exit "$status"

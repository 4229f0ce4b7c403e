// npm run bench's settings (environment and flags), issue 11's targets, and what every part uses.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { root } from '../apps.mjs';

export const asJson = process.argv.includes('--json');
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
export const ratioRounds = Math.max(1, Number(process.env.BENCH_RATIO_ROUNDS ?? 3));
export const lighthouseReports = process.env.BENCH_LIGHTHOUSE_REPORTS;
const only = process.env.BENCH_ONLY
  ? new Set(process.env.BENCH_ONLY.split(',').map((part) => part.trim()))
  : null;
/** Whether this run measures `part` (every part unless BENCH_ONLY names some). */
export const measures = (part) => !only || only.has(part);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CONNECTIONS = 16;
/** How many times a Lighthouse run that failed to record (a runtime error) is made again. */
export const LIGHTHOUSE_RETRIES = 2;
export const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

/** Issue 11's targets. KB = 1,000 bytes. */
export const TARGETS = {
  score: 0.95,
  lcpMs: 1800,
  loginJsBytes: 170_000,
  repeatBytes: 10_000,
  walletPgRps: 3000,
  transferPgRps: 1000,
  transferPgliteRps: 300,
  ratio: 0.15,
};

export const log = (text) => process.stderr.write(`${text}\n`);
export const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function machine() {
  return {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    memoryGB: Math.round(totalmem() / 1e9),
    node: process.version,
    load: loadavg().map((n) => Number(n.toFixed(2))),
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
  };
}

// What the scale test measures and records while it runs: request figures, and every money action's answer.
import { servers } from './processes.mjs';

// ---------------------------------------------------------------- figures
export const stats = {
  requests: 0,
  byStatus: {},
  latencies: [],
  /** When each request of `latencies` ended (ms since the epoch), in the same order. */
  ends: [],
  byUpstream: {},
  actions: { read: 0, transferIn: 0, transferOut: 0, gameToGame: 0, withdraw: 0 },
  retries: 0,
};
export function count(r) {
  stats.requests += 1;
  stats.byStatus[r.status] = (stats.byStatus[r.status] ?? 0) + 1;
  stats.latencies.push(r.ms);
  stats.ends.push(Date.now());
  const last = String(r.upstream).split(',').pop()?.trim() || 'none';
  const name = servers.find((s) => last === `127.0.0.1:${s.port}`)?.name ?? last;
  stats.byUpstream[name] = (stats.byUpstream[name] ?? 0) + 1;
}
export const pct = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const round1 = (n) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------- the run
export const acked = new Map(); // key → { member, url, body, status, opStatus, operationId, withdrawalId }
export const refused = new Map(); // key → { member, status, code }
export const unanswered = new Map(); // key → { member, url } (no definite answer after every retry)
export const inFlight = new Map(); // request id → { key?, started }
export const killInfo = { at: null, inFlight: [], restartAt: null };
export const forcedFailed = new Set();

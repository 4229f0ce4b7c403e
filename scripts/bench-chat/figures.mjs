// npm run bench:chat's figures: percentiles, and the server process's memory and CPU.
import { readFileSync } from 'node:fs';
import { round } from './settings.mjs';

// Figures

/** Nearest-rank percentile of an ascending array. */
const pct = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  const f = (v) => (v === null ? null : round(v, 1));
  return {
    n: s.length,
    p50: f(pct(s, 50)),
    p90: f(pct(s, 90)),
    p99: f(pct(s, 99)),
    max: f(s.at(-1) ?? null),
  };
}

/** The server process's resident memory (current and peak) and CPU time, from /proc. */
export function procStats(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of stat) in clock ticks of 1/100 s.
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    return { rssMB: round(kb('VmRSS') / 1024), peakRssMB: round(kb('VmHWM') / 1024), cpuMs };
  } catch {
    return { rssMB: null, peakRssMB: null, cpuMs: null };
  }
}

// npm run bench:chat: one phase of a run (its sends, then its deliveries and figures).
import { performance } from 'node:perf_hooks';
import { log, round, SETTLE_MS, sleep } from './settings.mjs';
import { procStats, summary } from './figures.mjs';
import { waitUntil } from './http.mjs';

/**
 * Runs one phase: `send(i)` for every i (open loop at `rate` per second, or all at once without a rate),
 * then waits for the deliveries; latency = each clientId's send start to its receipt in `heard`. Made for one run
 * (`run`, its server's `pid`, this process's event-loop delay `loop`).
 */
export const phaseRunner = (run, pid, loop) => async (name, count, rate, send, heard, expected, echo) => {
  const sentAt = new Map();
  const errors = {};
  const ackMs = [];
  const cpu0 = procStats(pid).cpuMs;
  const client0 = process.cpuUsage();
  loop.reset();
  const start = performance.now();
  const tasks = [];
  for (let i = 0; i < count; i++) {
    if (rate) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 1) await sleep(wait);
    }
    tasks.push(
      // `mark` when a message leaves; its answer undoes the mark when the server refused it (nothing stored,
      // nothing to wait for).
      send(i, (clientId) => {
        sentAt.set(clientId, performance.now());
        return () => sentAt.delete(clientId);
      }).then(
        (ms) => ackMs.push(...ms),
        (e) => {
          const code = String(e?.message ?? e).slice(0, 80);
          errors[code] = (errors[code] ?? 0) + 1;
        },
      ),
    );
  }
  await Promise.all(tasks);
  const sendsDone = performance.now();
  const all = () => [...sentAt.keys()].every((id) => heard.every((map) => map.has(id)));
  await waitUntil(all, SETTLE_MS);
  const latencies = [];
  // The slowest delivery of each second of the phase (by send time): a tail spread evenly is the server's
  // cost, one in a few seconds is a stall (another process on the cores, a pause).
  const worstBySecond = [];
  let last = start;
  let deliveries = 0;
  for (const [id, t0] of sentAt) {
    for (const map of heard) {
      const t1 = map.get(id);
      if (t1 === undefined) continue;
      deliveries += 1;
      latencies.push(t1 - t0);
      const sec = Math.floor((t0 - start) / 1000);
      worstBySecond[sec] = Math.max(worstBySecond[sec] ?? 0, round(t1 - t0, 0));
      if (t1 > last) last = t1;
    }
  }
  const seconds = Math.max(last - start, 1) / 1000;
  // The sender's own socket (a customer's room) hears the message too: that delivery, separately.
  const echoMs = echo
    ? [...sentAt].flatMap(([id, t0]) => (echo.has(id) ? [echo.get(id) - t0] : []))
    : undefined;
  const cpu1 = procStats(pid).cpuMs;
  const client = process.cpuUsage(client0);
  const result = {
    phase: name,
    startedAt: new Date(performance.timeOrigin + start).toISOString(),
    sent: sentAt.size,
    delivered: deliveries,
    expectedDeliveries: sentAt.size * heard.length,
    errors,
    seconds: round(seconds, 2),
    sendSeconds: round((sendsDone - start) / 1000, 2),
    messagesPerSecond: round(sentAt.size / seconds, 1),
    deliveriesPerSecond: round(deliveries / seconds, 1),
    latencyMs: summary(latencies),
    ackMs: summary(ackMs),
    ...(echoMs ? { ownSocketMs: summary(echoMs) } : {}),
    serverCpuPercent: cpu0 === null ? null : round(((cpu1 - cpu0) / (last - start)) * 100, 0),
    clientCpuPercent: round(((client.user + client.system) / 1000 / (last - start)) * 100, 0),
    clientLoopDelayMs: {
      p50: round(loop.percentile(50) / 1e6),
      p99: round(loop.percentile(99) / 1e6),
      max: round(loop.max / 1e6),
    },
    serverRssMB: procStats(pid).rssMB,
    worstBySecondMs: Array.from(worstBySecond, (v) => v ?? null),
  };
  if (expected !== undefined && result.delivered < expected)
    log(`${run.label}: ${name}: only ${result.delivered} of ${expected} deliveries arrived`);
  log(
    `${run.label}: ${name}: ${result.sent} sent, ${result.delivered} delivered, ${result.messagesPerSecond} msg/s, ` +
      `p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
  );
  return result;
};

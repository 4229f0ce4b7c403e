// npm run bench:chat's printed report (without --json).
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { root } from '../apps.mjs';
import { AGENT_SOCKETS, BURST, RATE, round, SOCKETS, TARGET_P99_MS } from './settings.mjs';

export function machine() {
  return {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    memoryGB: Math.round(totalmem() / 1e9),
    node: process.version,
    load: loadavg().map((n) => round(n, 2)),
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
  };
}

export function print(result) {
  const { machineBefore: m, runs } = result;
  console.log(
    `\nSupport chat fan-out: ${SOCKETS} guest sockets (websocket, /chat) on loopback, ${AGENT_SOCKETS} agent ` +
      `socket${AGENT_SOCKETS > 1 ? 's' : ''}; phases 1-2 open loop at ${RATE} messages/s, phase 3 ` +
      `${BURST} per customer at once`,
  );
  console.log(
    `${m.cpu}, ${m.memoryGB} GB, Node ${m.node}, commit ${m.commit}; load average before ` +
      `${m.load.join(' / ')}, after ${result.machineAfter.load.join(' / ')}; ${result.elapsedSeconds} s in all`,
  );
  const rows = [
    [
      'database',
      'phase',
      'sent',
      'delivered',
      'errors',
      'msg/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'server CPU¹',
    ],
  ];
  for (const r of runs) {
    for (const p of r.phases) {
      const errors = Object.values(p.errors).reduce((a, b) => a + b, 0);
      rows.push(
        [
          r.database,
          p.phase,
          p.sent,
          p.delivered,
          errors,
          p.messagesPerSecond,
          p.latencyMs.p50,
          p.latencyMs.p99,
          p.latencyMs.max,
          `${p.serverCpuPercent} %`,
        ].map(String),
      );
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log('¹ of one core, over the phase');
  for (const r of runs) {
    console.log(
      `${r.database}: ${r.operators} operators signed in in ${r.operatorsSeconds} s; ${r.sockets} guests in ` +
        `${r.guestsSeconds} s; connect ${r.connect.seconds} s (per socket p50 ${r.connect.p50} / p99 ` +
        `${r.connect.p99} ms); join ${r.join.seconds} s (p50 ${r.join.p50} / p99 ${r.join.p99} ms); server RSS ` +
        `${r.serverIdle.rssMB} MB idle, ${r.serverWithSockets.rssMB} MB with the sockets, peak ` +
        `${r.serverEnd.peakRssMB} MB; sockets dropped ${r.socketsDropped}; server error log lines ` +
        `${r.serverErrorLines}`,
    );
    for (const p of r.phases) {
      const errors = Object.entries(p.errors);
      console.log(
        `  ${p.phase}: acks p50 ${p.ackMs.p50} / p99 ${p.ackMs.p99} ms; ` +
          (p.ownSocketMs
            ? `sender's own socket p50 ${p.ownSocketMs.p50} / p99 ${p.ownSocketMs.p99} ms; `
            : '') +
          `${p.deliveriesPerSecond} deliveries/s ` +
          `over ${p.seconds} s; load generator CPU ${p.clientCpuPercent} %, event-loop delay p99 ` +
          `${p.clientLoopDelayMs.p99} ms${errors.length ? `; errors ${JSON.stringify(p.errors)}` : ''}`,
      );
      console.log(
        `    slowest delivery per second from ${p.startedAt.slice(11, 19)}: ${p.worstBySecondMs.join(' ')} ms`,
      );
    }
    const paced = r.phases.slice(0, 2);
    const worst = Math.max(...paced.map((p) => p.latencyMs.p99 ?? Infinity));
    console.log(
      `  target p99 ≤ ${TARGET_P99_MS} ms at ${r.sockets} sockets (phases 1-2, ${RATE}/s): ` +
        `${worst <= TARGET_P99_MS ? 'met' : 'NOT met'} (worst p99 ${worst} ms)`,
    );
  }
}

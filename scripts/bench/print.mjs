// npm run bench's printed report (without --json).
import { CONNECTIONS, median } from './settings.mjs';

export function table(header, body, rightFrom = Infinity) {
  const all = [header, ...body].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => (i >= rightFrom ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

export function print(report) {
  const m = report.machineBefore;
  console.log(`\nnpm run bench — issue 11's targets (commit ${m.commit}, ${m.date})`);
  console.log(
    `machine: ${m.cpu}, ${m.memoryGB} GB, Node ${m.node}; load average before ${m.load.join(' / ')}, after ${report.machineAfter.load.join(' / ')}; ${report.elapsedSeconds} s in all\n`,
  );
  console.log(
    table(
      ['measure', 'value', 'target', 'met?', 'note'],
      report.rows.map((r) => [
        r.measure,
        r.value,
        r.target,
        r.met === null ? '—' : r.met ? 'yes' : 'NO',
        r.note ?? '',
      ]),
    ),
  );

  const loads = report.loads ?? { skipped: 'not asked for (BENCH_ONLY)' };
  console.log(
    '\nFirst loads (Chromium; JS bytes and all bodies: bodies as the server sent them, compressed; ' +
      'transferred: everything on the wire, headers included)',
  );
  if (loads.skipped) console.log(`  not measured: ${loads.skipped}`);
  else {
    console.log(`  Chromium ${loads.chromium}`);
    console.log(
      table(
        [
          'load',
          'requests',
          'from cache',
          '304',
          'JS requests',
          'JS bytes',
          'all bodies',
          'transferred',
          'ended on',
        ],
        [
          ['/login, first', loads.login],
          ['/login, repeat (same context)', loads.repeat],
          ['/user/home signed in, first', loads.home],
        ].map(([label, l]) => [
          label,
          l.requests,
          l.fromCache,
          l.revalidated,
          l.jsRequests,
          l.jsBytes,
          l.bodyBytes,
          l.transferred,
          l.finalPath,
        ]),
        1,
      ).replace(/^/gm, '  '),
    );
    const networked = loads.repeat.responses.filter((r) => r.body > 0);
    console.log(
      `  repeat visit: ${loads.repeat.fromServiceWorker} responses from a service worker, ${loads.repeat.fromCache} ` +
        `from the HTTP cache without a request, ${loads.repeat.revalidated} revalidated (304); bodies sent again: ` +
        (networked.map((r) => `${r.path} ${r.body} B`).join(', ') || 'none'),
    );
    const problems = [...loads.login.problems, ...loads.repeat.problems, ...loads.home.problems];
    if (problems.length) console.log(`  problems seen: ${problems.join('; ')}`);
  }

  const lh = report.lighthouse ?? { skipped: 'not asked for (BENCH_ONLY)' };
  console.log('\nLighthouse (mobile, simulated throttling)');
  if (lh.skipped) console.log(`  not measured: ${lh.skipped}`);
  else {
    const indexes = Object.values(lh)
      .flatMap((page) => page?.runs ?? [])
      .map((r) => r.benchmarkIndex)
      .filter((i) => typeof i === 'number');
    console.log(
      `  Lighthouse ${lh.version}` +
        (indexes.length
          ? `; this machine's CPU benchmark index (Lighthouse's, higher is faster): median ${Math.round(median(indexes))}`
          : ''),
    );
    for (const [key, path] of [
      ['login', '/login'],
      ['home', '/user/home (signed in, agreement confirmed earlier)'],
      ['homeFirstVisit', '/user/home (first visit on the device)'],
      ['homeThisVisit', '/user/home (session for this visit only: no page cookie)'],
    ]) {
      if (!lh[key]) continue;
      const runs = lh[key].runs
        .map((r) => `${r.score?.toFixed(2) ?? '?'} / ${r.lcpMs ?? '?'} / ${r.tbtMs ?? '?'} ms`)
        .join(', ');
      console.log(`  ${path}: runs (score / LCP / total blocking time) ${runs}`);
      if (lh[key].notMeasured) console.log(`    not measured: ${lh[key].notMeasured}`);
    }
  }

  if (!report.api) return; // BENCH_ONLY without api or pgbench
  console.log(
    `\nAPI (scripts/bench-api.mjs: ${CONNECTIONS} connections, ${report.seconds} s per endpoint, provider latency 0, ` +
      `client ${report.api[0]?.client ?? '?'})`,
  );
  if (report.postgres.skipped) console.log(`  PostgreSQL skipped: ${report.postgres.skipped}`);
  else console.log(`  PostgreSQL ${report.postgres.version} at ${report.postgres.url}`);
  // CPU per request: the server (PGlite included: it runs in the server's process), the load client, PostgreSQL.
  const cpu = (ms) => (ms === null || ms === undefined ? '—' : ms.toFixed(2));
  const apiRows = report.api.flatMap((r) =>
    r.results.map((x) => [
      r.database,
      x.endpoint,
      x.requests,
      x.errors,
      x.rps,
      x.p50,
      x.p99,
      cpu(x.cpuMs),
      cpu(x.loadCpuMs),
      r.database === 'PostgreSQL' ? cpu(x.dbCpuMs) : '—',
    ]),
  );
  const apiHead = ['database', 'endpoint', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms'];
  const cpuHead = ['server CPU ms', 'client CPU ms', 'db CPU ms'];
  console.log(table([...apiHead, ...cpuHead], apiRows, 2).replace(/^/gm, '  '));
  for (const r of report.api) {
    const off = Object.entries(r.trialBalance).filter(([, v]) => v !== 0);
    console.log(
      `  ${r.database}: books ${off.length === 0 ? 'balance (trial balance 0)' : `OFF ${JSON.stringify(off)}`}`,
    );
  }

  const pgb = report.pgbench ?? { skipped: 'not asked for (BENCH_ONLY)' };
  console.log('\npgbench (two UPDATEs + one INSERT per transaction, random accounts, throw-away schema)');
  if (pgb.skipped) console.log(`  skipped: ${pgb.skipped}`);
  else {
    console.log(
      `  ${pgb.version}: ${pgb.clients} clients, ${pgb.seconds} s, ${pgb.accounts} accounts: ${pgb.tps} transactions/s ` +
        `(latency ${pgb.latencyAvgMs} ms average, ${pgb.failed} failed; balances ${pgb.balanced ? 'sum unchanged' : 'CHANGED'})`,
    );
    for (const [n, r] of (report.ratioRounds ?? []).entries()) {
      console.log(
        `  round ${n + 1}${n === 0 ? ' (the API run above)' : ''}: ${r.transferRps} transfers/s ÷ ${r.pgbenchTps} tps = ${r.ratio.toFixed(3)}`,
      );
    }
    if (report.ratio !== undefined)
      console.log(`  transfer on PostgreSQL ÷ pgbench (median round): ${report.ratio.toFixed(3)}`);
  }
}

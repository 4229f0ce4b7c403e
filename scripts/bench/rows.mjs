// npm run bench's targets table: one row per target of issue 11, from the figures measured.
import { CONNECTIONS, kb, lighthouseRuns, median, TARGETS } from './settings.mjs';

export function apiFigure(report, database, endpoint) {
  const run = report.api.find((r) => r.database.startsWith(database));
  return run?.results.find((x) => x.endpoint === endpoint) ?? null;
}

/** One row per target of issue 11: measure | value | target | met. */
export function rows(report) {
  const out = [];
  const row = (measure, value, target, met, note) => out.push({ measure, value, target, met, note });
  const lh = report.lighthouse ?? {};
  for (const [key, path] of [
    ['login', '/login'],
    ['home', '/user/home (signed in)'],
    ['homeFirstVisit', '/user/home, first visit on the device'],
    ['homeThisVisit', '/user/home, session for this visit only'],
  ]) {
    const page = lh[key];
    if (!lh.skipped && !page) continue; // not asked for (BENCH_ONLY)
    const reason = lh.skipped ?? page?.notMeasured;
    // The first visit is printed for the record: its largest paint is the agreement window (spec §9: 1.5 s after the
    // home loads), which no target is about.
    const forRecord = key !== 'login' && key !== 'home';
    const [scoreTarget, lcpTarget] = forRecord ? ['—', '—'] : ['≥ 0.95', '≤ 1.8 s'];
    const note =
      key === 'homeFirstVisit'
        ? 'the agreement window opens 1.5 s after the home loads (spec §9)'
        : key === 'homeThisVisit'
          ? 'no page cookie: the skeleton until the JavaScript renders the balance'
          : undefined;
    if (reason) {
      row(
        `Lighthouse mobile ${path}, median of ${lighthouseRuns}`,
        'not measured',
        scoreTarget,
        null,
        reason,
      );
      row(`largest contentful paint ${path}, same runs`, 'not measured', lcpTarget, null, reason);
    } else {
      row(
        `Lighthouse mobile ${path}, median of ${lighthouseRuns}`,
        page.score.toFixed(2),
        scoreTarget,
        forRecord ? null : page.score >= TARGETS.score,
        note,
      );
      row(
        `largest contentful paint ${path}, same runs`,
        `${(page.lcpMs / 1000).toFixed(2)} s`,
        lcpTarget,
        forRecord ? null : page.lcpMs <= TARGETS.lcpMs,
        note,
      );
    }
  }
  const loads = report.loads;
  if (!loads) {
    // not asked for (BENCH_ONLY)
  } else if (loads.skipped) {
    row(
      'first-load JavaScript of /login, compressed as sent',
      'not measured',
      '≤ 170 KB',
      null,
      loads.skipped,
    );
    row('repeat visit of /login, bytes transferred', 'not measured', '≤ 10 KB', null, loads.skipped);
  } else {
    row(
      'first-load JavaScript of /login, compressed as sent',
      kb(loads.login.jsBytes),
      '≤ 170 KB',
      loads.login.jsBytes <= TARGETS.loginJsBytes,
    );
    const repeat = loads.repeat.transferred;
    row(
      'repeat visit of /login, bytes transferred',
      kb(repeat),
      '≤ 10 KB',
      repeat <= TARGETS.repeatBytes,
      loads.repeat.serviceWorker
        ? 'a service worker controls the page'
        : 'no service worker controls the page',
    );
  }
  if (!report.api) return out; // not asked for (BENCH_ONLY)
  const pgSkipped = report.postgres.skipped;
  const walletPg = apiFigure(report, 'PostgreSQL', 'GET /api/wallet');
  const transferPg = apiFigure(report, 'PostgreSQL', 'POST /api/wallet/transfer');
  const transferLite = apiFigure(report, 'PGlite', 'POST /api/wallet/transfer');
  const rps = (x) => (x ? `${x.rps}/s` : 'not measured');
  row(
    `GET /api/wallet on PostgreSQL, ${CONNECTIONS} connections`,
    rps(walletPg),
    '≥ 3,000/s',
    walletPg ? walletPg.rps >= TARGETS.walletPgRps : null,
    pgSkipped,
  );
  row(
    'POST /api/wallet/transfer on PostgreSQL (provider latency 0)',
    rps(transferPg),
    '≥ 1,000/s',
    transferPg ? transferPg.rps >= TARGETS.transferPgRps : null,
    pgSkipped,
  );
  row(
    'POST /api/wallet/transfer on PGlite (provider latency 0)',
    rps(transferLite),
    '≥ 300/s',
    transferLite ? transferLite.rps >= TARGETS.transferPgliteRps : null,
  );
  const pgb = report.pgbench ?? { skipped: 'not asked for (BENCH_ONLY)' };
  if (transferPg && pgb.tps) {
    // The median round (report.ratioRounds; one round: the API run's transfers ÷ the pgbench after them).
    const rounds = report.ratioRounds ?? [
      { transferRps: transferPg.rps, pgbenchTps: pgb.tps, ratio: transferPg.rps / pgb.tps },
    ];
    const ratio = median(rounds.map((r) => r.ratio));
    report.ratio = Number(ratio.toFixed(3));
    row(
      'transfer throughput ÷ pgbench two-row transfers, same run',
      ratio.toFixed(3),
      '≥ 0.15',
      ratio >= TARGETS.ratio,
      rounds.length === 1
        ? `${transferPg.rps}/s ÷ ${pgb.tps} tps`
        : `median of ${rounds.length} rounds: ${rounds.map((r) => r.ratio.toFixed(3)).join(', ')}`,
    );
  } else {
    row(
      'transfer throughput ÷ pgbench two-row transfers, same run',
      'not measured',
      '≥ 0.15',
      null,
      pgb.skipped ?? pgSkipped,
    );
  }
  return out;
}

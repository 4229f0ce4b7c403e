// Every figure of issue 11's targets in one run, one measurement after the other (never in parallel: 2 cores).
//
//   npm run bench                  (after the build: `node scripts/build.mjs --missing`)
//   npm run bench -- --json        machine-readable
//   BENCH_SECONDS=10 BENCH_LIGHTHOUSE_RUNS=5 npm run bench
//   BENCH_LIGHTHOUSE_REPORTS=/tmp/lh npm run bench   also writes each Lighthouse run's full report (JSON) there
//   BENCH_ONLY=home npm run bench  only some parts, to iterate on one figure (comma list of loads, login, home,
//                                  home-first, home-visit, api, pgbench); the targets table then shows only what
//                                  was measured
//
// 1. First load of /login and of /user/home (signed in), bytes of every response as the built server sent them
//    (compressed; `request.sizes()` in Chromium through playwright-core, the way scripts/bench-bundle.mjs measures),
//    and the repeat visit of /login: a second load in the same browser context, every byte that crossed the wire
//    (bodies and headers).
// 2. Lighthouse (mobile, default simulated throttling), BENCH_LIGHTHOUSE_RUNS runs (default 5) of /login and of
//    /user/home signed in; the median performance score and the median largest contentful paint. /user/home as a
//    remembered member (the page cookie) who confirmed the agreement on this device earlier (every visit but the
//    first), and, for the record, the first visit, whose largest paint is the agreement window the spec opens 1.5 s
//    after the home loads, and a session kept for this visit only (no page cookie).
// 3. API throughput and p50/p99 of POST /api/wallet/transfer and GET /api/wallet on PGlite and PostgreSQL:
//    scripts/bench-api.mjs --json, 16 connections, provider latency 0, BENCH_SECONDS per endpoint.
// 4. pgbench on the same PostgreSQL for the same time with 16 clients: a two-row transfer (two UPDATEs of an
//    accounts table and one INSERT of a history row, random accounts) in a throw-away schema created and dropped
//    here; then the ratio transfer throughput on PostgreSQL ÷ pgbench transactions per second.
// 5. The ratio again in BENCH_RATIO_ROUNDS rounds in all (default 3; the first is 3 and 4): each round drives
//    transfers on PostgreSQL alone for BENCH_SECONDS, then runs pgbench at once, so the two sides of each round's
//    ratio meet the machine in the same phase (this machine drifts by ±20 % within a minute); the ratio row shows
//    the median round.
//
// 1 and 2 start the built server (server/dist/main.js) on a free loopback port with a fresh in-memory database.
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL when it is postgres://…, else
// postgres://postgres@127.0.0.1:5432/test when it answers; without one, 3 runs on PGlite only and 4 is skipped,
// with the reason printed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apps, isBuilt, root, serverBuilt } from './apps.mjs';
import { startBuiltServer } from './built-server.mjs';
import { AGREEMENT_KEY, CHROME_FLAGS, memberToken, pageCookie, TOKEN_KEY } from './bench-site.mjs';

const asJson = process.argv.includes('--json');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const ratioRounds = Math.max(1, Number(process.env.BENCH_RATIO_ROUNDS ?? 3));
const lighthouseReports = process.env.BENCH_LIGHTHOUSE_REPORTS;
const only = process.env.BENCH_ONLY
  ? new Set(process.env.BENCH_ONLY.split(',').map((part) => part.trim()))
  : null;
/** Whether this run measures `part` (every part unless BENCH_ONLY names some). */
const measures = (part) => !only || only.has(part);
let lighthouseReportCount = 0;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CONNECTIONS = 16;
/** How many times a Lighthouse run that failed to record (a runtime error) is made again. */
const LIGHTHOUSE_RETRIES = 2;
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

/** Issue 11's targets. KB = 1,000 bytes. */
const TARGETS = {
  score: 0.95,
  lcpMs: 1800,
  loginJsBytes: 170_000,
  repeatBytes: 10_000,
  walletPgRps: 3000,
  transferPgRps: 1000,
  transferPgliteRps: 300,
  ratio: 0.15,
};

const log = (text) => process.stderr.write(`${text}\n`);
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------------------------------------------------
// 1. First loads and the repeat visit (Chromium through playwright-core)

/** Loads `path` in `page`; every response with the bytes sent, until `testId` shows and the network is idle. */
async function load(page, path, testId) {
  const pending = [];
  const problems = [];
  const onFinished = (req) =>
    pending.push(
      (async () => {
        const response = await req.response();
        const sent = await req.sizes();
        const { pathname } = new URL(req.url());
        if (response && response.status() >= 400) problems.push(`HTTP ${response.status()}: ${pathname}`);
        return {
          path: pathname,
          type: req.resourceType(),
          status: response?.status() ?? 0,
          fromServiceWorker: response?.fromServiceWorker() ?? false,
          body: Math.max(0, sent.responseBodySize),
          headers: Math.max(0, sent.responseHeadersSize),
        };
      })(),
    );
  const onFailed = (req) => problems.push(`failed: ${req.url()}`);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  // What crossed the wire, as DevTools counts "transferred": each request's encoded bytes, headers included
  // (0 for a memory or disk cache hit, the headers alone for a 304 revalidation).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const wire = new Map();
  const cached = new Set();
  const revalidated = new Set();
  cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache) cached.add(e.requestId);
  });
  // The raw status: a 304 revalidation shows as the cached 200 in responseReceived.
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    if (e.statusCode === 304) revalidated.add(e.requestId);
  });
  await page.goto(path);
  await page.getByTestId(testId).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const serviceWorker = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  const responses = await Promise.all(pending);
  page.off('requestfinished', onFinished);
  page.off('requestfailed', onFailed);
  await cdp.detach();
  const sum = (rows, key) => rows.reduce((s, r) => s + r[key], 0);
  const js = responses.filter((r) => r.type === 'script');
  return {
    finalPath: new URL(page.url()).pathname,
    requests: responses.length,
    jsRequests: js.length,
    jsBytes: sum(js, 'body'),
    bodyBytes: sum(responses, 'body'),
    headerBytes: sum(responses, 'headers'),
    fromServiceWorker: responses.filter((r) => r.fromServiceWorker).length,
    serviceWorker,
    fromCache: cached.size,
    revalidated: revalidated.size,
    transferred: [...wire.values()].reduce((a, b) => a + b, 0),
    responses,
    problems,
  };
}

async function measureLoads(url, token) {
  if (!existsSync(chromiumPath)) return { skipped: `no Chromium at ${chromiumPath} (set CHROMIUM_PATH)` };
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROME_FLAGS });
  const contextOptions = { baseURL: url, viewport: { width: 390, height: 844 }, locale: 'th-TH' };
  try {
    const loginContext = await browser.newContext(contextOptions);
    const firstPage = await loginContext.newPage();
    const login = await load(firstPage, '/login', 'login-submit');
    // A member's second visit comes after the first one's service worker has installed: wait until it is active
    // and controls the page (no worker within 15 s: the repeat visit is measured without one, and says so).
    await firstPage
      .evaluate(() =>
        'serviceWorker' in navigator
          ? Promise.race([
              navigator.serviceWorker.ready.then(() => undefined),
              new Promise((resolve) => setTimeout(resolve, 15_000)),
            ])
          : undefined,
      )
      .catch(() => undefined);
    // The repeat visit: a new tab in the same context (its HTTP cache and any service worker kept).
    const repeat = await load(await loginContext.newPage(), '/login', 'login-submit');
    await loginContext.close();

    const homeContext = await browser.newContext({
      ...contextOptions,
      storageState: {
        cookies: [
          {
            name: 'wl_page',
            value: encodeURIComponent(token),
            domain: new URL(url).hostname,
            path: '/user',
            expires: -1,
            httpOnly: false,
            secure: false,
            sameSite: 'Strict',
          },
        ],
        origins: [{ origin: url, localStorage: [{ name: TOKEN_KEY, value: token }] }],
      },
    });
    const home = await load(await homeContext.newPage(), '/user/home', 'home-balance');
    await homeContext.close();
    return { chromium: browser.version(), login, repeat, home };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// 2. Lighthouse, mobile, simulated throttling (the defaults)

async function measureLighthouse(url, token) {
  if (!existsSync(chromiumPath)) return { skipped: `no Chromium at ${chromiumPath} (set CHROMIUM_PATH)` };
  const require = createRequire(import.meta.url);
  let lighthouse;
  let fromLighthouse;
  try {
    lighthouse = (await import('lighthouse')).default;
    fromLighthouse = createRequire(require.resolve('lighthouse'));
  } catch {
    return { skipped: 'the lighthouse package is not installed (npm install)' };
  }
  // chrome-launcher and puppeteer-core: the versions Lighthouse itself depends on.
  const chromeLauncher = await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href);
  const puppeteer = (await import(pathToFileURL(fromLighthouse.resolve('puppeteer-core')).href)).default;
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  const flags = { logLevel: 'error', output: 'json', onlyCategories: ['performance'] };
  const runOnce = async (path, signedIn, firstVisit, remembered = true) => {
    const page = await browser.newPage();
    try {
      let runFlags = flags;
      if (signedIn) {
        // Lighthouse's storage reset would sign the member out: it is off for this run, and done here instead
        // for everything but the stored session: HTTP cache, service workers, Cache Storage, IndexedDB.
        const cdp = await page.createCDPSession();
        await cdp.send('Storage.clearDataForOrigin', { origin: url, storageTypes: 'all' });
        await page.goto(`${url}/api/lookup/active`);
        await page.evaluate(
          ([key, value, cookie, agreementKey, agreed]) => {
            window.localStorage.setItem(key, value);
            if (cookie) document.cookie = cookie;
            // A member who confirmed the agreement on this device earlier, as on every visit but the first.
            if (agreed) window.localStorage.setItem(agreementKey, JSON.stringify({ acceptedAt: agreed }));
          },
          [
            TOKEN_KEY,
            token,
            remembered ? pageCookie(token) : '',
            AGREEMENT_KEY,
            firstVisit ? null : new Date().toISOString(),
          ],
        );
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        runFlags = { ...flags, disableStorageReset: true };
      }
      const result = await lighthouse(`${url}${path}`, runFlags, undefined, page);
      const lhr = result.lhr;
      if (lighthouseReports) {
        mkdirSync(lighthouseReports, { recursive: true });
        lighthouseReportCount += 1;
        const name = `${String(lighthouseReportCount).padStart(2, '0')}${path.replaceAll('/', '-')}${firstVisit ? '-first' : ''}${remembered ? '' : '-visit'}.json`;
        writeFileSync(join(lighthouseReports, name), JSON.stringify(lhr));
      }
      const lcp = lhr.audits['largest-contentful-paint'];
      const tbt = lhr.audits['total-blocking-time'];
      return {
        score: lhr.categories.performance.score,
        lcpMs: lcp?.numericValue === undefined ? null : Math.round(lcp.numericValue),
        tbtMs: tbt?.numericValue === undefined ? null : Math.round(tbt.numericValue),
        // Lighthouse's measure of this machine's CPU (higher is faster): the score's total blocking time is the
        // page's main-thread work as run here, times the simulated 4× slowdown, so it moves with this figure.
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
        error: lhr.runtimeError?.message ?? null,
      };
    } finally {
      await page.close();
    }
  };
  const summarize = (path, runs) => {
    const problems = runs.filter((r) => r.error || r.finalPath !== path || r.score === null);
    if (problems.length) {
      const p = problems[0];
      return {
        runs,
        notMeasured: p.error ?? (p.finalPath !== path ? `the page ended on ${p.finalPath}` : 'no score'),
      };
    }
    return { runs, score: median(runs.map((r) => r.score)), lcpMs: median(runs.map((r) => r.lcpMs)) };
  };
  try {
    const out = {
      version: JSON.parse(
        readFileSync(join(require.resolve('lighthouse'), '..', '..', 'package.json'), 'utf8'),
      ).version,
    };
    // /user/home as remembered members see it on every visit but their first on a device (the page cookie: the
    // server paints their balance); for the record, the first visit (the agreement window opens 1.5 s after the
    // home loads, spec §9, so its text is the largest paint) and a session kept for this visit only (no page
    // cookie: the skeleton until the JavaScript renders the balance).
    for (const [key, part, path, signedIn, firstVisit, remembered] of [
      ['login', 'login', '/login', false, false, true],
      ['home', 'home', '/user/home', true, false, true],
      ['homeFirstVisit', 'home-first', '/user/home', true, true, true],
      ['homeThisVisit', 'home-visit', '/user/home', true, false, false],
    ]) {
      if (!measures(part)) continue;
      const runs = [];
      for (let i = 0; i < lighthouseRuns; i += 1) {
        const what = firstVisit ? ' (first visit)' : remembered ? '' : ' (session for this visit only)';
        log(`  lighthouse ${path}${what} run ${i + 1}/${lighthouseRuns}`);
        let run = await runOnce(path, signedIn, firstVisit, remembered);
        // Lighthouse's own recording failures ("Please run Lighthouse again", e.g. NO_NAVSTART) say nothing about
        // the page: that run is made again, twice at most, and a failure that stays is reported.
        for (let retry = 0; retry < LIGHTHOUSE_RETRIES && run.error; retry += 1) {
          log(`    Lighthouse could not record the run (${run.error}); again`);
          run = await runOnce(path, signedIn, firstVisit, remembered);
        }
        runs.push(run);
      }
      out[key] = summarize(path, runs);
    }
    return out;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------------------
// 3. API (scripts/bench-api.mjs --json) and 4. pgbench

function pgAnswers(pgUrl) {
  const res = spawnSync('psql', [pgUrl, '-Atc', 'show server_version'], {
    encoding: 'utf8',
    env: { ...process.env, PGCONNECT_TIMEOUT: '3' },
  });
  return res.status === 0 ? res.stdout.trim() : null;
}

function choosePostgres() {
  const given = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  const candidates = given && /^postgres(ql)?:\/\//.test(given) ? [given] : [DEFAULT_PG];
  const pgUrl = candidates[0];
  if (spawnSync('psql', ['--version']).status !== 0) return { skipped: 'psql is not installed' };
  const version = pgAnswers(pgUrl);
  if (!version) return { skipped: `PostgreSQL at ${pgUrl} does not answer` };
  return { url: pgUrl, version };
}

function runChild(args, env, cwd = root) {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('exit', (status) =>
      status === 0
        ? resolve(stdout)
        : reject(new Error(`${args.join(' ')}: exit ${status}\n${stderr || stdout}`)),
    );
  });
}

async function measureApi(pg) {
  const stdout = await runChild([join(root, 'scripts', 'bench-api.mjs'), '--json'], {
    ...process.env,
    DATABASE_URL: pg.url ?? '',
    BENCH_SECONDS: String(seconds),
    BENCH_CONCURRENCY: String(CONNECTIONS),
    BENCH_GAME_LATENCY_MS: '0',
  });
  return JSON.parse(stdout);
}

/** Transfers on PostgreSQL alone (server/bench/api.ts, as bench-api.mjs runs it): the endpoint's figures. */
async function measureTransferPg(pg) {
  const stdout = await runChild(
    ['--import', 'tsx', join(root, 'server', 'bench', 'api.ts')],
    {
      ...process.env,
      DATABASE_URL: '',
      BENCH_DATABASE_URL: pg.url,
      BENCH_ONLY: 'transfer',
      BENCH_SECONDS: String(seconds),
      BENCH_CONCURRENCY: String(CONNECTIONS),
      BENCH_GAME_LATENCY_MS: '0',
    },
    join(root, 'server'),
  );
  const run = JSON.parse(stdout.trim().split('\n').pop());
  return run.results.find((x) => x.endpoint === 'POST /api/wallet/transfer');
}

/**
 * 5. The ratio in `ratioRounds` rounds: the first is the API run's transfers and the pgbench after them; each
 * further round drives transfers on PostgreSQL, then pgbench at once.
 */
async function measureRatioRounds(report, pg) {
  const first = apiFigure(report, 'PostgreSQL', 'POST /api/wallet/transfer');
  if (!first || !report.pgbench?.tps) return undefined;
  const rounds = [{ transferRps: first.rps, pgbenchTps: report.pgbench.tps }];
  for (let n = 2; n <= ratioRounds; n += 1) {
    log(
      `bench: ratio round ${n} of ${ratioRounds}: transfers on PostgreSQL, then pgbench (${seconds} s each)…`,
    );
    const transfer = await measureTransferPg(pg);
    const pgbench = measurePgbench(pg);
    if (!pgbench.tps) break;
    rounds.push({ transferRps: transfer.rps, pgbenchTps: pgbench.tps });
  }
  return rounds.map((r) => ({ ...r, ratio: Number((r.transferRps / r.pgbenchTps).toFixed(3)) }));
}

function psql(pgUrl, sql) {
  const res = spawnSync('psql', [pgUrl, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`psql: ${res.stderr}`);
  return res.stdout;
}

function measurePgbench(pg) {
  if (!pg.url) return { skipped: pg.skipped };
  if (spawnSync('pgbench', ['--version']).status !== 0) return { skipped: 'pgbench is not installed' };
  const accounts = 10_000;
  const schema = `bench_pgb_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'wallet-pgbench-'));
  const script = join(dir, 'transfer.sql');
  // Rows are locked in id order (lower id first) so that two opposite transfers cannot deadlock.
  writeFileSync(
    script,
    [
      `\\set a random(1, ${accounts})`,
      `\\set b random(1, ${accounts})`,
      '\\set lo least(:a, :b)',
      '\\set hi greatest(:a, :b)',
      '\\set amount random(1, 1000)',
      'BEGIN;',
      `UPDATE ${schema}.accounts SET balance = balance - :amount WHERE id = :lo;`,
      `UPDATE ${schema}.accounts SET balance = balance + :amount WHERE id = :hi;`,
      `INSERT INTO ${schema}.history (from_id, to_id, amount) VALUES (:lo, :hi, :amount);`,
      'END;',
      '',
    ].join('\n'),
  );
  try {
    psql(
      pg.url,
      `create schema ${schema};
       create table ${schema}.accounts (id integer primary key, balance bigint not null);
       create table ${schema}.history (id bigserial primary key, from_id integer not null, to_id integer not null,
         amount bigint not null, at timestamptz not null default now());
       insert into ${schema}.accounts select g, 1000000 from generate_series(1, ${accounts}) g;`,
    );
    psql(pg.url, `vacuum analyze ${schema}.accounts`);
    const res = spawnSync(
      'pgbench',
      ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(seconds), '-f', script, pg.url],
      { encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`pgbench: ${res.stderr}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(res.stdout)?.[1]);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(res.stdout)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(res.stdout)?.[1] ?? 0);
    const total = psql(pg.url, `select sum(balance) from ${schema}.accounts`).trim();
    return {
      version: spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).stdout.trim(),
      clients: CONNECTIONS,
      seconds,
      accounts,
      tps: Math.round(tps),
      latencyAvgMs: latency,
      failed,
      balanced: Number(total) === accounts * 1_000_000,
    };
  } finally {
    try {
      psql(pg.url, `drop schema if exists ${schema} cascade`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------

function machine() {
  return {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    memoryGB: Math.round(totalmem() / 1e9),
    node: process.version,
    load: loadavg().map((n) => Number(n.toFixed(2))),
    date: new Date().toISOString(),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
  };
}

async function main() {
  const notBuilt = [...(serverBuilt() ? [] : ['server']), ...apps.filter((a) => !isBuilt(a))];
  if (notBuilt.length) {
    console.error(`not built: ${notBuilt.join(', ')} (node scripts/build.mjs --missing)`);
    process.exit(2);
  }
  const report = { machineBefore: machine(), seconds, connections: CONNECTIONS, lighthouseRuns };
  const started = Date.now();

  log('bench: starting the built server (in-memory database) and registering a member…');
  const server = await startBuiltServer({ SANDBOX: '1' });
  try {
    const token = await memberToken(server.url);
    if (measures('loads')) {
      log('bench: first loads of /login and /user/home, repeat visit of /login (Chromium)…');
      report.loads = await measureLoads(server.url, token);
    }
    if (['login', 'home', 'home-first', 'home-visit'].some(measures)) {
      log(`bench: Lighthouse mobile, ${lighthouseRuns} runs per page…`);
      report.lighthouse = await measureLighthouse(server.url, token);
    }
  } finally {
    await server.stop();
  }

  const pg = choosePostgres();
  report.postgres = pg.url ? { url: pg.url, version: pg.version } : { skipped: pg.skipped };
  if (measures('api')) {
    log(`bench: API (${seconds} s per endpoint and database, ${CONNECTIONS} connections)…`);
    report.api = await measureApi(pg);
  }
  if (measures('pgbench')) {
    log(`bench: pgbench (${seconds} s, ${CONNECTIONS} clients)…`);
    report.pgbench = measurePgbench(pg);
  }
  if (measures('api') && measures('pgbench') && pg.url)
    report.ratioRounds = await measureRatioRounds(report, pg);
  report.machineAfter = machine();
  report.elapsedSeconds = Math.round((Date.now() - started) / 1000);
  report.rows = rows(report);

  if (asJson) console.log(JSON.stringify(report, null, 2));
  else print(report);
}

function apiFigure(report, database, endpoint) {
  const run = report.api.find((r) => r.database.startsWith(database));
  return run?.results.find((x) => x.endpoint === endpoint) ?? null;
}

/** One row per target of issue 11: measure | value | target | met. */
function rows(report) {
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

function table(header, body, rightFrom = Infinity) {
  const all = [header, ...body].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => (i >= rightFrom ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

function print(report) {
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

await main();

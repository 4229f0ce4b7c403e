// npm run bench, part 2 (scripts/bench.mjs describes every part).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AGREEMENT_KEY, CHROME_FLAGS, pageCookie, TOKEN_KEY } from '../bench-site.mjs';
import {
  chromiumPath,
  LIGHTHOUSE_RETRIES,
  lighthouseReports,
  lighthouseRuns,
  log,
  measures,
  median,
} from './settings.mjs';

// 2. Lighthouse, mobile, simulated throttling (the defaults)

let lighthouseReportCount = 0;
export async function measureLighthouse(url, token) {
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

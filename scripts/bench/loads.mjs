// npm run bench, part 1 (scripts/bench.mjs describes every part).
import { existsSync } from 'node:fs';
import { CHROME_FLAGS, TOKEN_KEY } from '../bench-site.mjs';
import { chromiumPath } from './settings.mjs';

// 1. First loads and the repeat visit (Chromium through playwright-core)

/** Loads `path` in `page`; every response with the bytes sent, until `testId` shows and the network is idle. */
export async function load(page, path, testId) {
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

export async function measureLoads(url, token) {
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

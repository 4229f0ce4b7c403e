import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { buildApp, copyBuiltSite, swapServedFolder } from '../lib/deploy';
import { SW_CACHES, cachedPaths, hideStaticFiles, waitForServiceWorker } from '../lib/service-worker';
import { repoRoot, startSite, type Site } from '../lib/site';

let site: Site;
let browser: Browser;
let staticRoot: string;

before(async () => {
  staticRoot = copyBuiltSite();
  site = await startSite({ staticRoot });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(staticRoot, { recursive: true, force: true });
});

async function withPage(name: string, fn: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await newMemberContext(browser, site.url);
  const page = await context.newPage();
  try {
    await fn(page, context);
  } catch (error) {
    await snapshot(page, name);
    throw error;
  } finally {
    await context.close();
  }
}

/** The sign-in page as the member sees it: the public shell's frame (top bar) and the sign-in form. */
async function signInPagePainted(page: Page): Promise<void> {
  await page.getByTestId('public-shell').locator('.host-topbar').waitFor({ timeout: 30_000 });
  await page.getByTestId('login-username').waitFor();
  await page.getByTestId('login-submit').waitFor();
}

/** The remotes' files `page` loaded (its resource timing entries), as paths. */
async function remoteFilesLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith('/remotes/'))
      .map((u) => u.pathname),
  );
}

/**
 * After the first visit of /login: the worker controls the page and has its page, main.js, mfe-auth's entries and
 * every remote file the page loaded (before the worker controlled it).
 */
function loginReady(loaded: string[]) {
  return (cached: Record<string, string[]>): boolean => {
    const inCaches = new Set([
      ...(cached[SW_CACHES.remoteEntries] ?? []),
      ...(cached[SW_CACHES.remoteChunks] ?? []),
    ]);
    return (
      (cached[SW_CACHES.shell] ?? []).includes('/login') &&
      (cached[SW_CACHES.hostEntry] ?? []).includes('/main.js') &&
      ['/remotes/mfe-auth/mf-manifest.json', '/remotes/mfe-auth/remoteEntry.js', ...loaded].every((p) =>
        inCaches.has(p),
      )
    );
  };
}

/** Reloads `page`; every response but the API's must come from the service worker, and the page must paint. */
async function reloadFromWorker(page: Page, what: string): Promise<void> {
  const responses: Response[] = [];
  const onResponse = (r: Response) => responses.push(r);
  page.on('response', onResponse);
  try {
    await page.reload();
    await signInPagePainted(page);
  } finally {
    page.off('response', onResponse);
  }
  const paths = responses.map((r) => new URL(r.url()).pathname);
  for (const path of ['/login', '/main.js', '/remotes/mfe-auth/remoteEntry.js'])
    assert.ok(paths.includes(path), `${what}: ${path} was requested`);
  for (const res of responses) {
    const { pathname } = new URL(res.url());
    if (pathname.startsWith('/api/')) {
      assert.ok(!res.fromServiceWorker(), `${what}: ${pathname} went to the network`);
    } else {
      assert.equal(res.status(), 200, `${what}: ${pathname} answered`);
      assert.ok(res.fromServiceWorker(), `${what}: ${pathname} came from the service worker`);
    }
  }
}

test('/sw.js and the manifests are served as the worker and installability need', async () => {
  const sw = await fetch(`${site.url}/sw.js`);
  assert.equal(sw.status, 200);
  assert.match(sw.headers.get('content-type') ?? '', /javascript/);
  assert.equal(
    sw.headers.get('cache-control'),
    'no-cache',
    'the browser checks for a new worker on every visit',
  );

  for (const lang of ['th', 'la', 'en'] as const) {
    const res = await fetch(`${site.url}/manifest.${lang}.webmanifest`);
    assert.equal(res.status, 200, `manifest.${lang}.webmanifest`);
    assert.match(res.headers.get('content-type') ?? '', /^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      lang: string;
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    const catalog = JSON.parse(
      readFileSync(join(repoRoot, 'host', 'src', 'locales', lang, 'host.json'), 'utf8'),
    ) as { appName: string };
    assert.equal(manifest.lang, lang);
    assert.equal(manifest.name, catalog.appName, `the app's name in ${lang}`);
    assert.equal(manifest.short_name, catalog.appName);
    assert.equal(manifest.start_url, '/user');
    assert.equal(manifest.display, 'standalone');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
    assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort();
    assert.deepEqual(sizes, ['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const png = await fetch(new URL(icon.src, site.url));
      assert.equal(png.status, 200, icon.src);
      assert.equal(png.headers.get('content-type'), 'image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      // PNG header: width and height at bytes 16..23.
      const [w, h] = icon.sizes.split('x').map(Number);
      assert.deepEqual(
        [bytes.readUInt32BE(16), bytes.readUInt32BE(20)],
        [w, h],
        `${icon.src} is ${icon.sizes}`,
      );
    }
  }
});

test('after one visit, /login paints its shell and sign-in form from the service worker when the static files fail', async () => {
  await withPage('sw-offline-shell', async (page, context) => {
    await page.goto('/login');
    await signInPagePainted(page);
    const loaded = await remoteFilesLoaded(page);
    assert.ok(
      loaded.some((p) => p.startsWith('/remotes/mfe-auth/')),
      'the page loaded mfe-auth',
    );
    const cached = await waitForServiceWorker(page, loginReady(loaded));
    // The API is never cached: no stale money.
    for (const [name, paths] of Object.entries(cached))
      assert.ok(!paths.some((p) => p.startsWith('/api')), `${name} holds no API answer: ${paths.join(', ')}`);

    // Every request for the site's files (the page's and the worker's own) fails: a server error, then no answer.
    const isStatic = (url: URL) => url.origin === site.url && !url.pathname.startsWith('/api/');
    for (const mode of ['503', 'abort'] as const) {
      let blocked = 0;
      await context.route(
        (url) => isStatic(url),
        (route) => {
          blocked += 1;
          return mode === '503' ? route.fulfill({ status: 503, body: 'unavailable' }) : route.abort('failed');
        },
      );
      try {
        await reloadFromWorker(page, mode);
        assert.ok(blocked >= 3, `${mode}: the worker's own requests were blocked (${blocked})`);
      } finally {
        await context.unrouteAll();
      }
    }

    // The files are gone from the server (each dist moved aside) while its API still answers.
    const restore = hideStaticFiles(staticRoot);
    try {
      for (const path of ['/main.js', '/remotes/mfe-auth/remoteEntry.js'])
        assert.equal((await fetch(`${site.url}${path}`)).status, 404, `${path} is not served`);
      const pageAnswer = await fetch(`${site.url}/login`);
      assert.ok(
        pageAnswer.status >= 400 || !(pageAnswer.headers.get('content-type') ?? '').includes('text/html'),
        `/login is not served (${pageAnswer.status})`,
      );
      assert.equal((await fetch(`${site.url}/api/lookup/active`)).status, 200);
      await reloadFromWorker(page, 'files removed');
    } finally {
      restore();
    }
  });
});

test('after mfe-auth is released anew, the next load runs the new build (no stale remote code)', async () => {
  await withPage('sw-redeploy', async (page) => {
    const loginRoot = page.locator('.wl-remote[data-remote="mfe_auth/Login"]');
    await page.goto('/login');
    await loginRoot.waitFor();
    const before = await loginRoot.getAttribute('data-build');
    await waitForServiceWorker(page, loginReady(await remoteFilesLoaded(page)));
    // A load served by the worker (entries from its cache when the network agrees) still runs the same build.
    await page.reload();
    await loginRoot.waitFor();
    assert.equal(await loginRoot.getAttribute('data-build'), before);

    const buildId = `sw-redeploy-${Date.now()}`;
    swapServedFolder(staticRoot, 'mfe-auth', buildApp('mfe-auth', { buildId }));

    await page.reload();
    await loginRoot.waitFor();
    assert.equal(await loginRoot.getAttribute('data-build'), buildId, 'the page runs the new mfe-auth build');
    await signInPagePainted(page);

    // The worker's copy of the entry is the new one too (the next offline load runs the new build).
    const served = readFileSync(join(staticRoot, 'mfe-auth', 'dist', 'remoteEntry.js'), 'utf8');
    const cachedEntry = await page.evaluate(async () => {
      const cache = await caches.open('wallet-remote-entries-v1');
      return (await cache.match('/remotes/mfe-auth/remoteEntry.js'))?.text();
    });
    assert.equal(cachedEntry, served, "the worker's cached remoteEntry.js is the new release's");
    const paths = await cachedPaths(page);
    assert.ok(paths[SW_CACHES.remoteEntries]?.includes('/remotes/mfe-auth/mf-manifest.json'));
  });
});

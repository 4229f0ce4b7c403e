import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { startSite, type Site } from '../lib/site';

/**
 * The first load of a page (issue 11, acceptance 3; docs/architecture.md "First load"): the server renders
 * index.html with the remotes map inline and preload hints for the route's remote, so the browser asks for the
 * remote while main.js is still arriving, and paints the shell's frame in the member's language before any
 * JavaScript.
 */

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

interface Timing {
  path: string;
  startTime: number;
  responseEnd: number;
  initiatorType: string;
}

/** The page's own resource timing entries, by path. */
async function resourceTimings(page: Page): Promise<Timing[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const e = entry as PerformanceResourceTiming;
      return {
        path: new URL(e.name).pathname,
        startTime: e.startTime,
        responseEnd: e.responseEnd,
        initiatorType: e.initiatorType,
      };
    }),
  );
}

describe('first load', () => {
  test('/login: no /remotes.json request, and the remote entry is asked for before main.js has arrived', async () => {
    const context = await newMemberContext(browser, site.url);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    // Layout shifts of the whole load, as Lighthouse's CLS counts them.
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) w.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    try {
      await page.goto('/login');
      await page.getByTestId('login-username').waitFor();
      await page.waitForLoadState('networkidle');

      assert.deepEqual(
        requested.filter((p) => p === '/remotes.json'),
        [],
        'the remotes map comes with the page',
      );
      const timings = await resourceTimings(page);
      const find = (path: string) => {
        const found = timings.filter((t) => t.path === path);
        assert.equal(
          found.length,
          1,
          `${path} is fetched once (the preload is used): ${JSON.stringify(found)}`,
        );
        return found[0] as Timing;
      };
      const main = find('/main.js');
      const entry = find('/remotes/mfe-auth/remoteEntry.js');
      const manifest = find('/remotes/mfe-auth/mf-manifest.json');
      assert.ok(
        entry.startTime < main.responseEnd,
        `remoteEntry.js starts at ${entry.startTime} ms, before main.js ends at ${main.responseEnd} ms`,
      );
      assert.ok(manifest.startTime < main.responseEnd, 'the manifest too');
      // The terminated check's lookup is the preloaded response, not a second request.
      find('/api/lookup/active');
      assert.equal(requested.filter((p) => p === '/api/lookup/active').length, 1);

      // The frame made way for React's shell: one shell on the page, the real one.
      assert.equal(await page.locator('#shell-frame').count(), 0);
      assert.equal(await page.locator('.host-shell').count(), 1);
      await page.getByTestId('public-shell').waitFor();
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      assert.ok(shift < 0.05, `cumulative layout shift ${shift}`);
    } catch (error) {
      await snapshot(page, 'first-load-login');
      throw error;
    } finally {
      await context.close();
    }
  });

  test("the first response is the frame in the member's language (Thai by default, else the language cookie)", async () => {
    const html = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(`${site.url}${path}`, { headers })).text();

    const th = await html('/login');
    assert.match(th, /<html lang="th"/);
    assert.match(th, /<title>เข้าสู่ระบบ · [^<]+<\/title>/);
    assert.match(th, /<div id="shell-frame" class="host-shell host-shell--public">/);
    assert.match(th, /aria-current="page">หน้าแรก<\/a>/);

    const en = await html('/login', { cookie: 'i18next=en' });
    assert.match(en, /<html lang="en"/);
    assert.match(en, /<title>Sign in · [^<]+<\/title>/);
    assert.match(en, />Register<\/a>/);

    const member = await html('/user/home', { cookie: 'i18next=en', 'accept-language': 'th-TH' });
    assert.match(member, /class="host-shell host-shell--member"/);
    assert.match(member, />Log out<\/button>/);
    assert.match(member, />Statement<\/a>/);
  });

  test('without JavaScript the browser paints the styled frame: top bar, menu and skeleton, in the language', async () => {
    for (const [locale, title, home] of [
      ['th', 'เข้าสู่ระบบ', 'หน้าแรก'],
      ['en', 'Sign in', 'Home'],
    ] as const) {
      const context = await browser.newContext({
        baseURL: site.url,
        viewport: { width: 390, height: 844 },
        locale: 'th-TH',
        javaScriptEnabled: false,
      });
      // The member's earlier choice, as the app stores it.
      await context.addCookies([{ name: 'i18next', value: locale, url: site.url }]);
      const page = await context.newPage();
      try {
        await page.goto('/login');
        assert.ok((await page.title()).startsWith(title), await page.title());
        const menu = page.locator('#shell-frame nav.host-menu');
        assert.equal(await menu.locator('a[aria-current="page"]').textContent(), home);
        // The extracted stylesheet applies: the menu sits fixed at the bottom, the skeleton shows.
        const box = await menu.boundingBox();
        assert.ok(
          box && Math.abs(box.y + box.height - 844) < 1,
          `menu at the bottom: ${JSON.stringify(box)}`,
        );
        assert.equal(await menu.evaluate((el) => getComputedStyle(el).position), 'fixed');
        assert.ok(await page.locator('#shell-frame .host-skeleton').isVisible());
        const topbar = await page.locator('#shell-frame .host-topbar').boundingBox();
        assert.ok(topbar && topbar.y === 0 && topbar.height > 40, JSON.stringify(topbar));
      } catch (error) {
        await snapshot(page, `first-load-nojs-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    }
  });
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { registerMember } from '../lib/members';
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
    // Layout shifts of the whole load, as Lighthouse's CLS counts them; the largest contentful paints; whether a
    // skeleton was ever shown.
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number; __lcp: number[]; __skeleton: boolean };
      w.__shift = 0;
      w.__lcp = [];
      w.__skeleton = false;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) w.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver(() => {
        if (document.querySelector('.host-skeleton')) w.__skeleton = true;
      }).observe(document, { childList: true, subtree: true });
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
      // Every script the first load runs carries V8's compile hint (tooling/webpack.app.js, CompileHints), so the
      // browser compiles it while it streams instead of function by function on the main thread; the language
      // catalogs (data) do not.
      const scripts = [...new Set(timings.map((t) => t.path))].filter((p) => p.endsWith('.js'));
      const catalog = /\/(?:locale|strings)-[a-z]{2}\.[0-9a-f]{8}\.js$/;
      assert.ok(
        scripts.some((p) => catalog.test(p)),
        `a catalog among ${scripts.join(', ')}`,
      );
      for (const path of scripts) {
        const body = await (await page.request.get(path)).text();
        assert.equal(
          body.startsWith('//# allFunctionsCalledOnLoad\n'),
          !catalog.test(path),
          `${path} ${catalog.test(path) ? 'is data: no' : 'runs on load: a'} compile hint`,
        );
      }
      assert.ok(
        ['/main.js', '/remotes/mfe-auth/remoteEntry.js'].every((p) => scripts.includes(p)) &&
          scripts.some((p) => p.startsWith('/remotes/mfe-auth/__federation_expose_Login.')),
        `the host's entry, the remote's entry and its screen among ${scripts.join(', ')}`,
      );
      // The shell's lookups (terminated check, chat widget, site name) are answered by the page itself.
      assert.deepEqual(
        requested.filter((p) => p.startsWith('/api/')),
        [],
        'no API request before the sign-in form',
      );

      // The server painted mfe-auth's prerendered sign-in form; the live one took its place without a skeleton in
      // between and without painting anything larger: the largest contentful paint is the first paint.
      const painted = await page.evaluate(() => {
        const w = window as unknown as { __lcp: number[]; __skeleton: boolean };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        return { lcp: w.__lcp, fcp, skeleton: w.__skeleton };
      });
      assert.equal(painted.skeleton, false, 'no skeleton on the way');
      assert.ok(painted.lcp.length > 0 && painted.fcp !== undefined, JSON.stringify(painted));
      assert.equal(painted.lcp.at(-1), painted.fcp, `LCP at the first paint: ${JSON.stringify(painted)}`);
      assert.equal(await page.locator('[data-first-screen]').count(), 0, 'the prerendered form is gone');

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
    assert.match(th, /<a aria-current="page"[^>]*>หน้าแรก<\/a>/);

    const en = await html('/login', { cookie: 'i18next=en' });
    assert.match(en, /<html lang="en"/);
    assert.match(en, /<title>Sign in · [^<]+<\/title>/);
    assert.match(en, />Register<\/a>/);

    const member = await html('/user/home', { cookie: 'i18next=en', 'accept-language': 'th-TH' });
    assert.match(member, /class="host-shell host-shell--member"/);
    assert.match(member, />Log out<\/button>/);
    assert.match(member, />Statement<\/a>/);
  });

  test('without JavaScript the browser paints the styled frame and the prerendered sign-in form, in the language', async () => {
    for (const [locale, title, home, heading] of [
      ['th', 'เข้าสู่ระบบ', 'หน้าแรก', 'เข้าสู่ระบบ'],
      ['en', 'Sign in', 'Home', 'Log in'],
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
        // mfe-auth's first screen as its build prerendered it, styled (its stylesheet and the UI kit's), inert.
        const form = page.locator('#shell-frame [data-first-screen="mfe_auth/Login"]');
        assert.equal(await form.getAttribute('inert'), '');
        assert.equal(await form.locator('h1').textContent(), heading);
        assert.equal(await form.locator('input.wl-input').count(), 2);
        const field = await form.locator('input.wl-input').first().boundingBox();
        assert.ok(
          field && field.width > 300 && field.height >= 40,
          `a styled input: ${JSON.stringify(field)}`,
        );
        assert.equal(await page.locator('#shell-frame .host-skeleton').count(), 0);
        // A page whose remote has no first screen shows the skeleton.
        await page.goto('/register');
        assert.ok(await page.locator('#shell-frame .host-skeleton').isVisible());
        await page.goto('/login');
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

  test("a remembered member's home: the balance painted by the server before any JavaScript, then the live home in its place", async () => {
    const member = await registerMember(site, '0861117788', { name: 'Malee Srisuk' });
    const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByTestId('login-username').fill(member.phone);
      await page.getByTestId('login-password').fill(member.password);
      await page.getByTestId('login-remember').check();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('home-balance').waitFor();
      const live = await page.getByTestId('home-balance').textContent();
      // The page cookie: sent with page loads under /user only, same-site only.
      const cookie = (await context.cookies()).find((c) => c.name === 'wl_page');
      assert.ok(cookie, 'the app wrote the page cookie');
      assert.equal(cookie.path, '/user');
      assert.equal(cookie.sameSite, 'Strict');

      // Without JavaScript: the server's page already shows the member's balance card, styled.
      const bare = await browser.newContext({
        baseURL: site.url,
        viewport: { width: 390, height: 844 },
        javaScriptEnabled: false,
      });
      await bare.addCookies(await context.cookies());
      const still = await bare.newPage();
      try {
        const response = await still.goto('/user/home');
        assert.equal(response?.headers()['cache-control'], 'private, no-store');
        const first = still.locator('#shell-frame [data-first-screen="mfe_wallet/Home"]');
        assert.equal(await first.locator('.wallet-balance__name').textContent(), 'Malee Srisuk');
        assert.equal(await first.locator('.wallet-balance__main strong span').textContent(), live);
        assert.match(
          (await first.locator('.wallet-balance__main').textContent()) ?? '',
          /Main wallet balance/,
        );
        const card = await first.locator('.wallet-balance').boundingBox();
        assert.ok(card && card.width > 300 && card.height > 100, `a styled card: ${JSON.stringify(card)}`);
      } finally {
        await bare.close();
      }

      // With JavaScript: the page's largest paint is that balance, before the home has even asked for the wallet.
      await page.reload();
      await page.getByTestId('home-balance').waitFor();
      await page.getByTestId('home-shortcuts').waitFor();
      const { lcp, walletAsked } = await page.evaluate(async () => {
        const entries = await new Promise<PerformanceEntry[]>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries())).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        });
        const last = entries[entries.length - 1] as PerformanceEntry & { element?: Element | null };
        const wallet = performance
          .getEntriesByType('resource')
          .find((e) => new URL(e.name).pathname === '/api/wallet');
        return { lcp: last?.startTime ?? -1, walletAsked: wallet?.startTime ?? -1 };
      });
      assert.ok(lcp > 0 && walletAsked > 0, JSON.stringify({ lcp, walletAsked }));
      assert.ok(lcp < walletAsked, `largest paint ${lcp} ms, before the wallet's read at ${walletAsked} ms`);
      // The live home replaced the server's screen.
      assert.equal(await page.locator('[data-first-screen]').count(), 0);
      assert.equal(await page.getByTestId('home-balance').textContent(), live);

      // Signed out: the cookie goes with the session.
      await page.getByTestId('logout').click();
      await page.waitForURL('**/login');
      assert.equal(
        (await context.cookies()).find((c) => c.name === 'wl_page'),
        undefined,
      );
    } catch (error) {
      await snapshot(page, 'first-load-member-home');
      throw error;
    } finally {
      await context.close();
    }
  });
});

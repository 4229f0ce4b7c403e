import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import chromiumFlags from '../../tooling/chromium-flags.json';
import { watchCspOfEveryContext } from './csp';
import { repoRoot } from './site';

/**
 * Debian's Chromium, with the flags this machine needs (tooling/chromium-flags.json: no sandbox as root, no
 * background networking; the bench scripts use the same file), plus `extraArgs` (the how-to recorder's host
 * mapping).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...chromiumFlags, ...extraArgs],
  });
  // Every scenario fails on a CSP violation of any of its pages (e2e/lib/csp.ts).
  return watchCspOfEveryContext(browser);
}

/**
 * A phone-sized context, as members use the site; optionally with the language already chosen and the home's
 * agreement already accepted (so it does not pop up over what a scenario looks at). The site's service worker
 * runs as for a member; `serviceWorkers: 'block'` leaves it out, for a scenario about the host's own handling of
 * a remote that cannot be loaded (with the worker, a remote it has cached still loads), or one that fakes the
 * site's files with `page.route` (the page's routes do not see what a worker answers).
 */
export async function newMemberContext(
  browser: Browser,
  baseURL: string,
  options: {
    language?: 'th' | 'la' | 'en';
    agreementAccepted?: boolean;
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'th-TH',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await context.addInitScript(({ language, agreementAccepted }) => {
    if (language) window.localStorage.setItem('locale', language);
    if (agreementAccepted) {
      window.localStorage.setItem(
        'remember-agreement',
        JSON.stringify({ acceptedAt: new Date().toISOString() }),
      );
    }
  }, options);
  return context;
}

/** Saves a screenshot under e2e/artifacts when a scenario fails, to see what the member saw. */
export async function snapshot(page: Page, name: string): Promise<void> {
  const dir = join(repoRoot, 'e2e', 'artifacts');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
}

// The Laos build's deployment and what its end-to-end test (e2e/tests/laos.test.ts) reads on the page: kip
// amounts, the balance, the sign-in and the deposit window's screenshots.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { newMemberContext, snapshot } from './browser';
import { buildApp, copyBuiltSite, swapServedFolder } from './deploy';
import { repoRoot, type Site } from './site';

/**
 * The apps whose code reads WALLET_LAOS (host: the shared package it provides, with the Lao default language;
 * mfe-auth: the registration's phone rule, banks and currency; mfe-wallet: the deposit modal).
 */
const LAOS_APPS = ['host', 'mfe-auth', 'mfe-wallet'];

/** The working tree's builds copied into a deployment of its own, LAOS_APPS rebuilt with WALLET_LAOS=1: its folder. */
export function laosStaticRoot(): string {
  const started = Date.now();
  const staticRoot = copyBuiltSite();
  for (const app of LAOS_APPS) {
    const out = buildApp(app, { buildId: `${app}@laos`, env: { WALLET_LAOS: '1' } });
    swapServedFolder(staticRoot, app, out);
  }
  console.info(`laos: built ${LAOS_APPS.join(', ')} with WALLET_LAOS=1 in ${Date.now() - started} ms`);
  return staticRoot;
}

/** Kip is shown as whole kip, grouped, without decimals: "1,000,000". */
const KIP = /^-?\d{1,3}(,\d{3})*$/;

export function kip(text: string | null): number {
  const shown = (text ?? '').trim();
  assert.match(shown, KIP, `"${shown}" is whole kip without decimals`);
  return Number(shown.replace(/,/g, ''));
}

export async function balance(page: Page): Promise<number> {
  return kip(await page.getByTestId('home-balance').textContent());
}

export async function waitForBalance(page: Page, expected: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await balance(page)) === expected) return;
    await page.waitForTimeout(300);
  }
  assert.equal(await balance(page), expected);
}

/**
 * The deposit window of a member at 390×844 and 320×640 in la, th and en: `e2e/artifacts/laos/deposit-<wallet>-
 * <language>-<size>.png`, taken once its animations have finished, each checked to fit the screen's width.
 */
export async function shootDepositWindow(
  browser: Browser,
  site: Site,
  wallet: 'kip' | 'baht',
  who: { phone: string; password: string },
) {
  const dir = join(repoRoot, 'e2e', 'artifacts', 'laos');
  mkdirSync(dir, { recursive: true });
  for (const language of ['la', 'th', 'en'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 320, height: 640 },
    ]) {
      const context = await newMemberContext(browser, site.url, { language, agreementAccepted: true });
      const page = await context.newPage();
      try {
        await page.setViewportSize(viewport);
        await page.goto('/login');
        await page.getByTestId('login-username').fill(who.phone);
        await page.getByTestId('login-password').fill(who.password);
        await page.getByTestId('login-submit').click();
        await page.waitForURL('**/user/home');
        await page.getByTestId('home-balance').waitFor();
        await page.getByTestId('widget-deposit').click();
        await page.getByTestId('deposit-bank-number-0').waitFor();
        const modal = page.getByTestId('deposit-modal');
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
        );
        const box = await modal.boundingBox();
        assert.ok(box && box.width <= viewport.width, 'the modal fits the screen width');
        await page.screenshot({
          path: join(dir, `deposit-${wallet}-${language}-${viewport.width}x${viewport.height}.png`),
        });
      } catch (error) {
        await snapshot(page, `laos-deposit-${wallet}-${language}-${viewport.width}`);
        throw error;
      } finally {
        await context.close();
      }
    }
  }
}

/** Signs `who` in on /login and waits for the home's balance. */
export async function signIn(page: Page, who: { phone: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(who.phone);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/user/home');
  await page.getByTestId('home-balance').waitFor();
}

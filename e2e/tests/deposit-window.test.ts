import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { registerMember, signIn, type Member } from '../lib/members';
import { startSite, type Site } from '../lib/site';

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

/** A real 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Each deposit tab and the form that only its panel shows. */
const FORMS: Record<string, (page: Page) => Locator> = {
  bank: (page) => page.getByTestId('deposit-bank-panel').locator('.wallet-deposit-banks__list'),
  qr: (page) => page.getByTestId('deposit-qr-panel').locator('input[inputmode="decimal"]').first(),
  slip: (page) => page.getByTestId('slip-upload'),
  gift: (page) => page.getByTestId('gift-link-input'),
};

/** The deposit tabs the window offers, in order (bank, QR, slip and, when the site has a wallet, gift link). */
async function tabNames(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('deposit-modal')
    .getByRole('tablist')
    .first()
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('deposit-tab-', ''));
}

async function assertVisible(locator: Locator, what: string): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: 5_000 });
  assert.equal(await locator.isVisible(), true, `${what} is visible`);
}

async function assertHidden(locator: Locator, what: string): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout: 5_000 });
  assert.equal(await locator.isVisible(), false, `${what} is hidden`);
}

/**
 * axe-core (WCAG 2.2 A/AA rules) on the deposit window as it is now: the critical and serious findings. axe goes in
 * through `page.evaluate` of its source (DevTools protocol), which the site's CSP does not govern.
 */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await runner.run('[data-testid="deposit-modal"]', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function openDeposit(page: Page): Promise<void> {
  await page.getByTestId('widget-deposit').click();
  await page.getByTestId('deposit-modal').waitFor();
  // The QR and gift-link tabs come with the deposit lookup.
  await page.getByTestId('deposit-tab-qr').waitFor();
}

describe('the deposit window', () => {
  let member: Member;

  before(async () => {
    member = await registerMember(site, '0869990001', { name: 'มาลี ศรีสุข' });
  });

  test('each tab shows only its own form; the others are hidden', async () => {
    const context = await newMemberContext(browser, site.url, { language: 'th', agreementAccepted: true });
    const page = await context.newPage();
    try {
      await signIn(page, member);
      await openDeposit(page);
      const tabs = await tabNames(page);
      assert.deepEqual(tabs, ['bank', 'qr', 'slip', 'gift']);

      for (const tab of tabs) {
        await page.getByTestId(`deposit-tab-${tab}`).click();
        assert.equal(await page.getByTestId(`deposit-tab-${tab}`).getAttribute('aria-selected'), 'true');
        await assertVisible(FORMS[tab]!(page), `the ${tab} form under the ${tab} tab`);
        for (const other of tabs.filter((name) => name !== tab))
          await assertHidden(FORMS[other]!(page), `the ${other} form under the ${tab} tab`);
        // Exactly one deposit panel is exposed to assistive technology: the one labelled by the current tab.
        const panels = page
          .getByTestId('deposit-modal')
          .locator('.wallet-deposit > [role="tabpanel"]:visible');
        assert.equal(await panels.count(), 1, `one panel under the ${tab} tab`);
        const tabId = await page.getByTestId(`deposit-tab-${tab}`).getAttribute('id');
        assert.equal(await panels.first().getAttribute('aria-labelledby'), tabId);
        // The tab list and its panels pass axe-core: aria-controls, labelled panels, hidden panels not exposed.
        assert.deepEqual(await axeFindings(page), [], `axe-core under the ${tab} tab`);
      }
    } catch (error) {
      await snapshot(page, 'deposit-window-tabs');
      throw error;
    } finally {
      await context.close();
    }
  });

  test('the keyboard: one Tab stop on the tab list, arrow keys, Home and End move between the tabs', async () => {
    const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
    const page = await context.newPage();
    const focusedTab = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    try {
      await signIn(page, member);
      await openDeposit(page);
      await page.getByTestId('deposit-tab-bank').focus();

      await page.keyboard.press('ArrowRight');
      assert.equal(await focusedTab(), 'deposit-tab-qr');
      assert.equal(await page.getByTestId('deposit-tab-qr').getAttribute('aria-selected'), 'true');
      await assertVisible(FORMS.qr!(page), 'the QR form after ArrowRight');
      await assertHidden(FORMS.bank!(page), 'the bank list after ArrowRight');

      await page.keyboard.press('ArrowRight');
      assert.equal(await focusedTab(), 'deposit-tab-slip');
      await assertVisible(FORMS.slip!(page), 'the slip form');

      await page.keyboard.press('End');
      assert.equal(await focusedTab(), 'deposit-tab-gift');
      await assertVisible(FORMS.gift!(page), 'the gift-link form after End');

      await page.keyboard.press('ArrowRight'); // wraps around
      assert.equal(await focusedTab(), 'deposit-tab-bank');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await focusedTab(), 'deposit-tab-gift');
      await page.keyboard.press('Home');
      assert.equal(await focusedTab(), 'deposit-tab-bank');
      await assertVisible(FORMS.bank!(page), 'the bank list after Home');

      // Roving tabindex: only the current tab is in the Tab order; Tab leaves the list for the panel.
      const stops = await page
        .getByTestId('deposit-modal')
        .locator('.wallet-deposit > [role="tablist"] [role="tab"][tabindex="0"]')
        .count();
      assert.equal(stops, 1);
      await page.keyboard.press('Tab');
      assert.equal(await focusedTab(), 'deposit-bank-panel');
    } catch (error) {
      await snapshot(page, 'deposit-window-keyboard');
      throw error;
    } finally {
      await context.close();
    }
  });

  test('the keyboard: 30 Tab and 30 Shift+Tab presses on each deposit tab never leave the window', async () => {
    const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
    const page = await context.newPage();
    /** Where focus is: in the window or not, in a hidden part of it or not, and what it is. */
    const focus = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        const dialog = document.querySelector('[data-testid="deposit-modal"]');
        return {
          inside: !!active && !!dialog && dialog !== active && dialog.contains(active),
          onDialog: active === dialog,
          hidden: !!active?.closest('[hidden]'),
          shown: active instanceof HTMLElement && active.checkVisibility({ visibilityProperty: true }),
          name:
            active?.getAttribute('data-testid') ??
            active?.getAttribute('aria-label') ??
            `${active?.tagName.toLowerCase()}:${active?.textContent?.trim().slice(0, 20) ?? ''}`,
        };
      });
    try {
      await signIn(page, member);
      await openDeposit(page);
      const tabs = await tabNames(page);
      assert.deepEqual(tabs, ['bank', 'qr', 'slip', 'gift']);
      for (const tab of tabs) {
        await page.getByTestId(`deposit-tab-${tab}`).click();
        await assertVisible(FORMS[tab]!(page), `the ${tab} form`);
        for (const key of ['Tab', 'Shift+Tab']) {
          const stops = new Set<string>();
          for (let press = 1; press <= 30; press += 1) {
            await page.keyboard.press(key);
            const now = await focus();
            assert.ok(
              now.inside || now.onDialog,
              `${key} press ${press} under the ${tab} tab: focus left the window`,
            );
            assert.ok(
              !now.hidden && now.shown,
              `${key} press ${press} under the ${tab} tab: ${now.name} is not shown`,
            );
            stops.add(now.name);
          }
          // The cycle passes the close button and the current tab: round and round inside the window.
          assert.ok(
            stops.has('Close'),
            `${key} under the ${tab} tab reaches the close button: ${[...stops].join(', ')}`,
          );
          assert.ok(stops.has(`deposit-tab-${tab}`), `${key} under the ${tab} tab reaches its tab`);
        }
      }
    } catch (error) {
      await snapshot(page, 'deposit-window-focus-trap');
      throw error;
    } finally {
      await context.close();
    }
  });

  test('the slip picker speaks Thai and shows the chosen file, its size and a preview', async () => {
    const context = await newMemberContext(browser, site.url, { language: 'th', agreementAccepted: true });
    const page = await context.newPage();
    const dir = mkdtempSync(join(tmpdir(), 'slip-'));
    const file = join(dir, 'slip-300.png');
    writeFileSync(file, Buffer.from(PNG_1X1, 'base64'));
    try {
      await signIn(page, member);
      await openDeposit(page);
      await page.getByTestId('deposit-tab-slip').click();
      const picker = page.getByTestId('deposit-slip-panel').locator('.wallet-file');
      await assertVisible(picker.getByText('เลือกรูปสลิป'), 'the Thai choose button');
      // The browser's own button ("Choose File") is visually hidden: the real input is a 1×1 px transparent box.
      const input = await page.getByTestId('slip-file').boundingBox();
      assert.ok(
        input && input.width <= 1 && input.height <= 1,
        `the real input is visually hidden: ${JSON.stringify(input)}`,
      );
      await page.getByTestId('slip-file').setInputFiles(file);
      assert.equal(await page.getByTestId('slip-file-name').textContent(), 'slip-300.png');
      assert.equal(await page.getByTestId('slip-file-size').textContent(), '70 ไบต์');
      const preview = page.getByTestId('slip-file-preview');
      await assertVisible(preview, 'the preview');
      assert.equal(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), 1);
      assert.doesNotMatch((await picker.textContent()) ?? '', /Choose|No file/);
    } catch (error) {
      await snapshot(page, 'deposit-window-slip-picker');
      throw error;
    } finally {
      await context.close();
    }
  });
});

describe('the agreement sheet', () => {
  test('waits while the member has a window open, then appears; when it closes, focus is on the heading', async () => {
    const member = await registerMember(site, '0869990002', { name: 'Somchai Jaidee' });
    const context = await newMemberContext(browser, site.url, { language: 'en' });
    const page = await context.newPage();
    try {
      await signIn(page, member);
      // The member opens the deposit window before the agreement's 1.5 s are up, and reads it for a while.
      await page.getByTestId('widget-deposit').click();
      await page.getByTestId('deposit-modal').waitFor();
      await page.waitForTimeout(3_000);
      assert.equal(await page.getByTestId('agreement-modal').isVisible(), false, 'no sheet over the window');

      await page.keyboard.press('Escape');
      await assertHidden(page.getByTestId('deposit-modal'), 'the deposit window');
      await assertVisible(page.getByTestId('agreement-modal'), 'the agreement once nothing else is open');

      await page.getByTestId('agreement-confirm').click();
      await assertHidden(page.getByTestId('agreement-modal'), 'the agreement after confirming');
      const focused = await page.evaluate(() => document.activeElement?.tagName);
      assert.equal(focused, 'H1');
    } catch (error) {
      await snapshot(page, 'agreement-waits');
      throw error;
    } finally {
      await context.close();
    }
  });
});

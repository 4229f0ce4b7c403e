import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import {
  activeBonus,
  assertBooksBalanced,
  depositFromBank,
  moneyApi,
  playRound,
  sessionOf,
  walletAmount,
} from '../lib/bonus';
import { api, registerMember, signIn } from '../lib/members';
import { minor } from '../lib/money';
import { repoRoot, startSite, type Site } from '../lib/site';

/**
 * A bonus from receiving to withdrawing (issue 9): a member deposits 1,000 baht, receives DAILY10 (10 %: 100
 * baht, turnover 3 × 1,100 = 3,300 baht) on /user/bonus, cannot withdraw while it is open (BONUS_REMAINING in the
 * member's language, nothing moves), plays PG rounds on the sandbox provider until the turnover is met, finishes
 * the bonus (its end on the statement), withdraws. Then the promotion code HAPPY2027 (PROMO100: 100 baht, no
 * deposit, percentFail 0): typed in lower case, found, received, cancelled (the 100 baht goes back), and refused
 * the second time (PROMOTION_RECEIVED). The books balance at the end. In Thai and in English, one member each.
 */
let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite({ env: { PAYOUT_SETTLE_MS: '1500', GAME_LATENCY_MS: '20' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

type Locale = 'th' | 'en';

const readCatalogue = (...path: string[]) =>
  JSON.parse(readFileSync(join(repoRoot, ...path), 'utf8')) as Record<string, unknown>;

/** A text of a catalogue by its dotted key; the test fails when the key is missing (no silent fallback). */
function text(catalogue: Record<string, unknown>, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  assert.equal(typeof value, 'string', `the catalogue has ${key}`);
  return value as string;
}

/** What the member reads in that language: the error messages and the bonus pages' texts. */
function texts(locale: Locale) {
  const errors = readCatalogue('shared', 'src', 'i18n', 'locales', locale, 'errors.json');
  const bonus = readCatalogue('mfe-bonus', 'src', 'locales', locale, 'bonus.json');
  return {
    bonusRemaining: text(errors, 'BONUS_REMAINING'),
    promotionReceived: text(errors, 'PROMOTION_RECEIVED'),
    finishBonus: text(bonus, 'bonus.active.finish'),
    cancelBonus: text(bonus, 'bonus.active.cancel'),
    finishActivity: text(bonus, 'statement.activity.finish_bonus'),
  };
}

/** A money text as the pages write it (1,100.00). */
const shown = (amount: number) =>
  (amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function waitForHomeBalance(page: Page, amount: number): Promise<void> {
  await page
    .getByTestId('home-balance')
    .filter({ hasText: shown(amount) })
    .waitFor();
  assert.equal(minor(await page.getByTestId('home-balance').textContent()), amount);
}

/** The alert dialog of that kind: its message, then closed with its one button. */
async function readAlert(page: Page, kind: 'error' | 'success'): Promise<string> {
  const alert = page.getByTestId(`alert-${kind}`);
  await alert.waitFor();
  const message = ((await alert.locator('.wl-dialog__body').textContent()) ?? '').trim();
  await alert.getByRole('button').last().click();
  await alert.waitFor({ state: 'detached' });
  return message;
}

/** Presses the confirm dialog's button of that name (the bonus panel asks before ending a bonus). */
async function confirmWith(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A bonus card once it is in that state (`data-state`: current, received or available). */
const cardIn = (page: Page, code: string, state: 'current' | 'received' | 'available') =>
  page.locator(`[data-testid="bonus-card-${code}"][data-state="${state}"]`);

async function openBonusPage(page: Page): Promise<void> {
  await page.getByTestId('widget-bonus').click();
  await page.waitForURL('**/user/bonus');
  await page.getByTestId('bonus-page').waitFor();
}

/** The promotion form: the code typed key by key, as the member types it, then searched. */
async function searchPromotion(page: Page, typed: string, expected: string): Promise<void> {
  const input = page.getByTestId('promotion-input');
  await input.fill('');
  await input.pressSequentially(typed);
  assert.equal(await input.inputValue(), expected, 'the code shows in upper case');
  await page.getByTestId('promotion-search').click();
}

/** Rounds of 50 baht on PG until the open bonus's turnover is met; answers how many were played. */
async function playUntilMet(token: string, session: string): Promise<number> {
  for (let rounds = 0; rounds < 200; rounds++) {
    const { bonus } = await activeBonus(site, token);
    assert.ok(bonus, 'the bonus is still open while it is played');
    if (bonus.met) return rounds;
    if ((await playRound(site, 'PG', session, 50)) === 'bet') {
      // The game balance ran out (a long losing streak): more money from the bank, into the game.
      await depositFromBank(site, token, 100_000);
      await moneyApi(site, '/api/wallet/transfer', {
        token,
        body: { from: 'wallet', to: 'PG', amount: 100_000 },
      });
    }
  }
  assert.fail('the turnover was met within 200 rounds');
}

for (const locale of ['th', 'en'] as const) {
  test(`${locale}: DAILY10 from receiving to a withdrawal, then the HAPPY2027 promotion`, async () => {
    const words = texts(locale);
    const phone = locale === 'th' ? '0864440001' : '0864440002';
    const member = await registerMember(site, phone);
    const { token } = await api<{ token: string }>(site, '/api/login', {
      body: { username: member.phone, password: member.password },
    });
    await depositFromBank(site, token, 100_000);

    let context: BrowserContext | undefined;
    let page: Page | undefined;
    try {
      context = await newMemberContext(browser, site.url, { language: locale, agreementAccepted: true });
      page = await context.newPage();
      await signIn(page, member);
      await openBonusPage(page);

      // DAILY10: its window, receive; the card becomes the current one and the panel shows 0 % played.
      await cardIn(page, 'DAILY10', 'available').click();
      await page.getByTestId('bonus-receive').click();
      assert.match(await readAlert(page, 'success'), /100\.00/, 'the success dialog says how much');
      await cardIn(page, 'DAILY10', 'current').waitFor();
      const turnover = page.getByTestId('bonus-active').getByRole('progressbar');
      assert.equal(await turnover.getAttribute('aria-valuenow'), '0');
      const opened = (await activeBonus(site, token)).bonus;
      assert.equal(opened?.code, 'DAILY10');
      assert.equal(opened?.amount, 10_000);
      assert.equal(opened?.turnover.needed, 330_000);
      assert.equal(await walletAmount(site, token), 110_000);

      // The home's withdraw window: refused in the member's language, and nothing moved.
      await page.getByTestId('menu-home').click();
      await page.waitForURL('**/user/home');
      await waitForHomeBalance(page, 110_000);
      await page.getByTestId('widget-withdraw').click();
      await page.getByTestId('withdraw-amount').fill('100');
      await page.getByTestId('withdraw-submit').click();
      assert.equal(await readAlert(page, 'error'), words.bonusRemaining);
      assert.equal(await walletAmount(site, token), 110_000);
      await page.keyboard.press('Escape');
      await page.getByTestId('withdraw-modal').waitFor({ state: 'detached' });
      await waitForHomeBalance(page, 110_000);

      // Everything into PG (transfers stay allowed while a bonus is open).
      await moneyApi(site, '/api/wallet/activate/PG', { token });
      await moneyApi(site, '/api/wallet/transfer', {
        token,
        body: { from: 'wallet', to: 'PG', amount: 110_000 },
      });
      await waitForHomeBalance(page, 0);

      // The first round in the browser, on the play page the game's Play button opens.
      await page.getByTestId('game-card-PG').click();
      const [game] = await Promise.all([context.waitForEvent('page'), page.getByTestId('game-play').click()]);
      await game.waitForLoadState();
      await game.locator('input[name="bet"]').fill('50');
      await Promise.all([
        game.waitForURL(/msg=(won|lost)/),
        game.locator('form button[type="submit"]').click(),
      ]);
      const session = sessionOf(game.url());
      await game.close();
      await page.keyboard.press('Escape');
      const afterFirst = (await activeBonus(site, token)).bonus;
      assert.equal(afterFirst?.turnover.done, 5_000, 'the round of 50 baht counted in full (PG is a slot)');

      // The rest by the play page's form, 50 baht a round, until the turnover is met.
      const rounds = 1 + (await playUntilMet(token, session));
      assert.ok(rounds >= 66, `3,300 baht needs 66 rounds of 50 (played ${rounds})`);

      // The bonus page shows it met: 100 % and "Finish bonus"; finishing asks first.
      await openBonusPage(page);
      await page.getByTestId('bonus-active').waitFor();
      assert.equal(await turnover.getAttribute('aria-valuenow'), '100');
      const end = page.getByTestId('bonus-cancel');
      assert.equal((await end.textContent())?.trim(), words.finishBonus);
      await end.click();
      await confirmWith(page, words.finishBonus);
      await page.getByTestId('bonus-active').waitFor({ state: 'detached' });
      assert.equal((await activeBonus(site, token)).status, false);
      await cardIn(page, 'DAILY10', 'received').waitFor();

      // The statement lists the bonus's end.
      await page.getByTestId('menu-statement').click();
      await page.waitForURL('**/user/statement');
      const finished = page.locator('.statement-entry--finish_bonus').first();
      await finished.waitFor();
      assert.equal(
        (await finished.getByTestId('statement-activity').textContent())?.trim(),
        words.finishActivity,
      );

      // Withdrawing works again: the window brings the game money back first.
      await page.getByTestId('menu-home').click();
      await page.getByTestId('widget-withdraw').click();
      await page.getByTestId('withdraw-amount').fill('100');
      await page.getByTestId('withdraw-submit').click();
      await readAlert(page, 'success');
      const afterWithdrawal = await walletAmount(site, token);

      // The promotion: typed in lower case, shown in upper case, found, received.
      await openBonusPage(page);
      await searchPromotion(page, 'happy2027', 'HAPPY2027');
      await page.getByTestId('promotion-receive').click();
      assert.match(await readAlert(page, 'success'), /100\.00/, 'the success dialog says how much');
      await page.getByTestId('bonus-active').waitFor();
      const promo = (await activeBonus(site, token)).bonus;
      assert.equal(promo?.code, 'PROMO100');
      assert.equal(promo?.promotion, 'HAPPY2027');
      assert.equal(await walletAmount(site, token), afterWithdrawal + 10_000);

      // Cancelled from the panel: percentFail 0, the 100 baht goes back.
      const cancel = page.getByTestId('bonus-cancel');
      assert.equal((await cancel.textContent())?.trim(), words.cancelBonus);
      await cancel.click();
      await confirmWith(page, words.cancelBonus);
      await page.getByTestId('bonus-active').waitFor({ state: 'detached' });
      assert.equal(await walletAmount(site, token), afterWithdrawal);

      // Once per member: the second time the error dialog says so in the member's language.
      await searchPromotion(page, 'happy2027', 'HAPPY2027');
      await page.getByTestId('promotion-receive').click();
      assert.equal(await readAlert(page, 'error'), words.promotionReceived);
      assert.equal((await activeBonus(site, token)).status, false);
      assert.equal(await walletAmount(site, token), afterWithdrawal);

      await assertBooksBalanced(site);
    } catch (error) {
      if (page) await snapshot(page, `bonus-${locale}`);
      throw error;
    } finally {
      await context?.close();
    }
  });
}

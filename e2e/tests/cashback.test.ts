import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { ApiData } from '@wallet/api-types';
import {
  assertBooksBalanced,
  depositFromBank,
  ledgerCheck,
  moneyApi,
  pageToken,
  walletAmount,
} from '../lib/bonus';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { api, registerMember, signIn } from '../lib/members';
import { minor } from '../lib/money';
import { startSite, type Site } from '../lib/site';

/**
 * Cashback reaches the wallet (docs/money-in.md "Refund (cashback) rule"): a member loses in a game last week, opens
 * the refund window, receives the cashback (5 % of the net loss), moves it to the wallet through the confirm
 * dialog; the wallet shows it, the statement lists the move and the books balance. The loss is a set round of the
 * sandbox game provider (POST /sandbox/games/PG/rounds, from this machine) dated in last week's refund period.
 */

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite({ env: { GAME_LATENCY_MS: '20' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const DAY = 86_400_000;
/** Monday 00:00 Bangkok time (UTC+7) of the week holding `t`. */
function weekStart(t: Date): Date {
  const bangkok = new Date(t.getTime() + 7 * 3600_000);
  const sinceMonday = (bangkok.getUTCDay() + 6) % 7;
  const monday = Date.UTC(
    bangkok.getUTCFullYear(),
    bangkok.getUTCMonth(),
    bangkok.getUTCDate() - sinceMonday,
  );
  return new Date(monday - 7 * 3600_000);
}

describe('cashback', () => {
  test('a loss last week: receive the cashback, move it to the wallet; the wallet, statement and books show it', async () => {
    const member = await registerMember(site, '0871230001', { name: 'Somsak Cashback' });
    const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
    const page = await context.newPage();
    try {
      await signIn(page, member);
      const token = await pageToken(page);

      // 1,000 baht from the bank, all of it into the PG game, where the member loses 400 baht last week.
      await depositFromBank(site, token, 100_000);
      await api(site, '/api/wallet/activate/PG', { token });
      await moneyApi(site, '/api/wallet/transfer', {
        token,
        body: { from: 'wallet', to: 'PG', amount: 100_000 },
      });
      const { username } = await api<ApiData<'/api/wallet/account/{code}', 'get'>>(
        site,
        '/api/wallet/account/PG',
        {
          token,
        },
      );
      const playedAt = new Date(weekStart(new Date()).getTime() - 3.5 * DAY);
      const round = await fetch(`${site.url}/sandbox/games/PG/rounds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, bet: 40_000, win: 0, playedAt: playedAt.toISOString() }),
      });
      assert.equal(round.status, 200, `set round: ${round.status}`);
      assert.equal(((await round.json()) as { balance: number }).balance, 60_000);

      // The home reads the game's balance back: the loss is in the books (game_loss) as at the provider.
      await page.reload();
      await page.getByTestId('home-refresh').click();
      await page
        .getByTestId('game-amount-PG')
        .filter({ hasText: /^600\.00$/ })
        .waitFor();
      const start = await walletAmount(site, token);
      assert.equal(start, 0);

      // The refund window: the seeded refund banners first, then the window.
      await page.getByTestId('widget-refund').click();
      const banners = page.getByTestId('banners-continue');
      await Promise.race([banners.waitFor(), page.getByTestId('refund-modal').waitFor()]);
      if (await banners.isVisible()) await banners.click();
      const modal = page.getByTestId('refund-modal');
      await modal.waitFor();

      // 5 % of 400 baht = 20.00 to receive; nothing received yet, so nothing to move.
      await modal
        .getByTestId('refund-amount')
        .filter({ hasText: /^20\.00$/ })
        .waitFor();
      assert.equal(minor(await modal.getByTestId('refund-received-amount').textContent()), 0);
      assert.equal(await modal.getByTestId('refund-receive').isEnabled(), true);
      assert.equal(await modal.getByTestId('refund-to-wallet').isDisabled(), true);

      await modal.getByTestId('refund-receive').click();
      await modal
        .getByTestId('refund-received-amount')
        .filter({ hasText: /^20\.00$/ })
        .waitFor();
      assert.equal(minor(await modal.getByTestId('refund-amount').textContent()), 0);
      assert.equal(await modal.getByTestId('refund-receive').isDisabled(), true);
      assert.equal(await modal.getByTestId('refund-to-wallet').isEnabled(), true);
      assert.equal(await walletAmount(site, token), start, 'receiving moves no money yet');

      await modal.getByTestId('refund-to-wallet').click();
      const dialog = page.getByRole('alertdialog');
      await dialog.filter({ hasText: 'Move 20.00 baht of cashback into your wallet?' }).waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await modal.waitFor({ state: 'detached' });

      // The wallet shows it (the window closed with true: the home reloaded the wallet).
      await page
        .getByTestId('home-balance')
        .filter({ hasText: /^20\.00$/ })
        .waitFor();
      assert.equal(await walletAmount(site, token), start + 2_000);

      // The statement lists the move; the refund's books balance.
      const { statements } = await api<ApiData<'/api/statement', 'post'>>(site, '/api/statement', {
        token,
        body: { page: 1, limit: 10 },
      });
      const line = statements.find((s) => s.refund !== undefined);
      assert.ok(line, 'a refund line in the statement');
      assert.equal(line.statementType, 'bonus');
      assert.equal(line.from, 'refund');
      assert.equal(line.to, 'wallet');
      assert.equal(line.amount, 2_000);
      await assertBooksBalanced(site);
      assert.deepEqual((await ledgerCheck(site)).trialBalance, { THB: 0 });

      // Once received and moved, the window says there is nothing more: both buttons disabled.
      await page.getByTestId('widget-refund').click();
      await Promise.race([banners.waitFor(), modal.waitFor()]);
      if (await banners.isVisible()) await banners.click();
      await modal
        .getByTestId('refund-received-amount')
        .filter({ hasText: /^0\.00$/ })
        .waitFor();
      // The buttons follow the amounts when the window's reads have answered: waited for, not read at once.
      await modal.locator('[data-testid="refund-receive"]:disabled').waitFor();
      await modal.locator('[data-testid="refund-to-wallet"]:disabled').waitFor();
    } catch (error) {
      await snapshot(page, 'cashback');
      throw error;
    } finally {
      await context.close();
    }
  });
});

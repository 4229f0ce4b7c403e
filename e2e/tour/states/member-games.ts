// The signed-in member's bonus, promotions, statement and conditions, prize wheel, support contact and chat, and
// the member's 404.
import { depositFromBank, moneyApi, pageToken } from '../../lib/bonus';
import { api } from '../../lib/members';
import {
  BONUS_DEPOSIT,
  bonusPartWay,
  bonusText,
  click,
  couponWon,
  escapeFrom,
  WHEEL_ON,
  withCoins,
} from './steps';
import { CHAT_ON, CHAT_READY, CHAT_SCOPE, openChat } from './chat-steps';
import type { TourState } from './types';

export const MEMBER_GAMES_STATES: readonly TourState[] = [
  {
    id: 'bonus',
    title: 'Bonus: the cards (after a deposit every bonus can be received)',
    kind: 'page',
    who: 'member',
    route: '/user/bonus',
    open: async ({ page, site }) => {
      await depositFromBank(site, await pageToken(page), BONUS_DEPOSIT);
      await page.reload();
      await page.locator('[data-testid^="bonus-card-"][data-state="available"]').first().waitFor();
    },
    ready: 'bonus-grid',
  },
  {
    id: 'bonus-modal',
    title: 'Bonus: a bonus window (DAILY10) before receiving it',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'bonus-card-DAILY10'),
    ready: 'bonus-receive',
  },
  {
    id: 'bonus-active',
    title: 'Bonus: a bonus received, its turnover part-way',
    kind: 'page',
    who: 'member',
    route: '/user/bonus',
    open: async ({ page, site }) => {
      await bonusPartWay(site, await pageToken(page));
      await page.reload();
    },
    ready: 'bonus-turnover',
  },
  {
    id: 'bonus-cancel-confirm',
    title: 'Bonus: cancelling asks first and says what is taken back',
    kind: 'window',
    who: 'member',
    open: async ({ page }) => {
      await click(page, 'bonus-cancel');
      await page.getByRole('alertdialog').waitFor();
    },
    ready: 'bonus-active',
    // Cancelled (the member keeps percentFail % of it), so the states after this one see no open bonus.
    leave: async ({ page, language }) => {
      const dialog = page.getByRole('alertdialog');
      await dialog
        .getByRole('button', { name: bonusText(language, 'bonus.active.cancel'), exact: true })
        .click();
      await page.getByTestId('bonus-active').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'promotion-found',
    title: 'Bonus: a promotion code found (HAPPY2027), its window',
    kind: 'window',
    who: 'member',
    route: '/user/bonus',
    open: async ({ page }) => {
      await page.getByTestId('promotion-input').fill('HAPPY2027');
      await click(page, 'promotion-search');
    },
    ready: 'promotion-modal',
  },
  {
    id: 'promotion-not-found',
    title: 'Bonus: a promotion code that does not exist',
    kind: 'page',
    who: 'member',
    route: '/user/bonus',
    open: async ({ page }) => {
      await page.getByTestId('promotion-input').fill('NOSUCHCODE');
      await click(page, 'promotion-search');
    },
    ready: 'promotion-not-found',
  },
  {
    id: 'statement',
    title: 'Statement',
    kind: 'page',
    who: 'member',
    route: '/user/statement',
    ready: 'statement-entry',
  },
  {
    id: 'conditions',
    title: 'Bonus conditions (bottom menu)',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'menu-conditions'),
    ready: 'conditions-modal',
  },
  {
    id: 'statement-slips',
    title: 'Statement: the uploaded slips window',
    kind: 'window',
    who: 'member',
    route: '/user/statement',
    open: ({ page }) => click(page, 'statement-slips-open'),
    ready: 'slip-modal',
  },
  {
    id: 'spin',
    title: 'Prize wheel: the wheel with the member’s coins, and the coupons',
    kind: 'page',
    who: 'member',
    route: '/user/spin',
    settings: WHEEL_ON,
    open: async ({ page, site }) => {
      await withCoins(site, await pageToken(page));
      await page.reload();
      await page.getByTestId('spin-canvas').waitFor();
      await page.locator('[data-testid="spin-button"]:enabled').waitFor();
    },
    ready: 'spin-canvas',
  },
  {
    id: 'spin-prize',
    title: 'Prize wheel: the prize window after a spin',
    kind: 'window',
    who: 'member',
    settings: WHEEL_ON,
    // The short motion of `prefers-reduced-motion` (it lands on the server's sector all the same): the window
    // opens 2 s after the wheel stopped.
    open: async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await click(page, 'spin-button');
      await page.getByTestId('spin-prize-modal').waitFor();
    },
    ready: 'spin-prize-modal',
    leave: async ({ page }) => {
      await click(page, 'spin-prize-close');
      await page.getByTestId('spin-prize-modal').waitFor({ state: 'detached' });
      await page.emulateMedia({ reducedMotion: null });
    },
  },
  {
    id: 'spin-claim',
    title: 'Prize wheel: the claim window of a coupon',
    kind: 'window',
    who: 'member',
    settings: WHEEL_ON,
    open: async ({ page, site }) => {
      if (await couponWon(site, await pageToken(page))) await page.reload();
      await page.getByTestId('spin-coupon-claim').first().click();
    },
    ready: 'spin-claim-modal',
    // Closed without claiming: the wallet stays as the states after this one expect it.
    leave: escapeFrom('spin-claim-modal'),
  },
  {
    id: 'spin-verify',
    title: 'Prize wheel: the verify page after the seed was revealed, one spin verified',
    kind: 'page',
    who: 'member',
    route: '/user/spin/verify',
    settings: WHEEL_ON,
    open: async ({ page, site }) => {
      const token = await pageToken(page);
      const { total } = await api<{ total: number }>(site, '/api/spinwheel/draws', {
        token,
        body: { page: 1, limit: 10 },
      });
      if (total === 0) {
        await withCoins(site, token);
        await moneyApi(site, '/api/spinwheel/spin', { token, body: {} });
        await page.reload();
      }
      await page.getByTestId('spin-draw-pending').first().waitFor();
      await click(page, 'spin-rotate');
      await page.getByTestId('spin-draw-verify').first().click();
      await page.getByTestId('spin-draw-result').first().waitFor();
      // The "seed revealed" toast would cover the result: dismissed, as the member would.
      const toast = page.locator('.wl-toast');
      await toast.locator('.wl-toast__dismiss').first().click();
      await toast.first().waitFor({ state: 'detached' });
    },
    ready: 'spin-draw-result',
  },
  {
    id: 'member-contact',
    title: 'Contact (signed in)',
    kind: 'page',
    who: 'member',
    route: '/user/contact',
    ready: 'contact-page',
  },
  {
    id: 'member-contact-chat',
    title: 'Contact (signed in): the support chat opened from it (when the operator enables the widget)',
    kind: 'window',
    who: 'member',
    route: '/user/contact',
    settings: CHAT_ON,
    open: ({ page }) => openChat(page),
    readySelector: CHAT_READY,
    scope: CHAT_SCOPE,
  },
  {
    id: 'member-not-found',
    title: 'Unknown page (signed in)',
    kind: 'page',
    who: 'member',
    route: '/user/no-such-page',
    ready: 'not-found',
  },
  {
    id: 'chat',
    title: 'Support chat panel (when the operator enables it)',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    settings: { enableChatWidget: true },
    open: ({ page }) => click(page, 'chat-toggle'),
    ready: 'chat-panel',
    scope: '[data-testid="chat-widget"]',
  },
];

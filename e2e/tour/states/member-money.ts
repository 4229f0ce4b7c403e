// The signed-in member's home and money pages and windows: agreement, deposit, withdraw, transfer, game
// accounts, invite, refund, profile.
import { setSlipSettings } from '../../lib/operator';
import { click, escapeFrom, SLIP_PNG } from './steps';
import type { TourState } from './types';

export const MEMBER_MONEY_STATES: readonly TourState[] = [
  // The signed-in member (/user/*).
  {
    id: 'agreement',
    title: 'Agreement sheet (first visit of the home)',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    ready: 'agreement-modal',
    leave: async ({ page }) => {
      await click(page, 'agreement-confirm');
      await page.getByTestId('agreement-modal').waitFor({ state: 'hidden' });
    },
  },
  // The shortcuts come with the rest of the home, just after the balance card (home-page.tsx).
  { id: 'home', title: 'Home', kind: 'page', who: 'member', route: '/user/home', ready: 'home-shortcuts' },
  {
    id: 'deposit-bank',
    title: 'Deposit: bank transfer tab',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    open: ({ page }) => click(page, 'widget-deposit'),
    ready: 'deposit-bank-number-0',
  },
  {
    id: 'deposit-qr',
    title: 'Deposit: QR tab',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'deposit-tab-qr'),
    ready: 'deposit-qr-panel',
  },
  {
    id: 'deposit-qr-created',
    title: 'Deposit: a QR to pay, with its countdown',
    kind: 'window',
    who: 'member',
    open: async ({ page }) => {
      const channel = page.locator('[data-testid^="qr-channel-"]').first();
      const name = ((await channel.getAttribute('data-testid')) ?? '').replace('qr-channel-', '');
      await channel.click();
      await page.getByTestId(`qr-amount-${name}`).fill('150');
      await click(page, `qr-create-${name}`);
      await page.getByTestId(`qr-image-${name}`).waitFor();
    },
    ready: 'deposit-qr-panel',
  },
  {
    id: 'deposit-slip',
    title: 'Deposit: slip upload tab',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'deposit-tab-slip'),
    ready: 'deposit-slip-panel',
  },
  {
    id: 'deposit-slip-chosen',
    title: 'Deposit: a slip picture chosen',
    kind: 'window',
    who: 'member',
    open: ({ page }) =>
      page.getByTestId('slip-file').setInputFiles({
        name: 'slip.png',
        mimeType: 'image/png',
        buffer: Buffer.from(SLIP_PNG, 'base64'),
      }),
    ready: 'deposit-slip-panel',
  },
  {
    id: 'deposit-slip-off',
    title: 'Deposit: slip uploads turned off by an operator',
    kind: 'window',
    who: 'member',
    alone: true,
    open: async (ctx) => {
      const { page, site } = ctx;
      await setSlipSettings(site, { enabled: false });
      // The panel reads the settings when the window opens: closed and opened again on the slip tab.
      await escapeFrom('deposit-modal')(ctx);
      await click(page, 'widget-deposit');
      await click(page, 'deposit-tab-slip');
      await page.getByTestId('slip-closed').waitFor();
    },
    ready: 'deposit-slip-panel',
    leave: ({ site }) => setSlipSettings(site, { enabled: true }),
  },
  {
    id: 'deposit-gift',
    title: 'Deposit: wallet gift link tab',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'deposit-tab-gift'),
    ready: 'deposit-gift-panel',
  },
  {
    id: 'withdraw',
    title: 'Withdraw',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    open: ({ page }) => click(page, 'widget-withdraw'),
    ready: 'withdraw-modal',
  },
  {
    id: 'withdraw-done',
    title: 'Withdraw: the success message',
    kind: 'window',
    who: 'member',
    open: async ({ page }) => {
      await page.getByTestId('withdraw-amount').fill('100');
      await click(page, 'withdraw-submit');
    },
    ready: 'alert-success',
  },
  {
    id: 'transfer',
    title: 'Move money between the wallet and a game',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    open: ({ page }) => click(page, 'home-transfer'),
    ready: 'transfer-modal',
  },
  {
    id: 'transfer-done',
    title: 'Move money: the success message',
    kind: 'window',
    who: 'member',
    open: async ({ page }) => {
      await page.getByTestId('transfer-from').selectOption('wallet');
      await page.getByTestId('transfer-to').selectOption('PG');
      await page.getByTestId('transfer-amount').fill('10');
      await click(page, 'transfer-submit');
    },
    ready: 'alert-success',
  },
  {
    id: 'game-closed',
    title: 'Game account not opened yet',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    open: ({ page }) => click(page, 'game-card-JOKER'),
    ready: 'game-activate',
  },
  {
    id: 'game-open',
    title: 'Game account with its credentials',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    open: ({ page }) => click(page, 'game-card-PG'),
    ready: 'game-credentials',
  },
  {
    id: 'invite-banners',
    title: 'Invite: the banners before the invite window',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    open: ({ page }) => click(page, 'widget-invite'),
    ready: 'banners-modal',
  },
  {
    id: 'invite',
    title: 'Invite bonus',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'banners-continue'),
    ready: 'invite-modal',
  },
  {
    id: 'refund-banners',
    title: 'Refund: the banners before the refund window',
    kind: 'window',
    who: 'member',
    route: '/user/home',
    open: ({ page }) => click(page, 'widget-refund'),
    ready: 'banners-modal',
  },
  {
    id: 'refund',
    title: 'Refund (cashback): last week’s cashback to receive',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'banners-continue'),
    ready: 'refund-modal',
  },
  {
    id: 'refund-received',
    title: 'Refund (cashback): received, ready to move to the wallet',
    kind: 'window',
    who: 'member',
    open: async ({ page }) => {
      await click(page, 'refund-receive');
      await page.locator('[data-testid="refund-to-wallet"]:enabled').waitFor();
    },
    ready: 'refund-modal',
  },
  {
    id: 'profile',
    title: 'Profile',
    kind: 'page',
    who: 'member',
    route: '/user/profile',
    ready: 'profile-page',
  },
  {
    id: 'change-password',
    title: 'Change password',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'profile-change-password'),
    ready: 'change-password-modal',
  },
];

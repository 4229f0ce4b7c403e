import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiData } from '@wallet/api-types';
import { activeBonus, depositFromBank, gameSession, moneyApi, pageToken, playRound } from '../lib/bonus';
import { api } from '../lib/members';
import { spinCoupons, spinSetup } from '../lib/spin';
import { repoRoot, type Site } from '../lib/site';

export type Language = 'th' | 'la' | 'en';
export const LANGUAGES: readonly Language[] = ['th', 'la', 'en'];

export interface Viewport {
  width: number;
  height: number;
}
/** The phone most members use, and the narrowest one the site supports. */
export const PHONE: Viewport = { width: 390, height: 844 };
export const NARROW: Viewport = { width: 320, height: 640 };
export const VIEWPORTS: readonly Viewport[] = [PHONE, NARROW];

/** What the checks of a window look at unless the state names its own `scope`. */
export const WINDOW_SCOPE = '[role="dialog"], [role="alertdialog"]';

/** What a state's steps may use: the page (already on `route` when the state has one), the site, the language. */
export interface StepContext {
  page: Page;
  site: Site;
  language: Language;
  /** A phone number of this walk and language nobody has registered, for the registration wizard. */
  freshPhone: string;
}

export interface TourState {
  /** Stable and file-name safe: the screenshots are `<id>--<language>--<width>.png`. */
  id: string;
  /** What the contact sheet calls it. */
  title: string;
  /** A page, or a window (modal, sheet, alert, panel) over one. */
  kind: 'page' | 'window';
  /** Seen by a visitor (logged out) or by a signed-in member with money in the wallet and in one game. */
  who: 'visitor' | 'member';
  /** Loaded first. Without it the state goes on from the page the previous state of the same `who` left. */
  route?: string;
  /** The steps a person takes to get there from `route` (or from the previous state). */
  open?: (ctx: StepContext) => Promise<void>;
  /** The data-testid that is visible once the state is reached. */
  ready: string;
  /** Run after the state was looked at, before the next one (e.g. accept the agreement so it stops appearing). */
  leave?: (ctx: StepContext) => Promise<void>;
  /**
   * The part of the page the axe-core and overflow checks look at: the whole page for a page; for a window the
   * open dialogs (`[role="dialog"], [role="alertdialog"]`) unless it says otherwise (the page under a window has its
   * own state).
   */
  scope?: string;
  /** Operator settings the state needs while it is shown (set before `route` loads, set back after). */
  settings?: Record<string, boolean>;
}

type SpinAnswer = ApiData<'/api/spinwheel/spin', 'post'>;

/** A small picture to choose as a slip (a real PNG: 8×8 px, one colour). */
const SLIP_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQqziBFTEMLQkABkZXgRDDjAEAAAAASUVORK5CYII=';

const click = (page: Page, testId: string) => page.getByTestId(testId).click();

/** The one-time code the sandbox SMS outbox holds for `phone`. */
async function smsCode(site: Site, phone: string): Promise<string> {
  const outbox = (await (await fetch(`${site.url}/sandbox/sms`)).json()) as { to: string; text: string }[];
  const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === phone)?.text ?? '')?.[1];
  if (!code) throw new Error(`no one-time code for ${phone} in the sandbox outbox`);
  return code;
}

/** The deposit the bonus states make first (minor units): 1,000.00 baht, so DAILY10 gives 100.00. */
const BONUS_DEPOSIT = 100_000;

/** A text of mfe-bonus's catalogue in that language (e.g. a button to press by its name). */
function bonusText(language: Language, key: string): string {
  const catalogue = JSON.parse(
    readFileSync(join(repoRoot, 'mfe-bonus', 'src', 'locales', language, 'bonus.json'), 'utf8'),
  ) as Record<string, unknown>;
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`mfe-bonus ${language}/bonus.json has no ${key}`);
  return value;
}

/**
 * The member's DAILY10 open with part of its turnover played: a fresh deposit of 1,000.00 baht, the bonus received
 * (100.00; 3 × 1,100.00 to play), 1,000.00 moved into PG and rounds of 100.00 played on its sandbox play page until
 * 40 % is done (or the game balance runs out).
 */
async function bonusPartWay(site: Site, token: string): Promise<void> {
  if (!(await activeBonus(site, token)).status) {
    await depositFromBank(site, token, BONUS_DEPOSIT);
    await moneyApi(site, '/api/bonus/activate/DAILY10', { token });
  }
  const session = await gameSession(site, token, 'PG');
  await moneyApi(site, '/api/wallet/transfer', {
    token,
    body: { from: 'wallet', to: 'PG', amount: BONUS_DEPOSIT },
  });
  for (let round = 0; round < 100; round++) {
    const { bonus } = await activeBonus(site, token);
    if (!bonus || bonus.turnover.percent >= 40) return;
    if ((await playRound(site, 'PG', session, 100)) === 'bet') return;
  }
}

/** The prize wheel's switch, on while its states are shown (off by default). */
const WHEEL_ON = { 'spin.active': true };

/** Coins to spin with: a deposit of 300.00 baht (3 coins) when the member has none left. */
async function withCoins(site: Site, token: string): Promise<void> {
  if ((await spinSetup(site, token)).userCoin === 0) await depositFromBank(site, token, 30_000);
}

/**
 * A claimable coupon for the claim window: spins (through the API, as the wheel's button does) until one wins,
 * when the member has none yet. Answers whether it spun.
 */
async function couponWon(site: Site, token: string): Promise<boolean> {
  if ((await spinCoupons(site, token)).length > 0) return false;
  for (let spin = 0; spin < 20; spin++) {
    await withCoins(site, token);
    const answer = await moneyApi<SpinAnswer>(site, '/api/spinwheel/spin', { token, body: {} });
    if (answer.result.couponId) return true;
  }
  throw new Error('no coupon won in 20 spins');
}

/**
 * Every page and window of the site, in the order a walk visits them (host/src/routes.tsx for the routes, the
 * remotes for their windows). One walk of this list gives the screenshots, the axe-core check and the overflow
 * check. Member states come first per language: the agreement is the first thing a new member sees.
 */
export const TOUR_STATES: readonly TourState[] = [
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
  { id: 'home', title: 'Home', kind: 'page', who: 'member', route: '/user/home', ready: 'home-balance' },
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
    title: 'Refund (cashback)',
    kind: 'window',
    who: 'member',
    open: ({ page }) => click(page, 'banners-continue'),
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
    leave: async ({ page }) => {
      await page.keyboard.press('Escape');
      await page.getByTestId('spin-claim-modal').waitFor({ state: 'detached' });
    },
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

  // The visitor (logged out).
  { id: 'login', title: 'Sign in', kind: 'page', who: 'visitor', route: '/login', ready: 'login-page' },
  {
    id: 'login-empty',
    title: 'Sign in: the fields left empty',
    kind: 'page',
    who: 'visitor',
    open: ({ page }) => click(page, 'login-submit'),
    ready: 'login-page',
  },
  {
    id: 'login-refused',
    title: 'Sign in: a wrong password (toast)',
    kind: 'window',
    who: 'visitor',
    open: async ({ page }) => {
      await page.getByTestId('login-username').fill('0800000000');
      await page.getByTestId('login-password').fill('not-the-password');
      await click(page, 'login-submit');
      await page.locator('.wl-toast').first().waitFor();
    },
    ready: 'login-page',
    scope: '.wl-toasts',
  },
  {
    id: 'register-1',
    title: 'Register, step 1: phone',
    kind: 'page',
    who: 'visitor',
    route: '/register',
    ready: 'register-phone',
  },
  {
    id: 'register-2',
    title: 'Register, step 2: one-time code',
    kind: 'page',
    who: 'visitor',
    open: async ({ page, freshPhone }) => {
      await page.getByTestId('register-phone').fill(freshPhone);
      await click(page, 'register-next');
    },
    ready: 'register-otp',
  },
  {
    id: 'register-3',
    title: 'Register, step 3: name and password',
    kind: 'page',
    who: 'visitor',
    open: async ({ page, site, freshPhone }) => {
      await page.getByTestId('register-otp').fill(await smsCode(site, freshPhone));
      await click(page, 'register-next');
    },
    ready: 'register-name',
  },
  {
    id: 'register-4',
    title: 'Register, step 4: bank account',
    kind: 'page',
    who: 'visitor',
    open: async ({ page }) => {
      await page.getByTestId('register-name').fill('Malee Srisuk');
      await page.getByTestId('register-password').fill('pass-word-1');
      await page.getByTestId('register-confirm').fill('pass-word-1');
      await click(page, 'register-next');
    },
    ready: 'register-bank',
  },
  {
    id: 'register-4-invalid',
    title: 'Register, step 4: an account number that is not one',
    kind: 'page',
    who: 'visitor',
    open: async ({ page }) => {
      await page.getByTestId('register-bank').selectOption({ index: 1 });
      await page.getByTestId('register-first-name').fill('malee');
      await page.getByTestId('register-last-name').fill('srisuk');
      await page.getByTestId('register-account-no').fill('12ab');
      await click(page, 'register-submit');
      await page.waitForTimeout(500);
    },
    ready: 'register-page',
  },
  { id: 'howto', title: 'How-to videos', kind: 'page', who: 'visitor', route: '/howto', ready: 'howto-page' },
  { id: 'contact', title: 'Contact', kind: 'page', who: 'visitor', route: '/contact', ready: 'contact-page' },
  {
    id: 'terminated',
    title: 'Service ended',
    kind: 'page',
    who: 'visitor',
    route: '/terminated',
    ready: 'terminated',
  },
  {
    id: 'not-found',
    title: 'Unknown page',
    kind: 'page',
    who: 'visitor',
    route: '/no-such-page',
    ready: 'not-found',
  },
];

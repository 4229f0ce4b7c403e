import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiData } from '@wallet/api-types';
import { activeBonus, depositFromBank, gameSession, moneyApi, pageToken, playRound } from '../lib/bonus';
import { api, type Member } from '../lib/members';
import { spinCoupons, spinSetup } from '../lib/spin';
import { setSlipSettings } from '../lib/operator';
import { repoRoot, type Site } from '../lib/site';
import {
  CHAT_TEXT,
  customerSays,
  EVERY_TYPE_COUNT,
  everyMessageType,
  guestConversation,
  holdTimers,
  newGuest,
  restoreTimers,
  widgetGuest,
} from './chat';
import { confirmEnrolment, startEnrolment } from './console';

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
  /** The signed-in member of this language (the one the operator states look up and give queue rows to). */
  member: Member;
}

export interface TourState {
  /** Stable and file-name safe: the screenshots are `<id>--<language>--<width>.png`. */
  id: string;
  /** What the contact sheet calls it. */
  title: string;
  /** A page, or a window (modal, sheet, alert, panel) over one. */
  kind: 'page' | 'window';
  /**
   * Seen by a visitor (logged out), by a signed-in member with money in the wallet and in one game, or by an admin
   * operator signed in to the operators' console (/ops/).
   */
  who: 'visitor' | 'member' | 'operator';
  /** Loaded first. Without it the state goes on from the page the previous state of the same `who` left. */
  route?: string;
  /** The steps a person takes to get there from `route` (or from the previous state). */
  open?: (ctx: StepContext) => Promise<void>;
  /** The data-testid that is visible once the state is reached (or `readySelector`). */
  ready?: string;
  /** A CSS selector visible once the state is reached, for a screen that has no data-testid to wait for. */
  readySelector?: string;
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

/** A queue screen of the console (mfe-wallet's slips, withdrawals, refused deliveries) once its list has loaded. */
const QUEUE_READY = '.wops-screen :is(.wops-empty, .wl-ops-table)';

/** Leaves the window with this data-testid with Escape (= cancel), once it is gone. */
const escapeFrom =
  (testId: string) =>
  async ({ page }: StepContext): Promise<void> => {
    await page.keyboard.press('Escape');
    await page.getByTestId(testId).waitFor({ state: 'detached' });
  };

/** The open confirmation of the page (`confirm()` of @wallet/shared), closed with Escape (= cancel) on leaving. */
const CONFIRM = '[role="alertdialog"]';
const cancelConfirm = async ({ page }: StepContext): Promise<void> => {
  await page.keyboard.press('Escape');
  await page.locator(CONFIRM).waitFor({ state: 'detached' });
};

/** The member's bearer token, from a sign-in through the API (as another device would). */
async function memberToken(site: Site, member: Member): Promise<string> {
  const { token } = await api<{ token: string }>(site, '/api/login', {
    body: { username: member.phone, password: member.password },
  });
  return token;
}

/** A withdrawal of 300.00 baht by the member that the sandbox bank refuses: the money goes back to the wallet. */
async function failedWithdrawal(site: Site, member: Member): Promise<void> {
  const token = await memberToken(site, member);
  const { withdrawalId } = await moneyApi<{ withdrawalId: string | null }>(site, '/api/wallet/withdraw', {
    token,
    body: { amount: 30_000 },
  });
  if (!withdrawalId) throw new Error('the withdrawal was not recorded');
  const res = await fetch(`${site.url}/sandbox/payouts/${withdrawalId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'failed' }),
  });
  if (!res.ok) throw new Error(`settle the payout as failed: HTTP ${res.status}`);
}

/**
 * A slip of 300.00 baht sent by the member: the sandbox verifier reads the amount from the name and credits it, or,
 * `waiting`, gives no answer (a `NO_ANSWER` name, the member typing the amount): the slip waits for an operator.
 */
async function slipSent(site: Site, member: Member, language: Language, waiting = false): Promise<void> {
  const token = await memberToken(site, member);
  // Bytes after the picture's end make each language's file another slip (the reference is the file's hash).
  const file = Buffer.concat([
    Buffer.from(SLIP_PNG, 'base64'),
    Buffer.from(`tour ${waiting ? 'waiting ' : ''}${language}`),
  ]);
  const form = new FormData();
  if (waiting) form.append('amount', '30000'); // minor units: 300.00
  form.append(
    'file',
    new Blob([file], { type: 'image/png' }),
    waiting ? 'slip-NO_ANSWER.png' : 'slip-300.png',
  );
  const res = await fetch(`${site.url}/api/wallet/slip`, {
    method: 'POST',
    headers: {
      'x-requested-by': 'wallet-user',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    body: form,
  });
  if (!res.ok) throw new Error(`upload a slip: HTTP ${res.status}`);
}

/** Accounts no member registered, one per language: their transfers credit nobody and wait for an operator. */
const UNKNOWN_ACCOUNT: Record<Language, string> = { th: '5550000001', la: '5550000002', en: '5550000003' };

/** A bank transfer of 1,234.00 baht from an account no member has: the sandbox bank reports it, nobody is credited. */
async function unmatchedTransfer(site: Site, language: Language): Promise<void> {
  const res = await fetch(`${site.url}/sandbox/bank/incoming`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fromAccountNo: UNKNOWN_ACCOUNT[language],
      fromBankCode: 'KBANK',
      amount: 123_400,
    }),
  });
  if (!res.ok) throw new Error(`sandbox bank incoming: HTTP ${res.status}`);
}

/** Reloads the page until `selector` shows (what the server was just given may take a moment to be listed). */
async function reloadUntil(page: Page, selector: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await page.reload();
    try {
      await page.locator(selector).first().waitFor({ timeout: 2000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** The support chat's widget, on while its states are shown (off by default). */
const CHAT_ON = { enableChatWidget: true };
/** What the checks of the chat widget's states look at: the widget (its button and its panel), not the page. */
const CHAT_SCOPE = '[data-testid="chat-widget"]';
/** The widget's panel once its conversation has loaded (the composer is there). */
const CHAT_READY = '[data-testid="chat-panel"] .chat-composer';

/**
 * The contact page's "chat with support" once the widget is there to hear it (the remote loads after the page: a
 * press before that would open nothing).
 */
async function openChat(page: Page): Promise<void> {
  await page.getByTestId('chat-toggle').waitFor();
  await click(page, 'contact-open-chat');
}

/** Waits until the widget shows `count` stored messages (they come by the socket; a reload fetches them). */
async function chatMessagesShown(page: Page, count: number): Promise<void> {
  const shown = (timeout: number) =>
    page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="chat-message"]').length >= count,
      count,
      { timeout },
    );
  try {
    await shown(5000);
  } catch {
    await page.reload();
    await openChat(page);
    await shown(10_000);
  }
}

/** A toast of the page dismissed (it would cover the widget), as the customer would. */
async function dismissToasts(page: Page): Promise<void> {
  const toast = page.locator('.wl-toast');
  await toast.first().waitFor();
  while ((await toast.count()) > 0) {
    await toast.locator('.wl-toast__dismiss').first().click();
    await page.waitForTimeout(300);
  }
}

/** The composer of the console's open conversation switched to another message type (its builder). */
async function composerKind(page: Page, kind: string): Promise<void> {
  await page.locator('.ainbox-composer__kind select').selectOption(kind);
}

/**
 * Every page and window of the site, in the order a walk visits them (host/src/routes.tsx for the routes, the
 * remotes for their windows). One walk of this list gives the screenshots, the axe-core check and the overflow
 * check. Member states come first per language (the agreement is the first thing a new member sees), then the
 * visitor's, then the operators' console (ops-console/src/menu.ts for its screens, the remotes for theirs).
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
    id: 'chat-contact',
    title: 'Contact with the support chat on: the chat button, the widget closed',
    kind: 'page',
    who: 'visitor',
    route: '/contact',
    settings: CHAT_ON,
    ready: 'contact-open-chat',
  },
  {
    id: 'chat-empty',
    title: 'Support chat: open, nothing written yet (a guest)',
    kind: 'window',
    who: 'visitor',
    settings: CHAT_ON,
    open: ({ page }) => openChat(page),
    readySelector: '[data-testid="chat-panel"] .chat-empty',
    scope: CHAT_SCOPE,
  },
  {
    id: 'chat-conversation',
    title:
      'Support chat: every message type (the agent’s text, buttons, quick replies, picture, card; the customer’s text and picture with their delivery status)',
    kind: 'window',
    who: 'visitor',
    settings: CHAT_ON,
    open: async ({ page, site, language }) => {
      await page.locator('[data-testid="chat-panel"] .chat-empty').waitFor();
      const guest = await widgetGuest(page);
      await everyMessageType(site, await guestConversation(site, guest.guestId), guest, language);
      await chatMessagesShown(page, EVERY_TYPE_COUNT);
    },
    readySelector: '[data-testid="chat-panel"] .chat-card',
    scope: CHAT_SCOPE,
  },
  {
    id: 'chat-failed',
    title: 'Support chat: a message that could not be sent (resend or remove)',
    kind: 'window',
    who: 'visitor',
    settings: CHAT_ON,
    open: async ({ page, language }) => {
      // The connection drops while it is sent: the message stays, marked "not sent".
      await page.route('**/api/chat/send-message', (route) => route.abort());
      const input = page.locator('.chat-composer__input');
      await input.fill(CHAT_TEXT[language].failed);
      await input.press('Enter');
      await page.locator('[data-testid="chat-outgoing"][data-status="failed"]').waitFor();
      await page.unroute('**/api/chat/send-message');
      await dismissToasts(page);
    },
    readySelector: '[data-testid="chat-outgoing"][data-status="failed"]',
    scope: CHAT_SCOPE,
    leave: async ({ page }) => {
      await page.locator('[data-testid="chat-outgoing"] .chat-failed-actions button').last().click();
      await page.getByTestId('chat-outgoing').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'chat-unsupported',
    title: 'Support chat: a file that is not supported (the alert)',
    kind: 'window',
    who: 'visitor',
    settings: CHAT_ON,
    // The alert goes after 4 s: held while the tour looks at it.
    open: async ({ page }) => {
      await holdTimers(page, 4000);
      await page.getByTestId('chat-file-input').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
    },
    ready: 'chat-alert',
    scope: CHAT_SCOPE,
    leave: ({ page }) => restoreTimers(page),
  },
  {
    id: 'terminated',
    title: 'Service ended',
    kind: 'page',
    who: 'visitor',
    route: '/terminated',
    ready: 'terminated',
  },
  {
    id: 'terminated-via-login',
    title: 'Service ended, reached through the check before /login',
    kind: 'page',
    who: 'visitor',
    settings: { 'service.active': false },
    route: '/login',
    open: ({ page }) => page.waitForURL('**/terminated'),
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

  // The operators' console (/ops/) before the sign-in: a visitor's page, in the tour's language.
  {
    id: 'ops-sign-in',
    title: 'Console: sign-in',
    kind: 'page',
    who: 'visitor',
    route: '/ops/',
    readySelector: '#ops-username',
  },
  {
    id: 'ops-sign-in-refused',
    title: 'Console: sign-in with a wrong password',
    kind: 'page',
    who: 'visitor',
    open: async ({ page }) => {
      await page.locator('#ops-username').fill('nobody');
      await page.locator('#ops-password').fill('not-the-password');
      await page.locator('.ops-card button[type="submit"]').click();
    },
    readySelector: '.ops-card .wl-ops-error',
  },
  {
    id: 'ops-enrol',
    title: 'Console: two-step verification set up at the first sign-in (QR code, key, first code)',
    kind: 'page',
    who: 'visitor',
    route: '/ops/',
    // A new operator of this language (created with the CLI, as an admin does), at their first sign-in.
    open: ({ page, site, language }) => startEnrolment(page, site, `tour-enrol-${language}`, 'support'),
    readySelector: 'img.ops-qr',
  },
  {
    id: 'ops-enrol-recovery',
    title: 'Console: the ten recovery codes, shown once after the enrolment',
    kind: 'page',
    who: 'visitor',
    open: ({ page }) => confirmEnrolment(page),
    readySelector: 'ol.ops-recovery',
  },
  // The operators' console (/ops/), signed in as an admin (walk.ts), in the tour's language.
  {
    id: 'ops-members',
    title: 'Console: Members, before a search',
    kind: 'page',
    who: 'operator',
    route: '/ops/members',
    ready: 'wmem-search-input',
  },
  {
    id: 'ops-members-found',
    title: 'Console: Members, a search by phone that finds the member',
    kind: 'page',
    who: 'operator',
    open: async ({ page, member }) => {
      await page.getByTestId('wmem-search-input').fill(member.phone);
      await page.locator('form[role="search"] button[type="submit"]').click();
    },
    ready: 'wmem-results',
  },
  {
    id: 'ops-member',
    title: 'Console: a member opened (profile, balances, last movements, adjustment)',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => page.getByTestId('wmem-results').getByRole('link').first().click(),
    ready: 'wmem-profile',
  },
  {
    id: 'ops-member-adjust',
    title: 'Console: a manual credit asks first',
    kind: 'window',
    who: 'operator',
    open: async ({ page }) => {
      await page.getByTestId('wmem-adjust-amount').fill('50');
      await page.getByTestId('wmem-adjust-reason').fill('Goodwill credit for a late deposit');
      await page.getByTestId('wmem-adjust').locator('button[type="submit"]').click();
    },
    readySelector: CONFIRM,
    leave: cancelConfirm,
  },
  {
    id: 'ops-slips',
    title: 'Console: slips in review (the verifier answered every slip: none waits)',
    kind: 'page',
    who: 'operator',
    route: '/ops/slips',
    readySelector: QUEUE_READY,
  },
  {
    id: 'ops-slips-waiting',
    title: "Console: slips in review, one waiting (the verifier gave no answer), with the member's account",
    kind: 'page',
    who: 'operator',
    open: async ({ page, site, member, language }) => {
      await slipSent(site, member, language, true);
      await reloadUntil(page, 'tr[data-testid^="slip-"]');
    },
    readySelector: '.wops-screen .wl-ops-table',
  },
  {
    id: 'ops-slip-approve',
    title: 'Console: approve a waiting slip (the amount and the reference read from the image)',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('tr[data-testid^="slip-"] .wops-actions button').first().click(),
    ready: 'slip-approve',
    leave: escapeFrom('slip-approve'),
  },
  {
    id: 'ops-slip-reject',
    title: 'Console: reject a waiting slip with a reason the member will read',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('tr[data-testid^="slip-"] .wops-actions button').nth(1).click(),
    ready: 'slip-reject',
    leave: escapeFrom('slip-reject'),
  },
  {
    id: 'ops-slips-verified',
    title: 'Console: slips, the verified ones (a slip the member sent)',
    kind: 'page',
    who: 'operator',
    open: async ({ page, site, member, language }) => {
      await slipSent(site, member, language);
      await page.locator('.wops-filters select').selectOption('SUCCESS');
    },
    readySelector: '.wops-screen .wl-ops-table',
  },
  {
    id: 'ops-withdrawals',
    title: 'Console: withdrawals waiting for the bank',
    kind: 'page',
    who: 'operator',
    route: '/ops/withdrawals',
    readySelector: QUEUE_READY,
  },
  {
    id: 'ops-withdrawals-failed',
    title: 'Console: withdrawals, one the bank refused (pay out again)',
    kind: 'page',
    who: 'operator',
    open: async ({ page, site, member }) => {
      await failedWithdrawal(site, member);
      await page.locator('#wops-tab-FAILED').click();
    },
    readySelector: 'tr[data-testid^="withdrawal-"]',
  },
  {
    id: 'ops-withdrawal-retry',
    title: 'Console: pay out again asks first',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('tr[data-testid^="withdrawal-"] .wops-actions button').first().click(),
    readySelector: CONFIRM,
    leave: cancelConfirm,
  },
  {
    id: 'ops-incoming',
    title: 'Console: refused deliveries (a transfer from an account no member has)',
    kind: 'page',
    who: 'operator',
    route: '/ops/incoming',
    open: async ({ page, site, language }) => {
      await unmatchedTransfer(site, language);
      await reloadUntil(page, 'tr[data-testid^="incoming-"]');
    },
    readySelector: QUEUE_READY,
  },
  {
    id: 'ops-incoming-assign',
    title: 'Console: give a refused delivery to a member',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('tr[data-testid^="incoming-"] .wops-actions button').first().click(),
    ready: 'incoming-assign',
    leave: escapeFrom('incoming-assign'),
  },
  {
    id: 'ops-inbox',
    title: 'Console: support inbox, conversations with unread messages (a member’s, a guest’s)',
    kind: 'page',
    who: 'operator',
    route: '/ops/inbox',
    // A member writes, then a guest whose conversation holds every message type (the newest, on top).
    open: async ({ page, site, member, language }) => {
      await customerSays(site, { token: await memberToken(site, member) }, CHAT_TEXT[language].hello);
      const guest = await newGuest(site);
      // The agent's side in the tour admin's own session (this walk's own sender, not the CLI's).
      await everyMessageType(site, await guestConversation(site, guest.guestId), guest, language, page);
      await reloadUntil(page, '[data-testid="ainbox-unread"]');
    },
    readySelector: '[data-testid="ainbox-unread"]',
  },
  {
    id: 'ops-inbox-conversation',
    title: 'Console: support inbox, a conversation open (every message type) with the composer',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => page.locator('.ainbox-item').first().click(),
    readySelector: '.ainbox-view [data-testid="ainbox-message"]',
  },
  {
    id: 'ops-inbox-buttons',
    title: 'Console: support inbox, the composer building a message with buttons',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => composerKind(page, 'buttons'),
    readySelector: '.ainbox-composer .ainbox-rows',
  },
  {
    id: 'ops-inbox-card',
    title: 'Console: support inbox, the composer building a card',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => composerKind(page, 'generic'),
    readySelector: '.ainbox-composer input[type="url"]',
  },
  {
    id: 'ops-bonuses',
    title: 'Console: bonuses and promotions',
    kind: 'page',
    who: 'operator',
    route: '/ops/bonuses',
    ready: 'bops-promotion-table',
  },
  {
    id: 'ops-bonus-editor',
    title: 'Console: a bonus definition in its editor (DAILY10)',
    kind: 'page',
    who: 'operator',
    route: '/ops/bonuses/bonus/DAILY10',
    readySelector: '.wl-opsf-editor form',
  },
  {
    id: 'ops-promotion-editor',
    title: 'Console: a promotion in its editor (HAPPY2027)',
    kind: 'page',
    who: 'operator',
    route: '/ops/bonuses/promotion/HAPPY2027',
    readySelector: '.wl-opsf-editor form',
  },
  {
    id: 'ops-wheels',
    title: 'Console: lucky wheels',
    kind: 'page',
    who: 'operator',
    route: '/ops/wheels',
    readySelector: 'article.sops-wheel',
  },
  {
    id: 'ops-wheel-editor',
    title: 'Console: a wheel in its editor (its slices)',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => page.locator('article.sops-wheel header a').first().click(),
    readySelector: '.wl-opsf-editor form',
  },
  {
    id: 'ops-books',
    title: 'Console: books check and reconciliation',
    kind: 'page',
    who: 'operator',
    route: '/ops/books',
    readySelector: '.ops-facts',
  },
  {
    id: 'ops-books-reconciled',
    title: 'Console: books, after a reconciliation run',
    kind: 'window',
    who: 'operator',
    open: async ({ page }) => {
      await page.getByRole('button', { name: /^(Reconcile|กระทบยอด|ກະທົບຍອດ)$/ }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^(Reconcile|กระทบยอด|ກະທົບຍອດ)$/ })
        .click();
    },
    readySelector: '.ops-notice[role="status"]',
  },
  {
    id: 'ops-settings',
    title: 'Console: settings',
    kind: 'page',
    who: 'operator',
    route: '/ops/settings',
    readySelector: '.ops-toggles',
  },
  {
    id: 'ops-settings-confirm',
    title: 'Console: turning the whole service off asks first',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('label[for="ops-setting-service-active"]').click(),
    readySelector: CONFIRM,
    leave: cancelConfirm,
  },
  {
    id: 'ops-content',
    title:
      'Console: content, opening on the registration sources of one language (code and words, added, removed)',
    kind: 'page',
    who: 'operator',
    route: '/ops/content',
    readySelector: '.ops-texts .wl-opsf-group',
  },
  {
    id: 'ops-content-refused',
    title:
      'Console: a content value edited as JSON (how-to videos) that the server refuses (the field named, nothing saved)',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('howto');
      const editor = page.locator('.ops-json');
      await editor.waitFor();
      await editor.fill('[\n  { "id": "deposit", "title": 42, "src": "/media/deposit.mp4" }\n]');
      await page.locator('.ops-content .ops-actions button').first().click();
    },
    readySelector: '.ops-refusal',
    // The refused draft is thrown away, so the next state opens another key without being asked.
    leave: async ({ page }) => {
      await page.locator('.ops-content .ops-actions button').nth(1).click();
      await page.locator('.ops-refusal').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'ops-content-contact',
    title: 'Console: the support contact of one language as a form (text, LINE name, link and QR picture)',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('contact');
    },
    readySelector: '.ops-texts',
  },
  {
    id: 'ops-content-notice-refused',
    title: 'Console: a bonus notice without its {percentFail} placeholder, refused before sending',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('notice');
      const text = page.locator('.ops-texts textarea');
      await text.waitFor();
      await text.fill('Only half of the bonus can be withdrawn.');
      await page.locator('.ops-texts button[type="submit"]').click();
    },
    readySelector: '.ops-texts .wl-field--invalid',
    // Discarded, so the next state opens another key without being asked.
    leave: async ({ page }) => {
      await page.locator('.ops-texts .ops-actions button').nth(1).click();
      await page.locator('.ops-texts .wl-field--invalid').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'ops-content-agreement',
    title: 'Console: the member agreement of one language as paragraphs, an empty one refused before sending',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('agreements');
      await page.locator('.ops-paragraph textarea').first().waitFor();
      await page.locator('.ops-texts > .wl-btn').click();
      await page.locator('.ops-texts button[type="submit"]').click();
    },
    readySelector: '.ops-paragraph .wl-field--invalid',
    // Discarded, so the next state opens another key without being asked.
    leave: async ({ page }) => {
      await page.locator('.ops-texts .ops-actions button').nth(1).click();
      await page.locator('.ops-paragraph .wl-field--invalid').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'ops-content-deposit',
    title: 'Console: deposit accounts as a form (bank, number, holder, type, mode; gift-link wallets)',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('deposit');
    },
    readySelector: '.ops-deposit fieldset',
  },
  {
    id: 'ops-content-deposit-refused',
    title:
      'Console: a deposit account number a digit short and a new account left empty, refused before sending',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      const number = page.locator('.ops-deposit input[name="banks.0.bankAccountNo"]');
      await number.fill('012345678');
      // "Add a bank account": the secondary button right after the last account.
      await page.locator('.ops-deposit > button').first().click();
      await page.locator('.ops-deposit button[type="submit"]').click();
    },
    readySelector: '.ops-deposit .wl-field--invalid',
    // Discarded, so the next state opens another key without being asked.
    leave: async ({ page }) => {
      await page.locator('.ops-deposit .ops-actions button').nth(1).click();
      await page.locator('.ops-deposit .wl-field--invalid').first().waitFor({ state: 'detached' });
    },
  },
  {
    id: 'ops-content-slip',
    title: 'Console: slip upload settings as a form (on or off, size, types, daily closed hours)',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('slip');
    },
    readySelector: '.ops-slip',
  },
  {
    id: 'ops-content-limits',
    title: 'Console: withdrawal limits as amounts, the largest below the smallest refused before sending',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('withdraw');
      const max = page.locator('.ops-limits input').nth(1);
      await max.fill('1');
      await page.locator('.ops-limits button[type="submit"]').click();
    },
    readySelector: '.ops-limits .wl-field--invalid',
  },
  {
    id: 'ops-releases',
    title: 'Console: releases (each remote’s live version)',
    kind: 'page',
    who: 'operator',
    route: '/ops/releases',
    readySelector: '.ops-release',
  },
  {
    id: 'ops-operators',
    title: 'Console: operators',
    kind: 'page',
    who: 'operator',
    route: '/ops/operators',
    readySelector: '.wl-ops-table',
  },
  {
    id: 'ops-operator-created',
    title: 'Console: a new operator created (the initial password shown once)',
    kind: 'page',
    who: 'operator',
    open: async ({ page, language }) => {
      await page.locator('#ops-new-username').fill(`tour-new-${language}`);
      await page.locator('#ops-new-password').fill('tour-initial-password-1');
      await page.locator('.ops-create form button[type="submit"]').click();
    },
    readySelector: '.ops-created',
  },
  {
    id: 'ops-operator-disable',
    title: 'Console: disabling an operator asks first',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('.ops-row-actions button').first().click(),
    readySelector: CONFIRM,
    leave: cancelConfirm,
  },
  {
    id: 'ops-audit',
    title: 'Console: audit log',
    kind: 'page',
    who: 'operator',
    route: '/ops/audit',
    readySelector: '.wl-ops-table',
  },
  {
    id: 'ops-account',
    title: 'Console: my account (password change)',
    kind: 'page',
    who: 'operator',
    route: '/ops/account',
    readySelector: '#ops-current-password',
  },
];

// The steps the tour's states share: the member's money (bonus, wheel, withdrawals, slips, transfers), one-time
// codes and the console's windows.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiData } from '@wallet/api-types';
import { activeBonus, depositFromBank, gameSession, moneyApi, playRound } from '../../lib/bonus';
import { api, type Member } from '../../lib/members';
import { spinCoupons, spinSetup } from '../../lib/spin';
import { repoRoot, type Site } from '../../lib/site';
import { type Language, type StepContext } from './types';

type SpinAnswer = ApiData<'/api/spinwheel/spin', 'post'>;

/** A small picture to choose as a slip (a real PNG: 8×8 px, one colour). */
export const SLIP_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQqziBFTEMLQkABkZXgRDDjAEAAAAASUVORK5CYII=';

export const click = (page: Page, testId: string) => page.getByTestId(testId).click();

/** The one-time code the sandbox SMS outbox holds for `phone`. */
export async function smsCode(site: Site, phone: string): Promise<string> {
  const outbox = (await (await fetch(`${site.url}/sandbox/sms`)).json()) as { to: string; text: string }[];
  const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === phone)?.text ?? '')?.[1];
  if (!code) throw new Error(`no one-time code for ${phone} in the sandbox outbox`);
  return code;
}

/** The deposit the bonus states make first (minor units): 1,000.00 baht, so DAILY10 gives 100.00. */
export const BONUS_DEPOSIT = 100_000;

/** A text of mfe-bonus's catalogue in that language (e.g. a button to press by its name). */
export function bonusText(language: Language, key: string): string {
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
export async function bonusPartWay(site: Site, token: string): Promise<void> {
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
export const WHEEL_ON = { 'spin.active': true };

/** Coins to spin with: a deposit of 300.00 baht (3 coins) when the member has none left. */
export async function withCoins(site: Site, token: string): Promise<void> {
  if ((await spinSetup(site, token)).userCoin === 0) await depositFromBank(site, token, 30_000);
}

/**
 * A claimable coupon for the claim window: spins (through the API, as the wheel's button does) until one wins,
 * when the member has none yet. Answers whether it spun.
 */
export async function couponWon(site: Site, token: string): Promise<boolean> {
  if ((await spinCoupons(site, token)).length > 0) return false;
  for (let spin = 0; spin < 20; spin++) {
    await withCoins(site, token);
    const answer = await moneyApi<SpinAnswer>(site, '/api/spinwheel/spin', { token, body: {} });
    if (answer.result.couponId) return true;
  }
  throw new Error('no coupon won in 20 spins');
}

/** A queue screen of the console (mfe-wallet's slips, withdrawals, refused deliveries) once its list has loaded. */
export const QUEUE_READY = '.wops-screen :is(.wops-empty, .wl-ops-table)';

/** Leaves the window with this data-testid with Escape (= cancel), once it is gone. */
export const escapeFrom =
  (testId: string) =>
  async ({ page }: StepContext): Promise<void> => {
    await page.keyboard.press('Escape');
    await page.getByTestId(testId).waitFor({ state: 'detached' });
  };

/** The open confirmation of the page (`confirm()` of @wallet/shared), closed with Escape (= cancel) on leaving. */
export const CONFIRM = '[role="alertdialog"]';
export const cancelConfirm = async ({ page }: StepContext): Promise<void> => {
  await page.keyboard.press('Escape');
  await page.locator(CONFIRM).waitFor({ state: 'detached' });
};

/** The member's bearer token, from a sign-in through the API (as another device would). */
export async function memberToken(site: Site, member: Member): Promise<string> {
  const { token } = await api<{ token: string }>(site, '/api/login', {
    body: { username: member.phone, password: member.password },
  });
  return token;
}

/** A withdrawal of 300.00 baht by the member that the sandbox bank refuses: the money goes back to the wallet. */
export async function failedWithdrawal(site: Site, member: Member): Promise<void> {
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
export async function slipSent(
  site: Site,
  member: Member,
  language: Language,
  waiting = false,
): Promise<void> {
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
const UNKNOWN_ACCOUNT: Record<Language, string> = {
  th: '5550000001',
  la: '5550000002',
  en: '5550000003',
};

/** A bank transfer of 1,234.00 baht from an account no member has: the sandbox bank reports it, nobody is credited. */
export async function unmatchedTransfer(site: Site, language: Language): Promise<void> {
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
export async function reloadUntil(page: Page, selector: string): Promise<void> {
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

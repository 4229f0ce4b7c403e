import type { Browser, BrowserContext } from 'playwright-core';
import { api, registerMember, type Member } from '../lib/members';
import { bangkokTime, setSlipWindow } from '../lib/operator';
import type { Site } from '../lib/site';
import { confirmEnrolment, leaveRecoveryCodes, startEnrolment } from './console';
import { PHONE, type Language } from './states';

// Who the tour walks as, and the site's settings it needs (e2e/tour/walk.ts).

/** The members of the walk, one per language (own phone numbers, so their sessions do not meet). */
export const MEMBER_PHONE: Record<Language, string> = {
  th: '0871000001',
  la: '0871000002',
  en: '0871000003',
};
/** Phone numbers the registration wizard states use. */
export const WIZARD_PHONE: Record<Language, string> = {
  th: '0872000001',
  la: '0872000002',
  en: '0872000003',
};

/**
 * Moves the daily slip closing window (23:50–00:10 Bangkok) hours away from the walk, as an operator does
 * (PUT /api/ops/content/slip/*), so the slip states look the same at any hour.
 */
export async function openSlipWindow(site: Site): Promise<void> {
  await setSlipWindow(site, bangkokTime(180), bangkokTime(200));
}

/** Monday 00:00 Bangkok (UTC+7) of the week before this one: inside the last completed cashback week. */
function lastWeekMonday(now = new Date()): Date {
  const bangkok = new Date(now.getTime() + 7 * 3_600_000);
  const sinceMonday = (bangkok.getUTCDay() + 6) % 7;
  const monday = Date.UTC(
    bangkok.getUTCFullYear(),
    bangkok.getUTCMonth(),
    bangkok.getUTCDate() - sinceMonday,
  );
  return new Date(monday - 7 * 3_600_000 - 7 * 86_400_000);
}

/**
 * A member as the tour shows them: registered, 5,000.00 baht deposited by bank transfer, the PG game account
 * opened with 200.00 baht in it, 100.00 of it lost last week (so the home, the withdrawal, the game window and the
 * cashback window have something to show).
 */
export async function memberWithMoney(site: Site, language: Language): Promise<Member> {
  const phone = MEMBER_PHONE[language];
  const member = await registerMember(site, phone, { name: 'Malee Srisuk' });
  await api(site, '/sandbox/bank/incoming', {
    body: { fromAccountNo: `9${phone.slice(1)}`, fromBankCode: 'SCB', amount: 500_000 },
  });
  const { token } = await api<{ token: string }>(site, '/api/login', {
    body: { username: member.phone, password: member.password },
  });
  // The bank transfer is credited by the sandbox bank's notice: wait for it before moving money.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const wallet = await api<{ wallet: { amount: number } }>(site, '/api/wallet', { token });
    if (wallet.wallet.amount >= 500_000) break;
    if (Date.now() > deadline) throw new Error(`the deposit of ${phone} was not credited`);
    await new Promise((r) => setTimeout(r, 200));
  }
  await api(site, '/api/wallet/activate/PG', { token });
  await api(site, '/api/wallet/transfer', { token, body: { from: 'wallet', to: 'PG', amount: 20_000 } });
  // A losing round of 100.00 last week (a set round of the sandbox provider): 5.00 of cashback to receive.
  const { username } = await api<{ username: string }>(site, '/api/wallet/account/PG', { token });
  await api(site, '/sandbox/games/PG/rounds', {
    body: {
      username,
      bet: 10_000,
      win: 0,
      playedAt: new Date(lastWeekMonday().getTime() + 86_400_000).toISOString(),
    },
  });
  return member;
}

/**
 * The console of this language's walk (states of `who: 'operator'`): an admin created with the CLI, enrolled and
 * signed in through the console's own screens in a context of its own, in the tour's language (./console.ts). The
 * member service worker never answers under /ops: none runs. Phone-sized like the other contexts: the tour looks
 * at every screen at the phone sizes.
 */
export async function operatorContext(
  browser: Browser,
  site: Site,
  language: Language,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: site.url,
    viewport: PHONE,
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(10_000);
  try {
    const page = await context.newPage();
    await page.goto('/ops/');
    await page.evaluate((locale) => window.localStorage.setItem('locale', locale), language);
    await page.reload();
    await startEnrolment(page, site, `tour-admin-${language}`, 'admin');
    await confirmEnrolment(page);
    await leaveRecoveryCodes(page);
    return context;
  } catch (error) {
    await context.close();
    throw error;
  }
}

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { minor } from '../lib/money';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { api, registerMember, signIn, type Member } from '../lib/members';
import { repoRoot, startSite, type Site } from '../lib/site';

/**
 * The statement is live (issue 8): a member keeps /user/statement open on one page and the home on another; a
 * withdrawal made from elsewhere shows on the statement as pending and lowers the home balance, and when the
 * sandbox bank settles the payout the statement says so within 2 s — no reload, no click, no polling.
 */
let site: Site;
let browser: Browser;

before(async () => {
  // The sandbox bank would settle payouts only after 10 minutes: the scenario settles them itself, at a known time.
  site = await startSite({ env: { PAYOUT_SETTLE_MS: '600000' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

type Locale = 'th' | 'en';

/** The status words of the shared catalogue, as the member reads them. */
function statusWords(locale: Locale): { pending: string; success: string; failed: string } {
  const common = JSON.parse(
    readFileSync(join(repoRoot, 'shared', 'src', 'i18n', 'locales', locale, 'common.json'), 'utf8'),
  ) as { status: { pending: string; success: string; failed: string } };
  return common.status;
}

/** A member with 1,000.00 baht, credited by a bank transfer the sandbox bank reports. */
async function memberWithMoney(phone: string): Promise<{ member: Member; token: string }> {
  const member = await registerMember(site, phone);
  await api(site, '/sandbox/bank/incoming', {
    body: { fromAccountNo: `9${phone.slice(1)}`, fromBankCode: 'SCB', amount: 100_000 },
  });
  const { token } = await api<{ token: string }>(site, '/api/login', {
    body: { username: member.phone, password: member.password },
  });
  const deadline = Date.now() + 10_000;
  while (
    (await api<{ wallet: { amount: number } }>(site, '/api/wallet', { token })).wallet.amount < 100_000
  ) {
    assert.ok(Date.now() < deadline, 'the bank transfer was credited');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { member, token };
}

/** Withdraws from another device: the API, with its Idempotency-Key, as the wallet's withdraw window does. */
async function withdrawElsewhere(token: string, amount: number): Promise<string> {
  const res = await fetch(`${site.url}/api/wallet/withdraw`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-by': 'wallet-user',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ amount }),
  });
  const json = (await res.json()) as { code: string; data: { withdrawalId: string | null } };
  assert.equal(res.status, 200, `withdraw: ${res.status} ${json.code}`);
  assert.ok(json.data.withdrawalId, 'the withdrawal was recorded');
  return json.data.withdrawalId;
}

/** The sandbox bank answers the payout now (as its PAYOUT_SETTLE_MS timer would). */
async function settle(withdrawalId: string, outcome: 'success' | 'failed'): Promise<void> {
  const res = await fetch(`${site.url}/sandbox/payouts/${withdrawalId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  assert.equal(res.status, 200, `settle: ${res.status}`);
}

const newestEntry = (page: Page) => page.getByTestId('statement-entry').first();

async function waitForBalance(page: Page, expected: number, timeout: number): Promise<void> {
  await page
    .getByTestId('home-balance')
    .filter({ hasText: (expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }) })
    .waitFor({ timeout });
  assert.equal(minor(await page.getByTestId('home-balance').textContent()), expected);
}

for (const locale of ['th', 'en'] as const) {
  test(`${locale}: a withdrawal shows on the open statement as pending, then settled within 2 s; the home follows`, async () => {
    const words = statusWords(locale);
    const { member, token } = await memberWithMoney(locale === 'th' ? '0863330001' : '0863330002');
    const context = await newMemberContext(browser, site.url, { language: locale, agreementAccepted: true });
    const statement = await context.newPage();
    const home = await context.newPage();
    try {
      await signIn(statement, member);
      await statement.getByTestId('menu-statement').click();
      await statement.waitForURL('**/user/statement');
      // The deposit is the only entry so far.
      await newestEntry(statement).waitFor();
      assert.equal(await statement.getByTestId('statement-entry').count(), 1);
      assert.equal(await newestEntry(statement).getByTestId('statement-amount').textContent(), '+1,000.00');

      await signIn(home, member);
      assert.equal(minor(await home.getByTestId('home-balance').textContent()), 100_000);

      // From here on nobody touches either page; a mark on the statement's window shows it is never reloaded.
      await statement.evaluate(() => Object.assign(window, { __sameStatementPage: true }));
      const first = await withdrawElsewhere(token, 20_000);
      const withdrawal = statement.locator('.statement-entry--withdraw').first();
      await withdrawal.waitFor({ timeout: 2000 });
      assert.equal(await withdrawal.getByTestId('statement-amount').textContent(), '-200.00');
      await withdrawal
        .getByTestId('statement-status')
        .filter({ hasText: words.pending })
        .waitFor({ timeout: 2000 });
      await waitForBalance(home, 80_000, 2000);

      await settle(first, 'success');
      const settledAt = Date.now();
      await withdrawal
        .getByTestId('statement-status')
        .filter({ hasText: words.success })
        .waitFor({ timeout: 2000 });
      assert.ok(Date.now() - settledAt <= 2000, 'the statement showed the settlement within 2 s');
      assert.equal(
        await withdrawal.getByTestId('statement-status').getAttribute('class'),
        'statement-status statement-status--success',
      );

      // A payout the bank refuses: the statement says failed and the money is back on the home, both live.
      const second = await withdrawElsewhere(token, 30_000);
      await statement.getByTestId('statement-entry').nth(2).waitFor({ timeout: 2000 });
      await waitForBalance(home, 50_000, 2000);
      await settle(second, 'failed');
      await newestEntry(statement)
        .getByTestId('statement-status')
        .filter({ hasText: words.failed })
        .waitFor({ timeout: 2000 });
      assert.equal(await newestEntry(statement).getByTestId('statement-amount').textContent(), '-300.00');
      await waitForBalance(home, 80_000, 2000);
      assert.equal(statement.url(), `${site.url}/user/statement`);
      assert.equal(
        await statement.evaluate(
          () => (window as unknown as { __sameStatementPage?: boolean }).__sameStatementPage,
        ),
        true,
        'the statement page was never reloaded',
      );
    } catch (error) {
      await snapshot(statement, `live-statement-${locale}`);
      await snapshot(home, `live-statement-home-${locale}`);
      throw error;
    } finally {
      await context.close();
    }
  });
}

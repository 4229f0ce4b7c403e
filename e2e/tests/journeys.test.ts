import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { assertBooksBalanced, depositFromBank, moneyApi, pageToken, walletAmount } from '../lib/bonus';
import { api, registerMember, signIn, type Member } from '../lib/members';
import { minor } from '../lib/money';
import { startSite, type Site } from '../lib/site';

/**
 * The player journeys the other scenarios do not walk, each driven through the member's pages against the real
 * server, and each ending with the money in the books: a deposit by bank transfer (the account the window shows,
 * the member's bank paying it), a wallet gift link (credited once, the second try refused with its text), the
 * invite bonus (a friend registers with the link and deposits; the inviter receives 10 % of it through the confirm
 * dialog), and "transfer all" bringing every game's money home.
 */

let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite({ env: { GAME_LATENCY_MS: '0' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

async function memberPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
  return { context, page: await context.newPage() };
}

const homeBalance = async (page: Page): Promise<number> =>
  minor(await page.getByTestId('home-balance').textContent());

async function waitForHomeBalance(page: Page, expected: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await homeBalance(page)) === expected) return;
    await page.waitForTimeout(250);
  }
  assert.equal(await homeBalance(page), expected);
}

/** Runs a journey in a fresh signed-in page; a failure leaves a screenshot in e2e/artifacts. */
async function journey(member: Member, name: string, body: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await memberPage();
  try {
    await signIn(page, member);
    await body(page);
  } catch (error) {
    await snapshot(page, `journey-${name}`);
    throw error;
  } finally {
    await context.close();
  }
}

describe('player journeys', () => {
  test('deposit by bank transfer: the window shows the account, the member’s bank pays it, the home and the books follow', async () => {
    const member = await registerMember(site, '0871230001', { name: 'Somsak Bank' });
    await journey(member, 'bank', async (page) => {
      const before = await homeBalance(page);
      await page.getByTestId('widget-deposit').click();
      await page.getByTestId('deposit-tab-bank').click();
      const shown = (await page.getByTestId('deposit-bank-number-0').textContent())?.replace(/\D/g, '') ?? '';
      assert.match(shown, /^\d{10}$/, 'the receiving account number is shown');
      await page.keyboard.press('Escape');

      // The member's banking app pays 320.00 into the account shown.
      const token = await pageToken(page);
      await depositFromBank(site, token, 32_000);
      await waitForHomeBalance(page, before + 32_000);
      const { statements } = await api<{ statements: { statementType: string; amount: number }[] }>(
        site,
        '/api/statement',
        { body: { page: 1, limit: 10 }, token },
      );
      assert.deepEqual(
        statements.map((s) => [s.statementType, s.amount]),
        [['deposit', 32_000]],
      );
    });
    await assertBooksBalanced(site);
  });

  test('wallet gift link: credited once; the same link again is refused with its text and moves nothing', async () => {
    const member = await registerMember(site, '0871230002', { name: 'Somsak Gift' });
    await journey(member, 'gift', async (page) => {
      const before = await homeBalance(page);
      const link = `https://gift.truemoney.com/campaign/?v=150bJourney${Date.now().toString(36)}`;
      await page.getByTestId('widget-deposit').click();
      await page.getByTestId('deposit-tab-gift').click();
      await page.getByTestId('gift-link-input').fill(link);
      await page.getByTestId('gift-link-send').click();
      await waitForHomeBalance(page, before + 15_000);

      await page.getByTestId('gift-link-input').fill(link);
      await page.getByTestId('gift-link-send').click();
      await page.getByText('This gift link has already been used').first().waitFor();
      assert.equal(await walletAmount(site, await pageToken(page)), before + 15_000);
    });
    await assertBooksBalanced(site);
  });

  test('invite bonus: a friend registers with the link and deposits; the inviter receives 10 % of it into the wallet', async () => {
    const inviter = await registerMember(site, '0871230003', { name: 'Somsak Inviter' });
    await journey(inviter, 'invite', async (page) => {
      const link = (await page.getByTestId('home-invite-link').textContent()) ?? '';
      const code = new URL(link.trim(), site.url).searchParams.get('code');
      assert.ok(code, `the registration link carries the inviter code: ${link}`);

      // The friend registers through the link and makes a first deposit of 1,000.00 from their bank.
      const friend = await registerMember(site, '0871230004', { name: 'Friend Four', inviteCode: code });
      const friendToken = (
        await api<{ token: string }>(site, '/api/login', {
          body: { username: friend.phone, password: friend.password },
        })
      ).token;
      await depositFromBank(site, friendToken, 100_000);

      await page.reload();
      await page.getByTestId('home-invite-amount').filter({ hasText: '100.00' }).waitFor();
      const before = await homeBalance(page);
      await page.getByTestId('home-invite-receive').click();
      const confirm = page.getByTestId('invite-receive-confirm');
      await confirm.waitFor();
      assert.match((await page.getByTestId('invite-success-percent').textContent()) ?? '', /100/);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Receive' }).click();
      await waitForHomeBalance(page, before + 10_000);
      await page.getByTestId('home-invite-amount').filter({ hasText: '0.00' }).waitFor();
    });
    await assertBooksBalanced(site);
  });

  test('transfer in through the window, then "transfer all" brings every game’s money home', async () => {
    const member = await registerMember(site, '0871230005', { name: 'Somsak All' });
    await journey(member, 'transfer-all', async (page) => {
      const token = await pageToken(page);
      await depositFromBank(site, token, 50_000);
      await page.reload();
      await waitForHomeBalance(page, 50_000);
      for (const [code, amount] of [
        ['PG', '120'],
        ['JOKER', '80'],
      ] as const) {
        await page.getByTestId(`game-card-${code}`).click();
        await page.getByTestId('game-activate').click();
        await page.getByTestId('game-credentials').waitFor();
        await page.keyboard.press('Escape');
        await page.getByTestId('home-transfer').click();
        await page.getByTestId('transfer-from').selectOption('wallet');
        await page.getByTestId('transfer-to').selectOption(code);
        await page.getByTestId('transfer-amount').fill(amount);
        await page.getByTestId('transfer-submit').click();
        await page.getByTestId('alert-success').waitFor();
        await page.keyboard.press('Enter');
      }
      await waitForHomeBalance(page, 30_000);
      assert.equal(minor(await page.getByTestId('home-total').textContent()), 50_000);

      const all = await moneyApi<{ status: string }>(site, '/api/wallet/transferAll', {
        token,
        body: { to: 'wallet' },
      });
      assert.equal(all.status, 'SUCCESS');
      await page.getByTestId('home-refresh').click();
      await waitForHomeBalance(page, 50_000);
      assert.equal(minor(await page.getByTestId('game-amount-PG').textContent()), 0);
      assert.equal(minor(await page.getByTestId('game-amount-JOKER').textContent()), 0);
    });
    await assertBooksBalanced(site);
  });
});

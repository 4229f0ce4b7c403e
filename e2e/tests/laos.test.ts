import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { assertBooksBalanced, ledgerCheck } from '../lib/bonus';
import { balance, kip, laosStaticRoot, shootDepositWindow, signIn, waitForBalance } from '../lib/laos';
import { api } from '../lib/members';
import { minor } from '../lib/money';
import { startSite, type Site } from '../lib/site';

/**
 * The Laos build end to end: the server with LAOS=1 and the front end built with WALLET_LAOS=1. Only the apps
 * whose code reads the flag are rebuilt (host: the shared package it provides, with the Lao default language;
 * mfe-auth: the registration's phone rule, banks and currency; mfe-wallet: the deposit modal); the other remotes
 * are the working tree's builds, copied into a deployment of its own (e2e/lib/laos.ts).
 */
let site: Site;
let browser: Browser;
let staticRoot: string;

const phone = '02055512345';
const password = 'pass-word-lao-1';
const accountNo = '0101555123456';

before(async () => {
  staticRoot = laosStaticRoot();
  site = await startSite({
    staticRoot,
    env: { LAOS: '1', PAYOUT_SETTLE_MS: '1500', GAME_LATENCY_MS: '50' },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  if (staticRoot) rmSync(staticRoot, { recursive: true, force: true });
});

describe('Laos build (LAOS=1, WALLET_LAOS=1)', () => {
  test('a visitor registers in Lao with a kip wallet', async () => {
    // No language chosen: the Laos build starts in Lao.
    const context = await newMemberContext(browser, site.url, { agreementAccepted: true });
    const page = await context.newPage();
    try {
      await page.goto('/register');
      await page.getByTestId('register-phone').fill(phone);
      assert.match((await page.getByTestId('register-page').textContent()) ?? '', /[\u0E80-\u0EFF]/);
      await page.getByTestId('register-next').click();

      await page.getByTestId('register-otp').waitFor();
      const outbox = (await (await fetch(`${site.url}/sandbox/sms`)).json()) as {
        to: string;
        text: string;
      }[];
      const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === phone)?.text ?? '')?.[1];
      assert.ok(code, 'the one-time code is in the sandbox outbox');
      await page.getByTestId('register-otp').fill(code);
      await page.getByTestId('register-next').click();

      await page.getByTestId('register-name').fill('Souksavanh Phommachanh');
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-confirm').fill(password);
      await page.getByTestId('register-next').click();

      await page.getByTestId('register-bank').selectOption('BCEL');
      await page.getByTestId('register-first-name').fill('souksavanh');
      await page.getByTestId('register-last-name').fill('phommachanh');
      await page.getByTestId('register-account-no').fill(accountNo);
      assert.equal(await page.getByTestId('register-currency').inputValue(), 'LAK');
      await page.getByTestId('register-submit').click();
      await page.waitForURL('**/login', { timeout: 10_000 });

      await signIn(page, { phone, password });
      assert.equal((await page.getByTestId('home-balance').textContent())?.trim(), '0');
      assert.match((await page.getByTestId('logout').textContent()) ?? '', /[\u0E80-\u0EFF]/);
    } catch (error) {
      await snapshot(page, 'laos-register');
      throw error;
    } finally {
      await context.close();
    }
  });

  test('deposit: the kip account, the Lao QR and slip, no gift link (the window says why); a bank transfer credits kip', async () => {
    const context = await newMemberContext(browser, site.url, { agreementAccepted: true });
    const page = await context.newPage();
    try {
      await signIn(page, { phone, password });
      await page.getByTestId('widget-deposit').click();
      await page.getByTestId('deposit-bank-number-0').waitFor();
      const tabs = await page
        .locator('[data-testid^="deposit-tab-"]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
      assert.deepEqual(tabs, ['deposit-tab-bank', 'deposit-tab-qr', 'deposit-tab-slip']);
      const channels = await page
        .locator('[data-testid^="qr-channel-"]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
      assert.deepEqual(channels, ['qr-channel-LAOQR']);
      // The kip account only (never the baht one), named as a kip account.
      assert.equal(await page.getByTestId('deposit-bank-number-0').textContent(), '0101000123456');
      assert.equal(await page.getByTestId('deposit-bank-1').count(), 0);
      assert.match((await page.getByTestId('deposit-bank-currency-0').textContent()) ?? '', /ກີບ/);
      // Why there is no gift link and no Thai QR, in Lao.
      await page.getByTestId('deposit-unavailable-GIFT_LINK').waitFor();
      assert.match((await page.getByTestId('deposit-unavailable-GIFT_LINK').textContent()) ?? '', /ບາດ/);
      await page.getByTestId('deposit-unavailable-THAI_QR').waitFor();

      // The member's bank sends the transfer (sandbox bank, from loopback): 1,000,000 kip.
      await api(site, '/sandbox/bank/incoming', {
        body: { fromAccountNo: accountNo, fromBankCode: 'BCEL', amount: 1_000_000 },
      });
      await page.keyboard.press('Escape');
      await page.getByTestId('home-refresh').click();
      await waitForBalance(page, 1_000_000);
      assert.equal((await page.getByTestId('home-balance').textContent())?.trim(), '1,000,000');
    } catch (error) {
      await snapshot(page, 'laos-deposit');
      throw error;
    } finally {
      await context.close();
    }
  });

  test('transfer 200,000 kip to a game, then withdraw 100,000 kip (the game money comes home first): pending, then paid', async () => {
    const context = await newMemberContext(browser, site.url, { agreementAccepted: true });
    const page = await context.newPage();
    try {
      await signIn(page, { phone, password });
      const start = await balance(page);
      assert.equal(start, 1_000_000);

      await page.getByTestId('game-card-PG').click();
      await page.getByTestId('game-activate').click();
      await page.getByTestId('game-credentials').waitFor();
      await page.keyboard.press('Escape');

      await page.getByTestId('home-transfer').click();
      await page.getByTestId('transfer-from').selectOption('wallet');
      await page.getByTestId('transfer-to').selectOption('PG');
      await page.getByTestId('transfer-amount').fill('200000');
      await page.getByTestId('transfer-submit').click();
      await page.getByTestId('alert-success').waitFor();
      await page.keyboard.press('Enter');
      await waitForBalance(page, 800_000);
      assert.equal(kip(await page.getByTestId('game-amount-PG').textContent()), 200_000);
      assert.equal(kip(await page.getByTestId('home-total').textContent()), 1_000_000);

      await page.getByTestId('widget-withdraw').click();
      // The limits of the Laos build in whole kip (50,000 – 20,000,000), never "50,000.00".
      await page.getByTestId('withdraw-limits').filter({ hasText: '50,000' }).waitFor();
      const limits = (await page.getByTestId('withdraw-limits').textContent()) ?? '';
      assert.match(limits, /50,000\D+20,000,000/);
      assert.doesNotMatch(limits, /\.00/);
      await page.getByTestId('withdraw-amount').fill('100000');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('alert-success').waitFor();
      await page.keyboard.press('Enter');
      // A withdrawal first brings the game money home (docs/ledger.md): 800,000 + 200,000 − 100,000.
      await waitForBalance(page, 900_000);
      assert.equal(kip(await page.getByTestId('home-total').textContent()), 900_000);

      const token = await page.evaluate(
        () => localStorage.getItem('token') ?? sessionStorage.getItem('token'),
      );
      const withdrawal = async () =>
        (
          await api<{ statements: { statementType: string; status: string; amount: number }[] }>(
            site,
            '/api/statement',
            { body: { page: 1, limit: 10 }, token: token ?? '' },
          )
        ).statements.find((s) => s.statementType === 'withdraw');
      assert.equal((await withdrawal())?.amount, 100_000);
      const deadline = Date.now() + 15_000;
      while ((await withdrawal())?.status !== 'SUCCESS' && Date.now() < deadline)
        await page.waitForTimeout(300);
      assert.equal((await withdrawal())?.status, 'SUCCESS');
      assert.equal((await page.getByTestId('home-balance').textContent())?.trim(), '900,000');
    } catch (error) {
      await snapshot(page, 'laos-game-withdraw');
      throw error;
    } finally {
      await context.close();
    }
  });

  test('the deposit modal on phones in la, th and en (screenshots in e2e/artifacts/laos)', async () => {
    await shootDepositWindow(browser, site, 'kip', { phone, password });
  });
  test('kip: a Lao QR from the deposit window, paid on the sandbox pay page, is credited in kip; the books balance', async () => {
    const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
    const page = await context.newPage();
    try {
      await signIn(page, { phone, password });
      const before = await balance(page);
      await page.getByTestId('widget-deposit').click();
      await page.getByTestId('deposit-tab-qr').click();
      await page.getByTestId('qr-channel-LAOQR').waitFor();
      assert.equal(await page.getByTestId('qr-channel-LAOQR').getAttribute('aria-selected'), 'true');
      // Below the channel's minimum (10,000 kip): refused on the page, nothing created.
      await page.getByTestId('qr-amount-LAOQR').fill('5000');
      await page.getByTestId('qr-create-LAOQR').click();
      await page
        .getByTestId('qr-panel-LAOQR')
        .getByText('The minimum deposit on this channel is 10,000 kip.')
        .waitFor();
      assert.equal(await page.getByTestId('qr-image-LAOQR').count(), 0);
      await page.getByTestId('qr-quick-LAOQR-100000').click();
      await page.getByTestId('qr-create-LAOQR').click();
      await page.getByTestId('qr-image-LAOQR').waitFor();
      assert.match((await page.getByTestId('qr-panel-LAOQR').textContent()) ?? '', /100,000 kip/);

      // The member pays with a Lao banking app: here, the channel's sandbox pay page, which asks for whole kip.
      const [bankApp] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId('qr-pay-link-LAOQR').click(),
      ]);
      await bankApp.waitForLoadState();
      assert.match((await bankApp.locator('body').textContent()) ?? '', /Amount: 100000 LAK/);
      await bankApp.locator('#pay').click();
      await bankApp.locator('#status').filter({ hasText: 'PAID' }).waitFor();
      await bankApp.close();

      // The paid QR closes the window by itself (the server's push); the kip is in the wallet.
      await page.getByTestId('deposit-modal').waitFor({ state: 'detached' });
      await waitForBalance(page, before + 100_000);
      const token = await page.evaluate(
        () => localStorage.getItem('token') ?? sessionStorage.getItem('token'),
      );
      const { statements } = await api<{ statements: { statementType: string; amount: number }[] }>(
        site,
        '/api/statement',
        { body: { page: 1, limit: 10 }, token: token ?? '' },
      );
      assert.ok(
        statements.some((s) => s.statementType === 'deposit' && s.amount === 100_000),
        'the statement lists the QR deposit',
      );
      await assertBooksBalanced(site);
    } catch (error) {
      await snapshot(page, 'laos-lao-qr');
      throw error;
    } finally {
      await context.close();
    }
  });

  test('baht: a member registers choosing BAHT, is shown the baht account, and a transfer from their bank is credited in baht', async () => {
    const bahtPhone = '02055598765';
    const bahtAccount = '0102555987654';
    const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
    const page = await context.newPage();
    try {
      await page.goto('/register');
      await page.getByTestId('register-phone').fill(bahtPhone);
      await page.getByTestId('register-next').click();
      await page.getByTestId('register-otp').waitFor();
      const outbox = (await (await fetch(`${site.url}/sandbox/sms`)).json()) as {
        to: string;
        text: string;
      }[];
      const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === bahtPhone)?.text ?? '')?.[1];
      assert.ok(code, 'the one-time code is in the sandbox outbox');
      await page.getByTestId('register-otp').fill(code);
      await page.getByTestId('register-next').click();
      await page.getByTestId('register-name').fill('Khamla Vongsa');
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-confirm').fill(password);
      await page.getByTestId('register-next').click();
      await page.getByTestId('register-bank').selectOption('BCEL');
      await page.getByTestId('register-first-name').fill('khamla');
      await page.getByTestId('register-last-name').fill('vongsa');
      await page.getByTestId('register-account-no').fill(bahtAccount);
      await page.getByTestId('register-currency').selectOption('BAHT');
      await page.getByTestId('register-submit').click();
      await page.waitForURL('**/login', { timeout: 10_000 });

      await page.getByTestId('login-username').fill(bahtPhone);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/user/home');
      // A baht wallet: shown with satang.
      await page.getByTestId('home-balance').filter({ hasText: '0.00' }).waitFor();

      await page.getByTestId('widget-deposit').click();
      await page.getByTestId('deposit-bank-number-0').waitFor();
      // The baht account, never the kip (BCEL LAK) one.
      assert.equal(await page.getByTestId('deposit-bank-number-0').textContent(), '0102000654321');
      assert.equal(await page.getByTestId('deposit-bank-1').count(), 0);
      assert.equal(await page.getByTestId('deposit-bank-currency-0').textContent(), 'Account in baht');
      const channels = await page
        .locator('[data-testid^="qr-channel-"]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
      assert.deepEqual(channels, [
        'qr-channel-KBANK',
        'qr-channel-WW',
        'qr-channel-PAYTIMZ',
        'qr-channel-PAYONEX',
        'qr-channel-ZPAY',
      ]);
      assert.match(
        (await page.getByTestId('deposit-unavailable-LAO_QR').textContent()) ?? '',
        /kip only, and your wallet is in baht/,
      );

      // The member's bank sends 500 baht (sandbox bank, from loopback; the bank reports the account's currency).
      const res = await fetch(`${site.url}/sandbox/bank/incoming`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fromAccountNo: bahtAccount, fromBankCode: 'BCEL', amount: 50_000 }),
      });
      // The sandbox answers plain JSON: what each delivery of the bank's webhook did.
      const sent = (await res.json()) as { deliveries: { outcome: string }[] };
      assert.equal(sent.deliveries[0]?.outcome, 'CREDITED');
      await page.keyboard.press('Escape');
      await page.getByTestId('home-refresh').click();
      await page.getByTestId('home-balance').filter({ hasText: '500.00' }).waitFor({ timeout: 15_000 });
      assert.equal(minor(await page.getByTestId('home-balance').textContent()), 50_000);
      await assertBooksBalanced(site);
      const check = await ledgerCheck(site);
      assert.deepEqual(
        Object.keys(check.trialBalance).sort(),
        ['LAK', 'THB'],
        'both currencies on the books',
      );
    } catch (error) {
      await snapshot(page, 'laos-baht-deposit');
      throw error;
    } finally {
      await context.close();
    }
    await shootDepositWindow(browser, site, 'baht', { phone: bahtPhone, password });
  });
});

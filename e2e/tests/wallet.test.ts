import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { registerMember, api, signIn as login, type Member } from '../lib/members';
import { minor } from '../lib/money';
import { bangkokTime, setSlipWindow } from '../lib/operator';
import { startSite, type Site } from '../lib/site';

let site: Site;
let browser: Browser;

before(async () => {
  // Payouts settle after 1.5 s here so the pending → success step is quick to watch.
  site = await startSite({ env: { PAYOUT_SETTLE_MS: '1500', GAME_LATENCY_MS: '50' } });
  browser = await launchBrowser();
  // The daily slip closing window, moved away from the hour of the run so the slip scenarios run at any hour.
  await setSlipWindow(site, bangkokTime(180), bangkokTime(200));
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

/** A real 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function memberPage(locale: 'th' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newMemberContext(browser, site.url, { language: locale, agreementAccepted: true });
  return { context, page: await context.newPage() };
}

async function balance(page: Page): Promise<number> {
  return minor(await page.getByTestId('home-balance').textContent());
}

async function waitForBalance(page: Page, expected: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await balance(page)) === expected) return;
    await page.waitForTimeout(300);
  }
  assert.equal(await balance(page), expected);
}

async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
}

for (const locale of ['th', 'en'] as const) {
  describe(`wallet flows in ${locale}`, () => {
    let member: Member;
    const phone = locale === 'th' ? '0861110001' : '0861110002';

    before(async () => {
      member = await registerMember(site, phone, { name: locale === 'th' ? 'มาลี ศรีสุข' : 'Malee Srisuk' });
    });

    test('deposit by QR, pay it in the sandbox: the balance rises', async () => {
      const { context, page } = await memberPage(locale);
      try {
        await login(page, member);
        const before = await balance(page);
        await page.getByTestId('widget-deposit').click();
        await page.getByTestId('deposit-tab-qr').click();
        await page.getByTestId('qr-channel-KBANK').click();
        await page.getByTestId('qr-amount-KBANK').fill('150');
        await page.getByTestId('qr-create-KBANK').click();
        await page.getByTestId('qr-image-KBANK').waitFor();
        await page.getByTestId('qr-countdown-KBANK').waitFor();

        // The member pays with a banking app on the phone: here, the payment channel's sandbox page.
        const [bankApp] = await Promise.all([
          context.waitForEvent('page'),
          page.getByTestId('qr-pay-link-KBANK').click(),
        ]);
        await bankApp.waitForLoadState();
        await bankApp.locator('#pay').click();
        await bankApp.locator('#status').filter({ hasText: 'PAID' }).waitFor();
        await bankApp.close();

        // The paid QR closes itself (the server's push), no "I have paid" needed.
        await page.getByTestId('qr-image-KBANK').waitFor({ state: 'detached' });
        await waitForBalance(page, before + 15_000);
      } catch (error) {
        await snapshot(page, `qr-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    });

    test('transfer to a game, play a sandbox round, transfer back: the total matches', async () => {
      const { context, page } = await memberPage(locale);
      try {
        await login(page, member);
        const start = await balance(page);
        assert.ok(start >= 10_000, 'the member has at least 100.00 from the deposit');
        assert.equal(minor(await page.getByTestId('home-total').textContent()), start);

        // Open the PG account.
        await page.getByTestId('game-card-PG').click();
        await page.getByTestId('game-activate').click();
        await page.getByTestId('game-credentials').waitFor();
        await closeModal(page);

        await page.getByTestId('home-transfer').click();
        await page.getByTestId('transfer-from').selectOption('wallet');
        await page.getByTestId('transfer-to').selectOption('PG');
        await page.getByTestId('transfer-amount').fill('100');
        await page.getByTestId('transfer-submit').click();
        await page.getByTestId('alert-success').waitFor();
        await page.keyboard.press('Enter');
        await waitForBalance(page, start - 10_000);
        assert.equal(minor(await page.getByTestId('game-amount-PG').textContent()), 10_000);

        // Play one round on the provider's page.
        await page.getByTestId('game-card-PG').click();
        const [game] = await Promise.all([
          context.waitForEvent('page'),
          page.getByTestId('game-play').click(),
        ]);
        await game.waitForLoadState();
        const stake = game.getByTestId('game-balance');
        const before = Number(await stake.getAttribute('data-amount'));
        await game.locator('input[name="bet"]').fill('10');
        await game.locator('form button[type="submit"]').click();
        await game.waitForLoadState();
        const after = Number(await game.getByTestId('game-balance').getAttribute('data-amount'));
        assert.notEqual(after, before, 'the round won or lost');
        await game.close();
        await closeModal(page);

        // Refresh: the home learns the game balance from the provider.
        await page.getByTestId('home-refresh').click();
        await page
          .getByTestId('game-amount-PG')
          .filter({ hasNotText: /^100\.00$/ })
          .waitFor();
        const inGame = minor(await page.getByTestId('game-amount-PG').textContent());
        assert.equal(inGame, after);
        assert.equal(minor(await page.getByTestId('home-total').textContent()), start - 10_000 + inGame);

        await page.getByTestId('home-transfer').click();
        await page.getByTestId('transfer-from').selectOption('PG');
        await page.getByTestId('transfer-to').selectOption('wallet');
        await page.getByTestId('transfer-amount').fill((inGame / 100).toFixed(2));
        await page.getByTestId('transfer-submit').click();
        await page.getByTestId('alert-success').waitFor();
        await page.keyboard.press('Enter');
        await waitForBalance(page, start - 10_000 + inGame);
        assert.equal(minor(await page.getByTestId('home-total').textContent()), start - 10_000 + inGame);
      } catch (error) {
        await snapshot(page, `game-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    });

    test('withdraw: pending, then success', async () => {
      const { context, page } = await memberPage(locale);
      try {
        await login(page, member);
        const start = await balance(page);
        await page.getByTestId('widget-withdraw').click();
        await page.getByTestId('withdraw-amount').fill('100');
        await page.getByTestId('withdraw-submit').click();
        await page.getByTestId('alert-success').waitFor();
        await page.keyboard.press('Enter');
        await waitForBalance(page, start - 10_000);

        const token = await page.evaluate(
          () => localStorage.getItem('token') ?? sessionStorage.getItem('token'),
        );
        const statement = async () =>
          (
            await api<{ statements: { statementType: string; status: string }[] }>(site, '/api/statement', {
              body: { page: 1, limit: 10 },
              token: token ?? '',
            })
          ).statements.find((s) => s.statementType === 'withdraw');
        assert.equal((await statement())?.status, 'PENDING');
        const deadline = Date.now() + 15_000;
        while ((await statement())?.status !== 'SUCCESS' && Date.now() < deadline)
          await page.waitForTimeout(300);
        assert.equal((await statement())?.status, 'SUCCESS');
      } catch (error) {
        await snapshot(page, `withdraw-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    });

    test('a slip upload shows its status and reason', async () => {
      const { context, page } = await memberPage(locale);
      const dir = mkdtempSync(join(tmpdir(), 'slip-'));
      // A real 1×1 PNG, named the way the sandbox verifier reads an expired slip.
      const file = join(dir, 'slip_expired_slip.png');
      writeFileSync(file, Buffer.from(PNG_1X1, 'base64'));
      try {
        await login(page, member);
        await page.getByTestId('widget-deposit').click();
        await page.getByTestId('deposit-tab-slip').click();
        await page.getByTestId('slip-file').setInputFiles(file);
        await page.getByTestId('slip-upload').click();
        await page.getByTestId('slip-result').waitFor();
        const reason = (await page.getByTestId('slip-reason').textContent())?.trim() ?? '';
        assert.notEqual(reason, '');
        assert.doesNotMatch(reason, /EXPIRED_SLIP/, 'the reason is translated, not the code');
        if (locale === 'th') assert.match(reason, /[\u0E00-\u0E7F]/);
        else assert.match(reason, /expired/i);
      } catch (error) {
        await snapshot(page, `slip-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    });

    test('inside the daily closing window the slip panel says so and the upload is refused', async () => {
      const { context, page } = await memberPage(locale);
      const from = bangkokTime(-10);
      const until = bangkokTime(10);
      await setSlipWindow(site, from, until);
      try {
        await login(page, member);
        const token = await page.evaluate(
          () => localStorage.getItem('token') ?? sessionStorage.getItem('token') ?? '',
        );
        await page.getByTestId('widget-deposit').click();
        await page.getByTestId('deposit-tab-slip').click();
        const shown = (await page.getByTestId('slip-window').textContent()) ?? '';
        assert.ok(shown.includes(`${from}–${until}`), `the window is shown: ${shown}`);
        await page.getByTestId('slip-closed').waitFor();
        assert.ok(((await page.getByTestId('slip-closed').textContent()) ?? '').includes(until));
        assert.equal(await page.getByTestId('slip-upload').isDisabled(), true);
        assert.equal(await page.getByTestId('slip-file').isDisabled(), true);

        // The server refuses it too, whatever the page shows.
        const form = new FormData();
        form.append(
          'file',
          new Blob([Buffer.from(PNG_1X1, 'base64')], { type: 'image/png' }),
          'slip-100.png',
        );
        const res = await fetch(`${site.url}/api/wallet/slip`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'x-requested-by': 'wallet-user' },
          body: form,
        });
        assert.equal(res.status, 409);
        assert.equal(((await res.json()) as { code: string }).code, 'SLIP_UPLOAD_FAIL');
      } catch (error) {
        await snapshot(page, `slip-closed-${locale}`);
        throw error;
      } finally {
        await setSlipWindow(site, bangkokTime(180), bangkokTime(200));
        await context.close();
      }
    });

    test('a friend registering through the invite link shows up in the inviter list', async () => {
      const { context, page } = await memberPage(locale);
      try {
        await login(page, member);
        const link = (await page.getByTestId('home-invite-link').textContent())?.trim() ?? '';
        const url = new URL(link.startsWith('http') ? link : `${site.url}${link}`);
        assert.equal(url.pathname, '/register');
        const code = url.searchParams.get('code') ?? '';
        assert.ok(code.endsWith(member.id), 'the code carries the inviter id');

        // The friend opens the link (the wizard stores the code), then registers.
        const friendContext = await browser.newContext({ baseURL: site.url });
        const friendPage = await friendContext.newPage();
        await friendPage.goto(`${url.pathname}${url.search}`);
        await friendPage.getByTestId('register-phone').waitFor();
        assert.equal(await friendPage.evaluate(() => localStorage.getItem('code')), code);
        await friendContext.close();
        const friendPhone = locale === 'th' ? '0871110001' : '0871110002';
        await registerMember(site, friendPhone, { name: 'Friend Invited', inviteCode: code });

        await page.reload();
        await page.getByTestId('widget-invite').click();
        // Banners come first when the operator has some: closing the carousel opens the invite modal.
        await page.locator('[data-testid="invite-modal"], [data-testid="banners-modal"]').first().waitFor();
        if (await page.getByTestId('banners-modal').isVisible())
          await page.getByTestId('banners-continue').click();
        await page.getByTestId('invite-table').filter({ hasText: 'Friend Invited' }).waitFor();
      } catch (error) {
        await snapshot(page, `invite-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    });
  });
}

describe('a game refuses during withdrawAll (sandbox fault)', () => {
  test('the warning says what was collected and that the withdrawal was not made; the balance follows', async () => {
    const member = await registerMember(site, '0861110009', { name: 'Somsak Partial' });
    await api(site, '/sandbox/bank/incoming', {
      body: { fromAccountNo: '9861110009', fromBankCode: 'SCB', amount: 100_000 },
    });
    const { token } = await api<{ token: string }>(site, '/api/login', {
      body: { username: member.phone, password: member.password },
    });
    for (const code of ['PG', 'JOKER']) await api(site, `/api/wallet/activate/${code}`, { token });
    await api(site, '/api/wallet/transfer', { token, body: { from: 'wallet', to: 'PG', amount: 20_000 } });
    await api(site, '/api/wallet/transfer', { token, body: { from: 'wallet', to: 'JOKER', amount: 30_000 } });
    // JOKER refuses every transfer now: PG is collected, the wallet then holds 700.00 < 800.00.
    await api(site, '/sandbox/games/JOKER/faults', { body: { mode: 'error' } });

    const { context, page } = await memberPage('en');
    try {
      await login(page, member);
      await page.getByTestId('widget-withdraw').click();
      await page.getByTestId('withdraw-amount').fill('800');
      await page.getByTestId('withdraw-submit').click();
      const dialog = page.getByTestId('alert-warning');
      await dialog.waitFor();
      assert.match((await dialog.textContent()) ?? '', /Withdrawal not made/);
      const lines = await page.getByTestId('withdraw-outcome').locator('p').allTextContents();
      assert.equal(lines.length, 3);
      assert.match(lines[0] ?? '', /^200\.00 baht moved from .+ to your main wallet\.$/);
      assert.match(lines[1] ?? '', /did not go through: that money is still in/);
      assert.match(lines[2] ?? '', /The withdrawal of 800\.00 baht was not made/);
      await page.keyboard.press('Enter');
      // wallet:changed reloads the home: the collected money is in the main wallet.
      await waitForBalance(page, 70_000);
    } catch (error) {
      await snapshot(page, 'withdraw-partial');
      throw error;
    } finally {
      await api(site, '/sandbox/games/JOKER/faults', { body: { mode: 'ok' } });
      await context.close();
    }
  });
});

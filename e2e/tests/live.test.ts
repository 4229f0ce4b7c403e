import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { minor } from '../lib/money';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { registerMember, signIn } from '../lib/members';
import { startSite, type Site } from '../lib/site';

/**
 * Pushed, not polled: the member's page hears the server over the realtime channel (docs/realtime.md).
 * A QR paid from somewhere else closes itself and the home balance follows, with no click.
 */
let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

for (const locale of ['th', 'en'] as const) {
  test(`${locale}: a QR paid from another device closes itself with the success message; the home total follows within 2 s`, async () => {
    const member = await registerMember(site, locale === 'th' ? '0862220001' : '0862220002');
    const context = await newMemberContext(browser, site.url, { language: locale, agreementAccepted: true });
    const page = await context.newPage();
    // The payer: another browser context, like a second phone with the banking app.
    const payer = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      await signIn(page, member);
      const before = minor(await page.getByTestId('home-balance').textContent());
      await page.getByTestId('widget-deposit').click();
      await page.getByTestId('deposit-tab-qr').click();
      await page.getByTestId('qr-channel-KBANK').click();
      await page.getByTestId('qr-amount-KBANK').fill('150');
      await page.getByTestId('qr-create-KBANK').click();
      await page.getByTestId('qr-image-KBANK').waitFor();
      const payUrl = await page.getByTestId('qr-pay-link-KBANK').getAttribute('href');
      assert.ok(payUrl, 'the sandbox channel offers a pay page for this QR');

      const bank = await payer.newPage();
      await bank.goto(new URL(payUrl, site.url).toString());
      await bank.locator('#pay').click();
      await bank.locator('#status').filter({ hasText: 'PAID' }).waitFor();

      // From here on nobody touches the member's page.
      const message =
        locale === 'th'
          ? 'ได้รับเงินแล้ว: 150.00 บาท เข้ากระเป๋าเงินของคุณแล้ว'
          : 'Payment received: 150.00 baht is in your wallet.';
      await page.locator('.wl-toast--success').filter({ hasText: message }).waitFor({ timeout: 2000 });
      await page.getByTestId('qr-image-KBANK').waitFor({ state: 'detached', timeout: 2000 });
      await page
        .getByTestId('home-balance')
        .filter({ hasText: (before / 100 + 150).toFixed(2) })
        .waitFor({ timeout: 2000 });
      assert.equal(minor(await page.getByTestId('home-balance').textContent()), before + 15_000);
    } catch (error) {
      await snapshot(page, `live-qr-${locale}`);
      throw error;
    } finally {
      await payer.close();
      await context.close();
    }
  });
}

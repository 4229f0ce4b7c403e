import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { assertBooksBalanced, depositFromBank, walletAmount } from '../lib/bonus';
import { api, registerMember, signIn } from '../lib/members';
import { minor } from '../lib/money';
import { startSite, type Site } from '../lib/site';
import {
  MONEY_SLICES,
  offsetFromCentre,
  sectorUnderPointer,
  setSetting,
  signInRemembered,
  spinActive,
  spinCall,
  spinCoupons,
  spinSetup,
  spinText,
  walletText,
  type SpinOutcome,
} from '../lib/spin';

/**
 * The prize wheel (issue 10, acceptance 1 and 4): a member deposits 300 baht and earns 3 coins (docs/spin.md), the
 * home's spin widget shows them, the wheel on /user/spin spins onto the sector of the server's answer (the
 * canvas's final angle against the slice), the prize window follows; spins go on until one wins money, its coupon
 * is claimed with a double click on the confirmation and a retry through the API, and the wallet is credited once
 * while the home open in another tab changes by itself. The verify page, after the seed is revealed, confirms the
 * first spin. Then the operator's switches: the wheel off (the home's refresh widget, spins refused) and the remote
 * off (no route, no home button). In Thai and in English, one member each; the books balance at the end.
 */
let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite({ env: { PAYOUT_SETTLE_MS: '1500', GAME_LATENCY_MS: '20' } });
  browser = await launchBrowser();
  await setSetting(site, 'spin.active', true);
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

type Locale = 'th' | 'en';

/** 300 baht: three coins (one per whole 100 baht of a deposit). */
const DEPOSIT = 30_000;
/** At most this many spins while looking for a money prize (60 % a spin: missing them all is 1 in 10,000). */
const MAX_SPINS = 10;

/** A money text as the pages write it (1,100.00). */
const shown = (amount: number) =>
  (amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The alert dialog of that kind: its message, then closed with its one button. */
async function readAlert(page: Page, kind: 'error' | 'success'): Promise<string> {
  const alert = page.getByTestId(`alert-${kind}`);
  await alert.waitFor();
  const message = ((await alert.locator('.wl-dialog__body').textContent()) ?? '').trim();
  await alert.getByRole('button').last().click();
  await alert.waitFor({ state: 'detached' });
  return message;
}

const isSpinCall = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === '/api/spinwheel/spin';

/**
 * One tap on the wheel's button: the server's answer (caught on its way to the page), the wheel stopping on its
 * sector — `data-landed` and the final `data-rotation` both put the answer's slice under the pointer — and the
 * prize window about 2 s later, naming the slice; closed again.
 */
async function spinOnce(page: Page, locale: Locale, sliceCount: number): Promise<SpinOutcome> {
  const canvas = page.getByTestId('spin-canvas');
  assert.equal(await canvas.getAttribute('data-state'), 'idle');
  const [response] = await Promise.all([
    page.waitForResponse((r) => isSpinCall(r.url(), r.request().method())),
    page.getByTestId('spin-button').click(),
  ]);
  assert.equal(response.status(), 200, 'the spin was accepted');
  const outcome = ((await response.json()) as { data: { result: SpinOutcome } }).data.result;

  await page.locator('[data-testid="spin-canvas"][data-state="landed"]').waitFor({ timeout: 20_000 });
  const landedAt = Date.now();
  const rotation = Number(await canvas.getAttribute('data-rotation'));
  const landed = Number(await canvas.getAttribute('data-landed'));
  assert.ok(rotation >= 0 && rotation < 360, `a final rotation in [0, 360): ${rotation}`);
  assert.equal(landed, outcome.sliceIndex, 'the page says it landed on the answer’s sector');
  assert.equal(
    sectorUnderPointer(rotation, sliceCount),
    outcome.sliceIndex,
    `at ${rotation}° the pointer is on sector ${outcome.sliceIndex} of ${sliceCount}`,
  );
  assert.ok(
    offsetFromCentre(rotation, outcome.sliceIndex, sliceCount) <= (360 / sliceCount / 2) * 0.7 + 1e-6,
    'the pointer is plainly inside the sector, not on a border',
  );

  const modal = page.getByTestId('spin-prize-modal');
  await modal.waitFor();
  assert.ok(Date.now() - landedAt >= 1500, 'the prize window opens about 2 s after the wheel stopped');
  const won = outcome.couponId !== null;
  assert.equal(
    (await page.getByTestId('spin-prize-label').textContent())?.trim(),
    spinText(locale, won ? 'prize.won' : 'prize.stoppedOn', { label: outcome.label }),
  );
  await page.getByTestId('spin-prize-close').click();
  await modal.waitFor({ state: 'detached' });
  return outcome;
}

/**
 * Loads the home (or reloads it) and waits until it has heard whether the wheel is on (GET /api/spinwheel/active,
 * answered `isActive`) and shows the wallet, so what it shows next follows that answer.
 */
async function loadHome(page: Page, isActive: boolean): Promise<void> {
  // The page shown before (the home the sign-in lands on) may still be reading, or start a read as this load
  // begins; its answer is not this load's (and its body is gone with that page): only a request this load made counts.
  await page.waitForLoadState('networkidle');
  const loadStarted = Date.now();
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/spinwheel/active' &&
        r.request().timing().startTime >= loadStarted,
    ),
    page.goto('/user/home'),
  ]);
  assert.equal(((await answer.json()) as { data: { isActive: boolean } }).data.isActive, isActive);
  await page.getByTestId('home-balance').waitFor();
  await page.getByTestId(isActive ? 'widget-spin' : 'widget-refresh').waitFor();
}

for (const locale of ['th', 'en'] as const) {
  test(`${locale}: coins from a deposit, spins onto the server's sector, a money coupon claimed once, the first spin verified`, async (t) => {
    const phone = locale === 'th' ? '0865550001' : '0865550002';
    const member = await registerMember(site, phone);
    const { token } = await api<{ token: string }>(site, '/api/login', {
      body: { username: member.phone, password: member.password },
    });
    await depositFromBank(site, token, DEPOSIT);
    const setup = await spinSetup(site, token);
    assert.equal(setup.userCoin, 3, '300 baht earns 3 coins');
    const sliceCount = setup.activeSpinwheel?.slice.length ?? 0;
    assert.equal(sliceCount, 8, 'the seeded wheel has eight slices');

    let context: BrowserContext | undefined;
    let page: Page | undefined;
    try {
      context = await newMemberContext(browser, site.url, { language: locale, agreementAccepted: true });
      page = await context.newPage();
      await signInRemembered(page, member);

      // The home's spin widget shows the coins and leads to the wheel, which shows them on its button.
      const widget = page.getByTestId('widget-spin');
      await widget.filter({ hasText: walletText(locale, 'home.coins', { count: 3 }) }).waitFor();
      await widget.click();
      await page.waitForURL('**/user/spin');
      await page.getByTestId('spin-canvas').waitFor();
      const button = page.getByTestId('spin-button');
      await button.filter({ hasText: spinText(locale, 'wheel.coins', { count: 3 }) }).waitFor();
      assert.equal(await button.isEnabled(), true, 'the button shows the 3 coins and can be pressed');

      // The first spin with the full motion (3 to 5 turns with friction); it is the one verified at the end.
      const outcomes: SpinOutcome[] = [await spinOnce(page, locale, sliceCount)];
      assert.equal(outcomes[0]?.remainingCoin, 2);
      assert.equal(outcomes[0]?.nonce, 0, 'the first spin of the seed');
      // The next ones with the short motion of `prefers-reduced-motion` (it lands on the sector all the same).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const isMoney = (o: SpinOutcome | undefined) => o !== undefined && o.code in MONEY_SLICES;
      while (!isMoney(outcomes.at(-1))) {
        assert.ok(outcomes.length < MAX_SPINS, `a money prize within ${MAX_SPINS} spins`);
        if ((outcomes.at(-1)?.remainingCoin ?? 0) === 0) {
          // Out of coins: another deposit of 300 baht earns 3 more; the page hears of it and unlocks the button.
          await depositFromBank(site, token, DEPOSIT);
          await button.filter({ hasText: spinText(locale, 'wheel.coins', { count: 3 }) }).waitFor();
        }
        outcomes.push(await spinOnce(page, locale, sliceCount));
      }
      const winning = outcomes.at(-1) as SpinOutcome;
      t.diagnostic(`${locale}: ${outcomes.length} spins: ${outcomes.map((o) => o.code).join(', ')}`);
      assert.ok(winning.couponId, 'a money prize gives a coupon');

      // Its coupon is listed (newest first) with the prize's amount.
      const coupon = (await spinCoupons(site, token, locale)).find((c) => c._id === winning.couponId);
      assert.ok(coupon, 'the coupon is claimable');
      assert.equal(coupon.amount, (MONEY_SLICES[winning.code] ?? 0) * 100, 'the amount of the slice');
      const row = page.getByTestId('spin-coupon').first();
      await row
        .getByTestId('spin-coupon-amount')
        .filter({ hasText: shown(coupon.amount) })
        .waitFor();
      assert.ok(((await row.textContent()) ?? '').includes(coupon.prize.slice), 'the row names the slice');

      // The home in a second tab of the same browser, to see its total change by itself.
      const home = await context.newPage();
      await home.goto('/user/home');
      const before = await walletAmount(site, token);
      await home
        .getByTestId('home-total')
        .filter({ hasText: shown(before) })
        .waitFor();

      // The claim: a double click on the confirmation sends one claim.
      let claims = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/spinwheel/coupon/claim') claims++;
      });
      await row.getByTestId('spin-coupon-claim').click();
      const claimWindow = page.getByTestId('spin-claim-modal');
      await claimWindow.waitFor();
      assert.ok(
        ((await page.getByTestId('spin-claim-amount').textContent()) ?? '').includes(shown(coupon.amount)),
        'the claim window says how much',
      );
      await page.getByTestId('spin-claim-confirm').dblclick();
      assert.equal(
        await readAlert(page, 'success'),
        spinText(locale, 'claim.success', { label: coupon.prize.slice }),
        'the success message names the prize',
      );
      await claimWindow.waitFor({ state: 'detached' });
      assert.equal(claims, 1, 'the double click sent one claim');

      // A retry of the same claim with a new Idempotency-Key is refused: nothing left to claim.
      const retry = await spinCall(site, '/api/spinwheel/coupon/claim', token, { coupon: coupon._id });
      assert.equal(retry.status, 409);
      assert.equal(retry.code, 'NO_CLAIMABLE_COUPON');

      // Credited exactly once; the home in the other tab shows it without a reload.
      assert.equal(await walletAmount(site, token), before + coupon.amount, 'credited once');
      await home
        .getByTestId('home-total')
        .filter({ hasText: shown(before + coupon.amount) })
        .waitFor();
      assert.equal(minor(await home.getByTestId('home-total').textContent()), before + coupon.amount);
      assert.ok(
        !(await spinCoupons(site, token)).some((c) => c._id === coupon._id),
        'the coupon is no longer listed',
      );
      await home.close();

      // The verify page: before the seed is revealed the spins cannot be checked; rotating reveals it and the
      // first spin, recomputed in the browser, lands where the wheel stopped.
      await page.goto('/user/spin/verify');
      const first = page.getByTestId('spin-draw').filter({
        has: page
          .getByTestId('spin-draw-nonce')
          .getByText(spinText(locale, 'verify.draws.nonce', { nonce: 0 }), {
            exact: true,
          }),
      });
      await first.getByTestId('spin-draw-pending').waitFor();
      assert.equal(await page.getByTestId('spin-draw').count(), outcomes.length, 'every spin is listed');
      await page.getByTestId('spin-rotate').click();
      await first.getByTestId('spin-draw-verify').click();
      const result = first.getByTestId('spin-draw-result');
      await result.waitFor();
      assert.equal(
        (await result.textContent())?.trim(),
        spinText(locale, 'verify.result.verified', { code: outcomes[0]?.code ?? '' }),
      );

      await assertBooksBalanced(site);
    } catch (error) {
      for (const [i, open] of (context?.pages() ?? []).entries())
        await snapshot(open, `spin-${locale}${i === 0 ? '' : `-tab${i + 1}`}`);
      throw error;
    } finally {
      await context?.close();
    }
  });
}

test('the operator turns the wheel off, then its remote: the home and the API follow, and both come back', async () => {
  const member = await registerMember(site, '0865550003');
  const { token } = await api<{ token: string }>(site, '/api/login', {
    body: { username: member.phone, password: member.password },
  });
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  try {
    context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
    page = await context.newPage();
    await signIn(page, member);
    await loadHome(page, true);
    await page.getByTestId('home-spin-button').waitFor();

    // spin.active off: the API says so, the home shows the refresh widget, a spin is refused.
    await setSetting(site, 'spin.active', false);
    assert.equal(await spinActive(site, token), false);
    await loadHome(page, false);
    assert.equal(await page.getByTestId('widget-spin').count(), 0, 'no spin widget');
    assert.equal(await page.getByTestId('home-spin-button').count(), 0, 'no spin button');
    const refused = await spinCall(site, '/api/spinwheel/spin', token);
    assert.equal(refused.status, 404);
    assert.equal(refused.code, 'NO_DATA');
    await setSetting(site, 'spin.active', true);
    assert.equal(await spinActive(site, token), true);

    // The remote off: no wheel page, no home button (and the API says the wheel is not active).
    await setSetting(site, 'remote.mfe-spin.enabled', false);
    assert.equal(await spinActive(site, token), false);
    await page.goto('/user/spin');
    await page.getByTestId('not-found').waitFor();
    await loadHome(page, false);
    assert.equal(await page.getByTestId('home-spin-button').count(), 0, 'no spin button');
    assert.equal(await page.getByTestId('widget-spin').count(), 0, 'no spin widget');

    // Both back on: the home shows the wheel's widget and button again.
    await setSetting(site, 'remote.mfe-spin.enabled', true);
    await loadHome(page, true);
    await page.getByTestId('home-spin-button').click();
    await page.getByTestId('spin-canvas').waitFor();

    await assertBooksBalanced(site);
  } catch (error) {
    if (page) await snapshot(page, 'spin-switches');
    throw error;
  } finally {
    await setSetting(site, 'spin.active', true);
    await setSetting(site, 'remote.mfe-spin.enabled', true);
    await context?.close();
  }
});

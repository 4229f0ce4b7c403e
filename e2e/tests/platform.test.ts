import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { api, registerMember } from '../lib/members';
import { repoRoot, startSite, type Site } from '../lib/site';

interface SandboxSms {
  to: string;
  text: string;
  otpRef?: string;
  createdAt: string;
}

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

/**
 * A test that fakes a remote's network (page.route) runs without the service worker: the worker fetches the
 * remotes' files itself, and the page's routes do not see what the worker answers.
 */
async function withPage(
  name: string,
  fn: (page: Page) => Promise<void>,
  options: Parameters<typeof newMemberContext>[2] = {},
): Promise<void> {
  const context = await newMemberContext(browser, site.url, options);
  const page = await context.newPage();
  try {
    await fn(page);
  } catch (error) {
    await snapshot(page, name);
    throw error;
  } finally {
    await context.close();
  }
}

async function latestSms(phone: string): Promise<SandboxSms> {
  const res = await fetch(`${site.url}/sandbox/sms`);
  const outbox = (await res.json()) as SandboxSms[] | { data: SandboxSms[] };
  const list = Array.isArray(outbox) ? outbox : outbox.data;
  const sms = list.find((m) => m.to === phone);
  assert.ok(sms, `an SMS to ${phone} is in the sandbox outbox`);
  return sms;
}

async function login(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(phone);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/user/home');
}

describe('platform', () => {
  test('a visitor registers with a one-time code, logs in, sees the home, switches language and logs out', async () => {
    await withPage('register-login', async (page) => {
      const phone = '0898765432';
      const password = 'secret-pass-9';
      await page.goto('/register');
      await page.getByTestId('register-phone').fill(phone);
      await page.getByTestId('register-next').click();

      await page.getByTestId('register-otp').waitFor();
      const sms = await latestSms(phone);
      const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
      assert.ok(code, 'the SMS carries a 6-digit code');
      await page.getByTestId('register-otp').fill(code);
      await page.getByTestId('register-next').click();

      await page.getByTestId('register-name').fill('Somchai Jaidee');
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-confirm').fill(password);
      await page.getByTestId('register-next').click();

      await page.getByTestId('register-bank').selectOption('SCB');
      await page.getByTestId('register-first-name').fill('somchai');
      await page.getByTestId('register-last-name').fill('jaidee');
      await page.getByTestId('register-account-no').fill('1112223334');
      await page.getByTestId('register-submit').click();
      await page.waitForURL('**/login', { timeout: 10_000 });

      await login(page, phone, password);
      await assert.doesNotReject(
        page.getByTestId('home-name').filter({ hasText: 'Somchai Jaidee' }).waitFor(),
      );
      assert.equal((await page.getByTestId('home-balance').textContent())?.trim(), '0.00');

      const thaiLogout = (await page.getByTestId('logout').textContent())?.trim();
      await page.getByTestId('language-switcher').selectOption('en');
      await page
        .getByTestId('logout')
        .filter({ hasNotText: thaiLogout ?? '' })
        .waitFor();
      const englishLogout = (await page.getByTestId('logout').textContent())?.trim();
      assert.match(englishLogout ?? '', /log ?out|sign ?out/i);

      await page.getByTestId('language-switcher').selectOption('la');
      await page
        .getByTestId('logout')
        .filter({ hasNotText: englishLogout ?? '' })
        .waitFor();
      const laoLogout = (await page.getByTestId('logout').textContent())?.trim() ?? '';
      assert.match(laoLogout, /[\u0E80-\u0EFF]/, 'Lao text is in Lao script');

      await page.reload();
      await page.getByTestId('home-name').waitFor();
      assert.equal((await page.getByTestId('logout').textContent())?.trim(), laoLogout, 'reload keeps Lao');

      // Logout revokes the session on the server: the token the page held answers 401 invalid-token afterwards.
      const token = await page.evaluate(
        () => window.localStorage.getItem('token') ?? window.sessionStorage.getItem('token'),
      );
      assert.ok(token, 'the signed-in page holds a token');
      await page.getByTestId('logout').click();
      await page.waitForURL('**/login');
      const after = await page.evaluate(async (t) => {
        const res = await fetch('/api/account/profile', { headers: { authorization: `Bearer ${t}` } });
        return { status: res.status, code: ((await res.json()) as { code: string }).code };
      }, token);
      assert.deepEqual(after, { status: 401, code: 'invalid-token' });
      await page.goto('/user/home');
      await page.waitForURL('**/login');
    });
  });

  test('register with an inviter: a valid link code links the inviter; a stale stored code is dropped and registration completes', async () => {
    const { register: strings } = JSON.parse(
      readFileSync(join(repoRoot, 'mfe-auth', 'src', 'locales', 'en', 'auth.json'), 'utf8'),
    ) as { register: { inviteDropped: string } };
    const inviter = await registerMember(site, '0861234500', { name: 'Inviter Somsak' });
    const inviterToken = (
      await api<{ token: string }>(site, '/api/login', {
        body: { username: inviter.phone, password: inviter.password },
      })
    ).token;

    /** The wizard up to the profile step, as a visitor does it (the one-time code from the sandbox SMS). */
    const toProfile = async (page: Page, phone: string) => {
      await page.getByTestId('register-phone').fill(phone);
      await page.getByTestId('register-next').click();
      await page.getByTestId('register-otp').waitFor();
      const code = /\b(\d{6})\b/.exec((await latestSms(phone)).text)?.[1];
      assert.ok(code, 'the SMS carries a 6-digit code');
      await page.getByTestId('register-otp').fill(code);
      await page.getByTestId('register-next').click();
      await page.getByTestId('register-name').waitFor();
    };
    const fillProfile = async (page: Page, name: string) => {
      await page.getByTestId('register-name').fill(name);
      await page.getByTestId('register-password').fill('secret-pass-9');
      await page.getByTestId('register-confirm').fill('secret-pass-9');
      await page.getByTestId('register-next').click();
    };
    const bankAndSubmit = async (page: Page, accountNo: string) => {
      await page.getByTestId('register-bank').selectOption('SCB');
      await page.getByTestId('register-first-name').fill('somchai');
      await page.getByTestId('register-last-name').fill('jaidee');
      await page.getByTestId('register-account-no').fill(accountNo);
      await page.getByTestId('register-submit').click();
      await page.waitForURL('**/login', { timeout: 10_000 });
    };

    await withPage(
      'register-invited',
      async (page) => {
        const code = `REF${inviter.id}`;
        await page.goto(`/register?code=${code}`);
        await toProfile(page, '0861234501');
        const invite = page.getByTestId('register-invite');
        assert.equal(await invite.inputValue(), code);
        assert.equal(await invite.getAttribute('readonly'), '');
        await fillProfile(page, 'Invited Malee');
        await bankAndSubmit(page, '7861234501');
        assert.equal(await page.evaluate(() => window.localStorage.getItem('code')), null);
      },
      { language: 'en' },
    );
    const invited = await api<{ invites: { from: { name: string } }[]; total: number }>(site, '/api/invite', {
      body: { page: 1, limit: 10 },
      token: inviterToken,
    });
    assert.deepEqual(
      invited.invites.map((i) => i.from.name),
      ['Invited Malee'],
      'the inviter lists the member invited by the link',
    );

    await withPage(
      'register-stale-code',
      async (page) => {
        // A code kept by an earlier visit that names nobody (a link of another site, or a member since removed).
        const stale = 'REF0123456789abcdef01234567';
        await page.goto('/register');
        await page.evaluate((value) => window.localStorage.setItem('code', value), stale);
        await page.reload();
        await toProfile(page, '0861234502');
        const invite = page.getByTestId('register-invite');
        assert.equal(await invite.inputValue(), stale);
        await fillProfile(page, 'Stale Somchai');

        // Dropped with a message; the field is open and empty; nothing kept.
        const message = strings.inviteDropped.replace('{{code}}', stale);
        await page.locator('.wl-toast__message', { hasText: message }).waitFor();
        await page.waitForFunction(
          () => !document.querySelector('[data-testid="register-invite"]')?.hasAttribute('readonly'),
        );
        assert.equal(await invite.inputValue(), '');
        assert.equal(await page.evaluate(() => window.localStorage.getItem('code')), null);

        await page.getByTestId('register-next').click();
        await bankAndSubmit(page, '7861234502');
      },
      { language: 'en' },
    );
    // Registered: the new member signs in.
    const signedIn = await api<{ token: string }>(site, '/api/login', {
      body: { username: '0861234502', password: 'secret-pass-9' },
    });
    assert.ok(signedIn.token);
  });

  test('a protected route without a token lands on /login', async () => {
    await withPage('protected', async (page) => {
      await page.goto('/user/profile');
      await page.waitForURL('**/login');
      await page.getByTestId('login-submit').waitFor();
    });
  });

  test('when the operator switches the service off, /login goes to /terminated, whose text shows in th, la and en', async () => {
    await site.ops('set', 'service.active', 'false');
    try {
      for (const language of ['th', 'la', 'en'] as const) {
        const { terminated } = JSON.parse(
          readFileSync(join(repoRoot, 'host', 'src', 'locales', language, 'host.json'), 'utf8'),
        ) as { terminated: { pageTitle: string; title: string; message: string } };
        await withPage(
          `terminated-${language}`,
          async (page) => {
            await page.goto('/login');
            await page.waitForURL('**/terminated');
            const view = page.getByTestId('terminated');
            const heading = view.getByRole('heading', { name: terminated.title });
            const message = view.getByText(terminated.message);
            // Visible as Playwright means it (not `visibility: hidden`, not empty), and painted: the element the
            // browser finds at the heading's centre is the heading.
            await heading.waitFor({ state: 'visible' });
            await message.waitFor({ state: 'visible' });
            for (const element of [heading, message]) {
              const seen = await element.evaluate((node) => {
                const box = node.getBoundingClientRect();
                const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
                return {
                  visibility: getComputedStyle(node).visibility,
                  opacity: getComputedStyle(node).opacity,
                  painted: hit !== null && node.contains(hit),
                };
              });
              assert.deepEqual(seen, { visibility: 'visible', opacity: '1', painted: true });
            }
            assert.equal(await page.title(), terminated.pageTitle);
          },
          { language },
        );
      }
    } finally {
      await site.ops('set', 'service.active', 'true');
    }
    await withPage('terminated-restored', async (page) => {
      await page.goto('/login');
      await page.getByTestId('login-submit').waitFor();
      assert.match(page.url(), /\/login$/);
    });
  });

  test('a remote whose manifest is unreachable shows the fallback while the menu still works', async () => {
    await withPage(
      'remote-down',
      async (page) => {
        await page.route('**/remotes/mfe-wallet/**', (route) => route.abort('connectionrefused'));
        await login(page, '0812345678', 'demo-pass-1');
        // The wallet's own skeleton while the policy retries, then the wallet's own panel (not any panel).
        await page.locator('[data-testid="remote-skeleton"][data-remote="mfe_wallet/Home"]').waitFor();
        const panel = page.locator('.wl-unavailable[data-remote="mfe_wallet/Home"]');
        await panel.waitFor({ timeout: 20_000 });
        assert.equal(await page.getByTestId('remote-skeleton').count(), 0, 'the panel replaced the skeleton');

        // The remote is back: the panel's retry brings the home.
        await page.unroute('**/remotes/mfe-wallet/**');
        await panel.getByRole('button').click();
        await page.getByTestId('home-name').waitFor();
        assert.equal(await panel.count(), 0, 'the panel is gone');

        await page.getByTestId('menu-profile').click();
        await page.waitForURL('**/user/profile');
        await page.getByTestId('profile-name').waitFor();
      },
      { serviceWorkers: 'block' },
    );
  });

  test('a slow remote shows a page-shaped skeleton, busy and in Thai, until its content replaces it', async () => {
    await withPage(
      'remote-slow',
      async (page) => {
        await page.route('**/remotes/mfe-wallet/mf-manifest.json', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          await route.continue();
        });
        await login(page, '0812345678', 'demo-pass-1');
        const skeleton = page.locator('[data-testid="remote-skeleton"][data-remote="mfe_wallet/Home"]');
        await skeleton.waitFor();
        assert.equal(await skeleton.getAttribute('aria-busy'), 'true');
        const label = skeleton.getByRole('status');
        assert.equal((await label.textContent())?.trim(), 'กำลังโหลด…');
        const labelBox = await label.boundingBox();
        assert.ok(
          labelBox && labelBox.width <= 1 && labelBox.height <= 1,
          'the text is for assistive technology only',
        );
        assert.ok(((await skeleton.boundingBox())?.height ?? 0) > 200, 'the skeleton is shaped like a page');
        await page.getByTestId('member-menu').waitFor();

        await page.getByTestId('home-name').waitFor();
        await skeleton.waitFor({ state: 'detached' });
      },
      { serviceWorkers: 'block' },
    );
  });

  test('an operator turning a remote off hides its routes and menu entries on the next page load', async () => {
    await withPage('remote-off', async (page) => {
      await login(page, '0812345678', 'demo-pass-1');
      await page.getByTestId('menu-statement').waitFor();
      await site.ops('set', 'remote.mfe-bonus.enabled', 'false');
      try {
        await page.reload();
        await page.getByTestId('menu-profile').waitFor();
        assert.equal(await page.getByTestId('menu-statement').count(), 0, 'statement entry hidden');
        await page.goto('/user/statement');
        await page.getByTestId('not-found').waitFor();
      } finally {
        await site.ops('set', 'remote.mfe-bonus.enabled', 'true');
      }
    });
  });
});

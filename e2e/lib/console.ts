import assert from 'node:assert/strict';
import { TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Site } from './site';

/** An operator of the console as a scenario knows it: the password the CLI printed and, once enrolled, the key. */
export interface ConsoleOperator {
  username: string;
  password: string;
  /** The TOTP key the enrolment screen showed (base32), set by `enrolInConsole`. */
  secret?: string;
  /** The last 30-second step a code was used for: the server takes each step once. */
  lastStep?: number;
}

/** Creates an operator with the CLI exactly as an admin does; the password is the one it prints once. */
export async function createOperator(
  site: Site,
  username: string,
  role: 'admin' | 'finance' | 'support',
): Promise<ConsoleOperator> {
  const out = await site.ops('create-operator', username, '--role', role);
  const password = /password \(shown once\): (\S+)/.exec(out)?.[1];
  assert.ok(password, `the CLI printed the password:\n${out}`);
  return { username, password };
}

/** A laptop-sized context (operators work at a desk) with the console in English. */
export async function newConsoleContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  await context.addInitScript(() => window.localStorage.setItem('locale', 'en'));
  return context;
}

/**
 * The code an authenticator app shows for the operator's key, for a step after the last one used (the server
 * accepts the step before and after the current one, each once).
 */
function nextCode(operator: ConsoleOperator): string {
  assert.ok(operator.secret, 'the operator has enrolled');
  const totp = new TOTP({ secret: operator.secret, digits: 6, period: 30, algorithm: 'SHA1' });
  const now = Math.floor(Date.now() / 30_000);
  const step = operator.lastStep === undefined || operator.lastStep < now ? now : operator.lastStep + 1;
  assert.ok(step <= now + 1, 'a code for the step after the next would be refused: wait');
  operator.lastStep = step;
  return totp.generate({ timestamp: step * 30_000 });
}

async function submitPassword(page: Page, operator: ConsoleOperator): Promise<void> {
  await page.goto('/ops/');
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel(/^Password/).fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const consoleMenu = (page: Page) => page.getByRole('navigation', { name: 'Console menu' });

/**
 * The first sign-in: password, then the enrolment (the key typed into "the app" instead of scanning the QR), the
 * first code, the ten recovery codes once; ends in the console. Returns the recovery codes.
 */
export async function enrolInConsole(page: Page, operator: ConsoleOperator): Promise<string[]> {
  await submitPassword(page, operator);
  await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  operator.secret = (await page.getByLabel('Setup key').textContent())?.replace(/\s+/g, '') ?? '';
  await page.getByLabel('The 6-digit code the app now shows').fill(nextCode(operator));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await consoleMenu(page).waitFor();
  return codes;
}

/** A later sign-in: password, then a code from the authenticator. */
export async function signInToConsole(page: Page, operator: ConsoleOperator): Promise<void> {
  await submitPassword(page, operator);
  await page.getByLabel('6-digit code').fill(nextCode(operator));
  await page.getByRole('button', { name: 'Verify' }).click();
  await consoleMenu(page).waitFor();
}

/** The console menu's entries, in order. */
export const menuEntries = async (page: Page): Promise<string[]> =>
  (await consoleMenu(page).getByRole('link').allTextContents()).map((e) => e.trim());

/** Calls the operator API from the console page itself (its cookie, and the console header on writes). */
export async function callFromConsole(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; code: string }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          accept: 'application/json',
          ...(method === 'POST'
            ? { 'x-requested-with': 'ops-console', 'content-type': 'application/json' }
            : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json().catch(() => ({}))) as { code?: string };
      return { status: res.status, code: json.code ?? '' };
    },
    { method, path, body },
  );
}

import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { createOperator } from '../lib/console';
import type { Site } from '../lib/site';

/**
 * The operators' console's sign-in as the tour goes through it: by the fields' ids (ops-console/src/sign-in/*),
 * which are the same in every language, where e2e/lib/console.ts goes by the English labels.
 */

/** The code an authenticator app shows now for a key (base32) of the enrolment screen. */
export function totpCode(secret: string): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

const submitButton = (page: Page) => page.locator('.ops-card form button[type="submit"]');

/**
 * A new operator (the CLI, as an admin creates one) at the first sign-in: name and password given, on the
 * enrolment screen with its QR code.
 */
export async function startEnrolment(
  page: Page,
  site: Site,
  username: string,
  role: 'admin' | 'finance' | 'support',
): Promise<void> {
  const operator = await createOperator(site, username, role);
  if (!page.url().endsWith('/ops/')) await page.goto('/ops/');
  await page.locator('#ops-username').fill(operator.username);
  await page.locator('#ops-password').fill(operator.password);
  await submitButton(page).click();
  await page.locator('img.ops-qr').waitFor();
}

/** On the enrolment screen: the first code from the key shown, confirmed; ends on the recovery codes. */
export async function confirmEnrolment(page: Page): Promise<void> {
  const secret = ((await page.locator('.ops-secret code').textContent()) ?? '').replace(/\s+/g, '');
  await page.locator('#ops-enrol-code').fill(totpCode(secret));
  await submitButton(page).click();
  await page.locator('ol.ops-recovery').waitFor();
}

/** On the recovery codes: "I have saved them", into the console. */
export async function leaveRecoveryCodes(page: Page): Promise<void> {
  await page.locator('.ops-card > button').last().click();
  await page.locator('.ops-shell').waitFor();
}

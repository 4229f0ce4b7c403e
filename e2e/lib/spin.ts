import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiData } from '@wallet/api-types';
import { api, type Member } from './members';
import { readJson, repoRoot, type Site } from './site';

/**
 * Small steps of the prize-wheel scenario and the tour's wheel states (docs/spin.md): the operator's switches,
 * the wheel's calls as the member's pages make them, the wheel's geometry as the page draws it, and the texts the
 * member reads.
 */

export type SpinSetup = ApiData<'/api/spinwheel/setup', 'get'>;
export type SpinOutcome = ApiData<'/api/spinwheel/spin', 'post'>['result'];
export type SpinCoupon = ApiData<'/api/spinwheel/coupon', 'get'>[number];

/** The slices whose prize is money, with their amount in baht (docs/spin.md, the seeded wheel). */
export const MONEY_SLICES: Readonly<Record<string, number>> = {
  CASH10: 10,
  CASH20: 20,
  CASH50: 50,
  CASH100: 100,
};

/**
 * Signs in through the login page with "remember me" ticked (the session is kept in local storage, so another
 * tab of the same browser is signed in too) and waits for the home with its balance.
 */
export async function signInRemembered(page: Page, member: Member): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(member.phone);
  await page.getByTestId('login-password').fill(member.password);
  await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/user/home');
  await page.getByTestId('home-balance').waitFor();
}

/**
 * Sets an operator setting through the ops API (POST /api/ops/settings/:key, as `npm run ops -- set` does) and
 * answers the value it had before.
 */
export async function setSetting(site: Site, key: string, value: boolean): Promise<boolean> {
  const { opsSecret } = readJson<{ opsSecret: string }>(join(site.dataDir, 'secrets.json'));
  const url = `${site.url}/api/ops/settings/${encodeURIComponent(key)}`;
  const headers = { 'x-ops-secret': opsSecret, 'content-type': 'application/json' };
  const before = (await (await fetch(url, { headers })).json()) as { data: { value: boolean } };
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ value }) });
  assert.equal(res.status, 200, `set ${key}=${value}: HTTP ${res.status}`);
  return before.data.value;
}

export const spinSetup = (site: Site, token: string): Promise<SpinSetup> =>
  api<SpinSetup>(site, '/api/spinwheel/setup', { token });

export const spinActive = async (site: Site, token: string): Promise<boolean> =>
  (await api<{ isActive: boolean }>(site, '/api/spinwheel/active', { token })).isActive;

/** The member's claimable coupons, their labels in `locale` (as the member's pages ask for them). */
export async function spinCoupons(site: Site, token: string, locale: Locale = 'th'): Promise<SpinCoupon[]> {
  const res = await fetch(`${site.url}/api/spinwheel/coupon`, {
    headers: { 'x-requested-by': 'wallet-user', authorization: `Bearer ${token}`, 'accept-language': locale },
  });
  const json = (await res.json()) as { code: string; data: SpinCoupon[] };
  assert.equal(res.status, 200, `/api/spinwheel/coupon: ${res.status} ${json.code}`);
  return json.data;
}

/**
 * A wheel call as the page sends it (Idempotency-Key, the site's headers), answering its HTTP status, the
 * envelope's code and data, whatever the status: for the refusals a scenario expects.
 */
export async function spinCall<T = unknown>(
  site: Site,
  path: string,
  token: string,
  body: unknown = {},
  idempotencyKey: string = randomUUID(),
): Promise<{ status: number; code: string; data: T }> {
  const res = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-by': 'wallet-user',
      authorization: `Bearer ${token}`,
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: string; data: T };
  return { status: res.status, code: json.code, data: json.data };
}

/**
 * The sector under the pointer when the wheel is turned clockwise by `rotation` degrees (docs: sectors clockwise
 * from the pointer at the top, sector `i` of `n` covering the wheel angles [i·360/n, (i+1)·360/n)). Turning the
 * wheel by `rotation` brings the wheel angle `−rotation` under the pointer. Derived here again, not imported from
 * the page, so the scenario checks the page's drawing against the rule rather than against itself.
 */
export function sectorUnderPointer(rotation: number, count: number): number {
  const sweep = 360 / count;
  const underPointer = (((-rotation % 360) + 360) % 360) % 360;
  return Math.min(count - 1, Math.floor(underPointer / sweep));
}

/** How far (degrees) the pointer is from the centre of sector `index` at `rotation`. */
export function offsetFromCentre(rotation: number, index: number, count: number): number {
  const sweep = 360 / count;
  const underPointer = (((-rotation % 360) + 360) % 360) % 360;
  const d = Math.abs(underPointer - (index + 0.5) * sweep);
  return Math.min(d, 360 - d);
}

export type Locale = 'th' | 'la' | 'en';

const catalogues = new Map<string, Record<string, unknown>>();

/** A catalogue of the repository by its path (cached). */
function catalogue(...path: string[]): Record<string, unknown> {
  const file = join(repoRoot, ...path);
  let found = catalogues.get(file);
  if (!found) {
    found = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    catalogues.set(file, found);
  }
  return found;
}

/**
 * A text of a catalogue by its dotted key with its `{{values}}` filled in; a `count` picks the plural form of the
 * language (i18next's `_one`/`_other`). Throws when the key is missing (no silent fallback).
 */
function catalogueText(
  file: Record<string, unknown>,
  locale: Locale,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const lookup = (k: string) =>
    k.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
  let value = lookup(key);
  if (value === undefined && typeof values.count === 'number')
    value = lookup(`${key}_${new Intl.PluralRules(locale).select(values.count)}`) ?? lookup(`${key}_other`);
  if (typeof value !== 'string') throw new Error(`no text ${key} (${locale})`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** A text of mfe-spin's catalogue (`spin.json`) in that language. */
export const spinText = (locale: Locale, key: string, values?: Record<string, string | number>): string =>
  catalogueText(catalogue('mfe-spin', 'src', 'locales', locale, 'spin.json'), locale, key, values);

/** A text of mfe-wallet's catalogue (`wallet.json`) in that language. */
export const walletText = (locale: Locale, key: string, values?: Record<string, string | number>): string =>
  catalogueText(catalogue('mfe-wallet', 'src', 'locales', locale, 'wallet.json'), locale, key, values);

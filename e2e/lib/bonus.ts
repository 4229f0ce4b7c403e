import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiData } from '@wallet/api-types';
import { api } from './members';
import { readJson, type Site } from './site';

/**
 * Small steps of the bonus scenarios and the tour's bonus states, done the way the site's parts do them: money
 * from the member's bank through the sandbox bank, money-moving calls with an Idempotency-Key, rounds played on
 * the sandbox game provider's play page (its form post), the operator's books check.
 */

export type ActiveBonus = ApiData<'/api/bonus/check/active', 'get'>;
export type LedgerCheck = ApiData<'/api/ops/ledger/check', 'get'>;
type WalletView = ApiData<'/api/wallet', 'get'>;

/** The signed-in member's token, as the site keeps it in the browser. */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  assert.ok(token, 'the page is signed in');
  return token;
}

/** A money-moving call (GET or POST) with a fresh Idempotency-Key, as the site's pages send them. */
export async function moneyApi<T>(
  site: Site,
  path: string,
  init: { token: string; body?: unknown },
): Promise<T> {
  const res = await fetch(`${site.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-by': 'wallet-user',
      authorization: `Bearer ${init.token}`,
      'idempotency-key': randomUUID(),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { code: string; data: T };
  assert.equal(res.status, 200, `${path}: ${res.status} ${json.code}`);
  return json.data;
}

export const walletAmount = async (site: Site, token: string): Promise<number> =>
  (await api<WalletView>(site, '/api/wallet', { token })).wallet.amount;

/**
 * A transfer from the member's registered bank account (the sandbox bank reports it); waits until the wallet
 * shows it.
 */
export async function depositFromBank(site: Site, token: string, amount: number): Promise<void> {
  const view = await api<WalletView>(site, '/api/wallet', { token });
  const before = view.wallet.amount;
  const res = await fetch(`${site.url}/sandbox/bank/incoming`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fromAccountNo: view.bankAccount.bankAccountNo,
      fromBankCode: view.bankAccount.bank.code,
      amount,
    }),
  });
  assert.equal(res.status, 200, `sandbox bank incoming: ${res.status}`);
  const deadline = Date.now() + 10_000;
  while ((await walletAmount(site, token)) < before + amount) {
    assert.ok(Date.now() < deadline, 'the bank transfer was credited');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The member's open bonus and its turnover (GET /api/bonus/check/active). */
export const activeBonus = (site: Site, token: string): Promise<ActiveBonus> =>
  api<ActiveBonus>(site, '/api/bonus/check/active', { token });

/**
 * The play-page session of the member's game account `code` (opened here when it is not yet): the `session` of
 * the auto-login link the game's "Play" button opens.
 */
export async function gameSession(site: Site, token: string, code: string): Promise<string> {
  const view = await api<WalletView>(site, '/api/wallet', { token });
  if (!view.slots.find((g) => g.code === code)?.isActive)
    await api(site, `/api/wallet/activate/${code}`, { token });
  const { username } = await api<ApiData<'/api/wallet/account/{code}', 'get'>>(
    site,
    `/api/wallet/account/${code}`,
    { token },
  );
  const { link } = await api<ApiData<'/api/autoLogin/{provider}/{username}', 'get'>>(
    site,
    `/api/autoLogin/${code.toLowerCase()}/${encodeURIComponent(username)}`,
    { token },
  );
  const session = new URL(link, site.url).searchParams.get('session');
  assert.ok(session, `the auto-login link of ${code} carries a session: ${link}`);
  return session;
}

/** The `session` of a sandbox play page's address. */
export function sessionOf(playPageUrl: string): string {
  const session = new URL(playPageUrl).searchParams.get('session');
  assert.ok(session, `a play page address: ${playPageUrl}`);
  return session;
}

/**
 * One round on the sandbox provider's play page, as its form posts it (`bet` in baht). Answers the play page's
 * verdict: won, lost, or bet (refused: not enough balance in the game).
 */
export async function playRound(
  site: Site,
  code: string,
  session: string,
  bet: number,
): Promise<'won' | 'lost' | 'bet'> {
  const res = await fetch(`${site.url}/sandbox/games/${code}/play?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session, bet: String(bet) }).toString(),
    redirect: 'manual',
  });
  assert.equal(res.status, 303, `play ${code}: ${res.status}`);
  const msg = new URL(res.headers.get('location') ?? '', site.url).searchParams.get('msg');
  assert.ok(msg === 'won' || msg === 'lost' || msg === 'bet', `play ${code}: ${msg}`);
  return msg;
}

/** The books check of the operator (GET /api/ops/ledger/check, with the operator secret of the site's data folder). */
export async function ledgerCheck(site: Site): Promise<LedgerCheck> {
  const { opsSecret } = readJson<{ opsSecret: string }>(join(site.dataDir, 'secrets.json'));
  const res = await fetch(`${site.url}/api/ops/ledger/check`, { headers: { 'x-ops-secret': opsSecret } });
  const json = (await res.json()) as { code: string; data: LedgerCheck };
  assert.equal(res.status, 200, `ledger check: ${res.status} ${json.code}`);
  return json.data;
}

/** The books balance: every currency's balances sum to zero and no account or transaction is off. */
export async function assertBooksBalanced(site: Site): Promise<void> {
  const check = await ledgerCheck(site);
  for (const [currency, sum] of Object.entries(check.trialBalance))
    assert.equal(sum, 0, `the ${currency} books sum to zero`);
  assert.equal(check.accountsOff, 0, 'no account is off');
  assert.equal(check.transactionsOff, 0, 'no transaction is off');
}

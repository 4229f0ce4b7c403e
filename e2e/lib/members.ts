import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Site } from './site';

interface Envelope<T> {
  code: string;
  data: T;
}

export async function api<T>(
  site: Site,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const res = await fetch(`${site.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      'x-requested-by': 'wallet-user',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as Envelope<T> & { message?: string };
  assert.ok(res.ok, `${path}: ${res.status} ${json.code}`);
  return json.data;
}

export interface Member {
  phone: string;
  password: string;
  name: string;
  id: string;
}

/** Registers a member through the API exactly as the wizard does (code from the sandbox SMS outbox). */
export async function registerMember(
  site: Site,
  phone: string,
  {
    name = 'Malee Srisuk',
    inviteCode = '',
    accountNo,
  }: { name?: string; inviteCode?: string; accountNo?: string } = {},
): Promise<Member> {
  const password = 'pass-word-1';
  const sent = await api<{ otpToken: string }>(site, '/api/otp/send', { body: { phoneNumber: phone } });
  const outbox = (await (await fetch(`${site.url}/sandbox/sms`)).json()) as { to: string; text: string }[];
  const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === phone)?.text ?? '')?.[1];
  assert.ok(code, 'the one-time code is in the outbox');
  await api(site, '/api/otp/verify', { body: { otpToken: sent.otpToken, otpCode: code } });
  const created = await api<{ _id: string }>(site, '/api/account', {
    body: {
      name,
      username: phone,
      password,
      sourceCode: '',
      inviteCode,
      bankCode: 'SCB',
      bankAccountName: 'MALEE SRISUK',
      bankAccountNo: accountNo ?? `9${phone.slice(1)}`,
      currency: 'THB',
      otpToken: sent.otpToken,
    },
  });
  return { phone, password, name, id: created._id };
}

/** Signs in through the login page, as the member would, and waits for the home with its balance. */
export async function signIn(page: Page, member: Member): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(member.phone);
  await page.getByTestId('login-password').fill(member.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/user/home');
  await page.getByTestId('home-balance').waitFor();
}

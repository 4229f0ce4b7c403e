// What the scripts that load the site in a browser share (bench.mjs, bench-trace.mjs; bench-bundle.mjs takes the
// flags): Chromium's flags, a member registered through the built server's API, and the session as the site
// stores it.

import { createRequire } from 'node:module';

/**
 * Debian's Chromium, headless, with nothing of its own on the network: the flags the e2e tests use too
 * (tooling/chromium-flags.json).
 */
export const CHROME_FLAGS = createRequire(import.meta.url)('../tooling/chromium-flags.json');

export async function api(url, path, body, token) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-by': 'wallet-user',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.code}`);
  return json.data;
}

/** Registers a member the way the wizard does (code from the sandbox SMS outbox), then signs in: the token. */
export async function memberToken(url) {
  const phone = '0861100110';
  const password = 'pass-word-1';
  const sent = await api(url, '/api/otp/send', { phoneNumber: phone });
  const outbox = await (await fetch(`${url}/sandbox/sms`)).json();
  const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === phone)?.text ?? '')?.[1];
  if (!code) throw new Error('no one-time code in the sandbox outbox');
  await api(url, '/api/otp/verify', { otpToken: sent.otpToken, otpCode: code });
  await api(url, '/api/account', {
    name: 'Malee Srisuk',
    username: phone,
    password,
    sourceCode: '',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'MALEE SRISUK',
    bankAccountNo: `9${phone.slice(1)}`,
    currency: 'THB',
    otpToken: sent.otpToken,
  });
  return (await api(url, '/api/login', { username: phone, password })).token;
}

/**
 * The session as the site stores it when "remember me" is on (shared/src/auth/session.ts): the token in
 * localStorage, and its copy in the page cookie the app writes with it (sent with page loads under /user).
 */
export const TOKEN_KEY = 'token';
export const pageCookie = (token) =>
  `wl_page=${encodeURIComponent(token)}; Path=/user; Max-Age=43200; SameSite=Strict`;
/** The mark of a confirmed agreement (mfe-wallet/src/agreement/agreement-storage.ts). */
export const AGREEMENT_KEY = 'remember-agreement';

import { BehaviorSubject, type Observable } from 'rxjs';

/** Storage key of the bearer token (localStorage when remembered, sessionStorage otherwise). */
export const TOKEN_KEY = 'token';

export interface Session {
  token: string;
  remember: boolean;
}

/**
 * The cookie that lets the server paint a member's first screen (the balance on /user/home) before any JavaScript
 * runs (docs/architecture.md "First load"): a copy of a remembered session's token, sent only with page loads under
 * `/user` (never with API calls or files), same-site only. A session kept for this visit only has no cookie: its
 * pages paint the skeleton instead, as before. The API never reads it: it authorises the bearer header alone.
 */
export const PAGE_COOKIE = 'wl_page';

/** How long the cookie lives: as long as a token the server signs (12 h, server/src/app.ts `JWT_TTL`). */
const PAGE_COOKIE_MAX_AGE_S = 12 * 3600;

function writePageCookie(session: Session | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = session?.remember ? encodeURIComponent(session.token) : '';
  const age = session?.remember ? PAGE_COOKIE_MAX_AGE_S : 0;
  try {
    document.cookie = `${PAGE_COOKIE}=${value}; Path=/user; Max-Age=${age}; SameSite=Strict${secure}`;
  } catch {
    // Cookies blocked: the first screen shows its skeleton.
  }
}

function readStoredSession(): Session | null {
  try {
    const remembered = window.localStorage.getItem(TOKEN_KEY);
    if (remembered) return { token: remembered, remember: true };
    const session = window.sessionStorage.getItem(TOKEN_KEY);
    if (session) return { token: session, remember: false };
  } catch {
    // Storage can be unavailable (privacy mode); the member is then simply signed out.
  }
  return null;
}

const subject = new BehaviorSubject<Session | null>(readStoredSession());
// A session stored before the page cookie existed (or by another tab) gets it on the next page.
writePageCookie(subject.getValue());

/** The current session; emits on sign-in and sign-out (also when another tab changes the stored token). */
export const session$: Observable<Session | null> = subject.asObservable();

export function getSession(): Session | null {
  return subject.getValue();
}

export function getToken(): string | null {
  return subject.getValue()?.token ?? null;
}

export function hasToken(): boolean {
  return getToken() !== null;
}

function removeStoredTokens(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}

export function setSession(token: string, remember: boolean): void {
  removeStoredTokens();
  try {
    (remember ? window.localStorage : window.sessionStorage).setItem(TOKEN_KEY, token);
  } catch {
    // Storage blocked (privacy mode): the session lives in memory for this page only.
  }
  writePageCookie({ token, remember });
  subject.next({ token, remember });
}

/** Replaces the token but keeps the remember choice (after a password change the server issues a new one). */
export function replaceToken(token: string): void {
  setSession(token, subject.getValue()?.remember ?? false);
}

export function clearSession(): void {
  removeStoredTokens();
  writePageCookie(null);
  if (subject.getValue() !== null) subject.next(null);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) {
      const next = readStoredSession();
      if (next?.token !== subject.getValue()?.token) {
        writePageCookie(next);
        subject.next(next);
      }
    }
  });
}

import { BehaviorSubject, type Observable } from 'rxjs';

/** Storage key of the bearer token (localStorage when remembered, sessionStorage otherwise). */
export const TOKEN_KEY = 'token';

export interface Session {
  token: string;
  remember: boolean;
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
  subject.next({ token, remember });
}

/** Replaces the token but keeps the remember choice (after a password change the server issues a new one). */
export function replaceToken(token: string): void {
  setSession(token, subject.getValue()?.remember ?? false);
}

export function clearSession(): void {
  removeStoredTokens();
  if (subject.getValue() !== null) subject.next(null);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) {
      const next = readStoredSession();
      if (next?.token !== subject.getValue()?.token) subject.next(next);
    }
  });
}

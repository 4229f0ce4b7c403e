import type { Session } from './session';
import {
  TOKEN_KEY,
  clearSession,
  getSession,
  getToken,
  hasToken,
  replaceToken,
  session$,
  setSession,
} from './session';

describe('session', () => {
  let seen: (Session | null)[];
  let unsubscribe: () => void;

  beforeEach(() => {
    clearSession();
    window.localStorage.clear();
    window.sessionStorage.clear();
    seen = [];
    const subscription = session$.subscribe((value) => seen.push(value));
    unsubscribe = () => subscription.unsubscribe();
  });

  afterEach(() => unsubscribe());

  it('keeps a remembered token in localStorage', () => {
    setSession('remembered', true);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('remembered');
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getSession()).toEqual({ token: 'remembered', remember: true });
  });

  it('keeps a token for this visit only in sessionStorage', () => {
    setSession('visit', false);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('visit');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(hasToken()).toBe(true);
  });

  it('moves the token when the remember choice changes', () => {
    setSession('a', true);
    setSession('b', false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('b');
  });

  it('replaces the token but keeps the remember choice', () => {
    setSession('old', true);
    replaceToken('new');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('new');
    expect(getSession()).toEqual({ token: 'new', remember: true });
  });

  it('clears both storages', () => {
    setSession('x', true);
    window.sessionStorage.setItem(TOKEN_KEY, 'leftover');
    clearSession();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getToken()).toBeNull();
    expect(hasToken()).toBe(false);
  });

  it('emits the current value, then each sign-in and sign-out', () => {
    setSession('t1', false);
    clearSession();
    clearSession();
    expect(seen).toEqual([null, { token: 't1', remember: false }, null]);
  });

  it('follows a token change made in another tab', () => {
    window.localStorage.setItem(TOKEN_KEY, 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    expect(getSession()).toEqual({ token: 'from-other-tab', remember: true });

    window.localStorage.removeItem(TOKEN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    expect(getSession()).toBeNull();
    expect(seen).toEqual([null, { token: 'from-other-tab', remember: true }, null]);
  });
});

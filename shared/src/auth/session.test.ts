import type { Session } from './session';
import {
  PAGE_COOKIE,
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

  describe("the page cookie (the server paints a remembered member's first screen with it)", () => {
    let written: string[];
    let spy: jest.SpyInstance;
    beforeEach(() => {
      written = [];
      spy = jest.spyOn(Document.prototype, 'cookie', 'set').mockImplementation((value: string) => {
        written.push(value);
      });
    });
    afterEach(() => spy.mockRestore());

    it('copies a remembered token for page loads under /user only, same-site only', () => {
      setSession('tok/en+1', true);
      expect(written).toEqual([`${PAGE_COOKIE}=tok%2Fen%2B1; Path=/user; Max-Age=43200; SameSite=Strict`]);
    });

    it('writes no token for a session kept for this visit only, and removes an earlier one', () => {
      setSession('visit', false);
      expect(written).toEqual([`${PAGE_COOKIE}=; Path=/user; Max-Age=0; SameSite=Strict`]);
    });

    it("is removed on sign-out and follows another tab's sign-out", () => {
      setSession('a', true);
      clearSession();
      expect(written.at(-1)).toBe(`${PAGE_COOKIE}=; Path=/user; Max-Age=0; SameSite=Strict`);
      window.localStorage.setItem(TOKEN_KEY, 'other-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
      expect(written.at(-1)).toBe(`${PAGE_COOKIE}=other-tab; Path=/user; Max-Age=43200; SameSite=Strict`);
      window.localStorage.removeItem(TOKEN_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
      expect(written.at(-1)).toBe(`${PAGE_COOKIE}=; Path=/user; Max-Age=0; SameSite=Strict`);
    });
  });
});

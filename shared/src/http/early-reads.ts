/**
 * Reads a member page's first screen needs, started by the host's main.js while its bootstrap and the route's
 * remote are still loading (docs/architecture.md "First load"): the server names them for the route (the `site`
 * block's `reads`), main.js asks for them with the stored token, and the first `get()` of each path takes the
 * answer instead of asking again. Without this the home asked for its wallet only once the remote had loaded and
 * rendered.
 *
 * main.js runs before Module Federation shares anything, so it has its own copy of this module, not the shared
 * package's: the reads are handed over on `window` under a registered symbol. Nothing here imports the rest of the
 * package (no React, no rxjs, no axios).
 *
 * An early read only ever answers successfully: an error (401, 5xx, no network) is dropped and the caller's own
 * request goes out as usual, with the client's error handling. It serves one ask, only with the same token and
 * language it was made with, and only while it is fresh.
 */
import { TOKEN_KEY } from '../auth/token-key';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from './headers';

/** An early answer older than this is not used: the caller asks the network for a fresh one. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

const REGISTRY = Symbol.for('wallet-site.early-reads');
/** What may be read early: the site's own API paths, without a query. */
const READ_PATH = /^\/api\/[A-Za-z0-9/_-]+$/;

interface EarlyRead {
  token: string;
  locale: string;
  startedAt: number;
  answer: Promise<Response | undefined>;
}
type Registry = Map<string, EarlyRead>;
type WithRegistry = Window & { [REGISTRY]?: Registry };

function storedToken(win: Window): string | null {
  try {
    return win.localStorage.getItem(TOKEN_KEY) ?? win.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Starts the GETs of `paths` with the stored member token, in the page's language. Without a stored token (a
 * visitor, whom the host sends to sign in) nothing is asked.
 */
export function startEarlyReads(paths: readonly unknown[], locale: string, win: Window = window): void {
  const token = storedToken(win);
  if (!token || typeof win.fetch !== 'function') return;
  const reads: Registry = new Map();
  for (const path of paths) {
    if (typeof path !== 'string' || !READ_PATH.test(path) || reads.has(path)) continue;
    const answer = win
      .fetch(path, {
        credentials: 'same-origin',
        headers: {
          Authorization: `Bearer ${token}`,
          [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
          'Accept-Language': locale,
        },
      })
      .catch(() => undefined);
    reads.set(path, { token, locale, startedAt: Date.now(), answer });
  }
  (win as WithRegistry)[REGISTRY] = reads;
}

/**
 * The early read of `path`, the first time it is asked (answered or not, it is forgotten), when it was made with
 * this token and language less than EARLY_READ_MAX_AGE_MS ago; else undefined.
 */
export function takeEarlyRead(
  path: string,
  token: string,
  locale: string,
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): Promise<Response | undefined> | undefined {
  const reads = (win as WithRegistry | undefined)?.[REGISTRY];
  const read = reads?.get(path);
  if (!reads || !read) return undefined;
  reads.delete(path);
  const usable =
    read.token === token && read.locale === locale && Date.now() - read.startedAt < EARLY_READ_MAX_AGE_MS;
  return usable ? read.answer : undefined;
}

/**
 * The shell's frame the server paints before any JavaScript: the top bar, the menus and the page's skeleton as
 * static HTML — the shell's own React markup, rendered by the host's build (page-frame.tsx) and filled in by the
 * server (server/src/platform/index-page/) — styled by the host's extracted stylesheet. React renders the real
 * shell into `#root`; the frame goes in the commit that first shows the shell (or a bare page), before the browser
 * paints again, so the member never sees a blank page or a jump (docs/architecture.md "First load"). Nothing here
 * imports React: main.ts reads the page's language from this module before the Module Federation boundary.
 */

/** The frame's element (page-frame.tsx gives it this id). */
export const FRAME_ID = 'shell-frame';
/** The page's data block with the language the server chose, the site's name and the route's remote module. */
export const SITE_BLOCK_ID = 'site';

export interface SiteBlock {
  locale?: string;
  name?: string;
  module?: string;
}

/** What the server told the page about itself (empty when the page has no such block). */
export function readSiteBlock(doc: Document = document): SiteBlock {
  const text = doc.getElementById(SITE_BLOCK_ID)?.textContent;
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return {};
    const { locale, name, module } = value as Record<string, unknown>;
    return {
      ...(typeof locale === 'string' ? { locale } : {}),
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof module === 'string' ? { module } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Removes the server's frame (a page without one is left alone). The shell calls it in the commit that renders it
 * (`useStaticFrameHandoff`), so the frame and the shell are never both, or neither, shown.
 */
export function removeStaticFrame(doc: Document = document): void {
  doc.getElementById(FRAME_ID)?.remove();
}

/** Where the member's language is kept (shared/src/i18n: localStorage `locale`, cookie `i18next`). */
const LOCALE_STORAGE_KEY = 'locale';
const LOCALE_COOKIE = /(?:^|;\s*)i18next=([^;]*)/;
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const LOCALES: readonly string[] = ['th', 'la', 'en'];

function writeCookie(doc: Document, locale: string): void {
  doc.cookie = `i18next=${locale}; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Strict`;
}

/**
 * Before the shared i18n instance starts (main.ts, ahead of the bootstrap), so that the server, which reads the
 * `i18next` cookie, and the app, which reads localStorage first, agree on the language of the next page:
 * - a member's stored choice is also written to the cookie when the cookie says otherwise (or is gone);
 * - a visitor who never chose gets the language the server painted the frame in (the site's default), so React
 *   renders what the frame said.
 */
export function adoptPageLanguage(
  doc: Document = document,
  storage: Storage | undefined = safeStorage(),
): void {
  const cookie = LOCALE_COOKIE.exec(doc.cookie)?.[1];
  let stored: string | null = null;
  try {
    stored = storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (stored && LOCALES.includes(stored)) {
    if (cookie !== stored) writeCookie(doc, stored);
    return;
  }
  if (cookie && LOCALES.includes(cookie)) return;
  const { locale } = readSiteBlock(doc);
  if (!locale || !LOCALES.includes(locale)) return;
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the cookie keeps it.
  }
  writeCookie(doc, locale);
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

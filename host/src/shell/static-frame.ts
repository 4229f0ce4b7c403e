/**
 * The shell's frame the server paints before any JavaScript (server/src/platform/index-page.ts): the top bar, the
 * menus and the page's skeleton as static HTML, styled by the host's extracted stylesheet. React renders the real
 * shell into `#root`; the frame goes in the same task as that first commit, before the browser paints again, so
 * the member never sees a blank page or a jump (docs/architecture.md "First load").
 */

/** The frame's element (index-page.ts `FRAME_ID`). */
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

/** The router's part this module needs: whether the first navigation (its loaders) has completed. */
interface RouterLike {
  state: { initialized: boolean };
}

/**
 * Removes the server's frame when React has rendered the routed page into `container`: at the first change of the
 * container's children once the router is initialized (before that, the container holds at most the first
 * navigation's fallback, and the frame stays — also while the terminated check of /login hides `#root`). A mutation
 * observer's callback runs before the next paint, so the frame and the shell are never both, or neither, shown.
 */
export function removeFrameWhenShellRenders(
  router: RouterLike,
  container: HTMLElement,
  doc: Document = document,
): void {
  const frame = doc.getElementById(FRAME_ID);
  if (!frame) return;
  const observer = new MutationObserver(() => {
    if (!router.state.initialized || container.childElementCount === 0) return;
    observer.disconnect();
    frame.remove();
  });
  observer.observe(container, { childList: true });
}

/** Where i18next's detector keeps the member's language (shared/src/i18n: localStorage `locale`, cookie `i18next`). */
const LOCALE_STORAGE_KEY = 'locale';
const LOCALE_COOKIE = /(?:^|;\s*)i18next=/;
const LOCALES: readonly string[] = ['th', 'la', 'en'];

/**
 * Before the shared i18n instance starts (main.ts, ahead of the bootstrap): a visitor who never chose a language
 * here gets the one the server painted the frame in (from Accept-Language), so React renders what the frame said.
 * A member's own choice (storage or cookie) always wins, and the server read the same cookie.
 */
export function adoptPageLanguage(
  doc: Document = document,
  storage: Storage | undefined = safeStorage(),
): void {
  const { locale } = readSiteBlock(doc);
  if (!locale || !LOCALES.includes(locale) || !storage) return;
  if (storage.getItem(LOCALE_STORAGE_KEY) || LOCALE_COOKIE.test(doc.cookie)) return;
  storage.setItem(LOCALE_STORAGE_KEY, locale);
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

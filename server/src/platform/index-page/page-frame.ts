/**
 * The page table and the first-paint frame as the host's build writes them (host/dist/page-frame.json, rendered
 * from the host's React shell by host/src/shell/page-frame.tsx): the server knows no route, menu or markup of the
 * shell of its own. It picks the frame of the route, the language and the enabled remotes, and fills in the
 * request's parts at the placeholders the file names: the site's name and the page's slot.
 */
import { LOCALES, type Locale } from '../locale';
import { escapeHtml } from './html';
import type { RemoteModuleId } from './remote-assets';

/** Which shell frame a route is painted in: the signed-out one, the member's, or none (bare pages). */
export type FrameKind = 'public' | 'member' | 'none';

export interface PageRoute {
  frame: FrameKind;
  /** The title alone, without the site's name. */
  bare?: boolean;
  /** The remote module the page mounts. */
  module?: RemoteModuleId;
  /**
   * The host's lazy chunks the page needs, as host/dist/first-load-chunks.json names them: the request of an
   * `import()` in host/src/routes.tsx (`./shell/member-shell`) or `chunk:<name>`.
   */
  hostChunks?: readonly string[];
}

export interface FrameLocale {
  appName: string;
  titles: Map<string, string>;
  /** Route → enabled-remotes key → markup. */
  frames: Map<string, Map<string, string>>;
  slots: Map<string, { skeleton: string; firstScreen: string }>;
}

export interface PageFrame {
  placeholders: { siteName: string; slot: string; firstScreen: string };
  routes: Map<string, PageRoute>;
  redirects: Map<string, string>;
  /** The remotes a frame differs by, in the order of the frames' keys. */
  remotes: string[];
  locales: Map<Locale, FrameLocale>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const MODULE = /^mfe_[a-z]+\/[A-Za-z]+$/;

function stringMap(value: unknown): Map<string, string> {
  return new Map(
    isRecord(value) ? Object.entries(value).filter((e): e is [string, string] => isString(e[1])) : [],
  );
}

function parseRoute(value: unknown): PageRoute | undefined {
  if (!isRecord(value)) return undefined;
  const { frame, bare, module, hostChunks } = value;
  if (frame !== 'public' && frame !== 'member' && frame !== 'none') return undefined;
  return {
    frame,
    ...(bare === true ? { bare: true } : {}),
    ...(isString(module) && MODULE.test(module) ? { module: module as RemoteModuleId } : {}),
    ...(Array.isArray(hostChunks) ? { hostChunks: hostChunks.filter(isString) } : {}),
  };
}

function parseLocale(value: unknown): FrameLocale | undefined {
  if (!isRecord(value) || !isString(value.appName)) return undefined;
  const frames = new Map<string, Map<string, string>>();
  if (isRecord(value.frames))
    for (const [route, byKey] of Object.entries(value.frames)) frames.set(route, stringMap(byKey));
  const slots = new Map<string, { skeleton: string; firstScreen: string }>();
  if (isRecord(value.slots))
    for (const [module, slot] of Object.entries(value.slots))
      if (isRecord(slot) && isString(slot.skeleton) && isString(slot.firstScreen))
        slots.set(module, { skeleton: slot.skeleton, firstScreen: slot.firstScreen });
  return { appName: value.appName, titles: stringMap(value.titles), frames, slots };
}

/** page-frame.json; undefined when it is not such a file (the page is then served without a frame). */
export function parsePageFrame(text: string): PageFrame | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(doc) || doc.version !== 1 || !isRecord(doc.placeholders) || !isRecord(doc.pages))
    return undefined;
  const { siteName, slot, firstScreen } = doc.placeholders;
  if (!isString(siteName) || !isString(slot) || !isString(firstScreen)) return undefined;
  const routes = new Map<string, PageRoute>();
  for (const [route, entry] of Object.entries(doc.pages)) {
    const parsed = parseRoute(entry);
    if (parsed) routes.set(route, parsed);
  }
  const locales = new Map<Locale, FrameLocale>();
  for (const locale of LOCALES) {
    const parsed = isRecord(doc.locales) ? parseLocale(doc.locales[locale]) : undefined;
    if (parsed) locales.set(locale, parsed);
  }
  return {
    placeholders: { siteName, slot, firstScreen },
    routes,
    redirects: stringMap(doc.redirects),
    remotes: Array.isArray(doc.remotes) ? doc.remotes.filter(isString) : [],
    locales,
  };
}

/** The table's key of a path: a known page, `/user/*` (a signed-in page that does not exist) or `*`. */
export function routeKeyOf(frame: PageFrame, pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  const target = frame.redirects.get(trimmed) ?? trimmed;
  if (frame.routes.has(target)) return target;
  return target.startsWith('/user/') ? '/user/*' : '*';
}

/** The route of a path; a path the table does not know is painted without a frame. */
export function routeFor(frame: PageFrame | undefined, pathname: string): { key: string; route: PageRoute } {
  const key = frame ? routeKeyOf(frame, pathname) : '*';
  return { key, route: frame?.routes.get(key) ?? { frame: 'none' } };
}

/** What fills a route's frame for a request. */
export interface FrameFill {
  key: string;
  locale: Locale;
  siteName: string;
  isEnabled: (name: string) => boolean;
  /** The route's remote module when it is enabled (its slot), with its prerendered first screen if any. */
  module?: RemoteModuleId | undefined;
  firstScreenHtml?: string | undefined;
}

/** The route's frame with the request's parts filled in ('' for a route painted without a frame). */
export function fillFrame(frame: PageFrame, fill: FrameFill): string {
  const strings = frame.locales.get(fill.locale);
  const enabledKey = frame.remotes.filter(fill.isEnabled).join(',');
  const markup = strings?.frames.get(fill.key)?.get(enabledKey);
  if (!strings || markup === undefined) return '';
  const slots = fill.module ? strings.slots.get(fill.module) : undefined;
  const { siteName, slot, firstScreen } = frame.placeholders;
  const slotHtml = !slots
    ? ''
    : fill.firstScreenHtml === undefined
      ? slots.skeleton
      : slots.firstScreen.replace(firstScreen, () => fill.firstScreenHtml ?? '');
  // One pass over the build's markup: nothing filled in is read for placeholders again.
  const name = escapeHtml(fill.siteName);
  const placeholder = new RegExp([slot, siteName].map(escapeRegExp).join('|'), 'g');
  return markup.replace(placeholder, (found) => (found === slot ? slotHtml : name));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's title in the page's language (undefined when the build has none for the route). */
export function titleOf(frame: PageFrame | undefined, key: string, locale: Locale): string | undefined {
  return frame?.locales.get(locale)?.titles.get(key);
}

/**
 * The host's `index.html`, rendered per request (docs/architecture.md "First load"). The built file
 * (host/dist/index.html) is read once and again whenever its mtime changes (a new host release shows without a
 * restart); each answer then carries, for the route asked for:
 *
 * - `<html lang>`, the page title and the shell's frame (top bar, menus, the page's skeleton) in the member's
 *   language: the `i18next` cookie the client writes when the language changes, else the site's default
 *   language (Thai; Lao in the Laos build) — as the app itself decides, so the browser's language is not asked. The frame is painted with the host's extracted stylesheet before any JavaScript runs;
 *   the host removes it when React has rendered the real shell;
 * - the remotes map with the operator's enabled flags as a JSON data block (`<script type="application/json"
 *   id="remotes">`, which CSP does not run), so the first load makes no `/remotes.json` request;
 * - preload hints for the route's remote: its manifest, its `remoteEntry.js` and the exposed module's chunks as
 *   its mf-manifest.json lists them (read from disk, cached by mtime; the remote's active release when one is
 *   recorded, features/releases), and the lookups the first screen needs.
 *
 * Everything injected is escaped. Which remote module serves which route is `PAGE_ROUTES` below, kept equal to
 * host/src/routes.tsx by server/test/index-page.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, type Locale } from './locale';
import { FRAME_STRINGS, type FrameStrings, type TitleKey } from './index-page-strings';
import { REMOTE_FOLDERS, type RemoteFolder } from './settings';

// ---------------------------------------------------------------------------------------------------------------
// Routes

/** `mfe_auth/Login`: a remote's name and one of its exposed modules, as the host's routes name them. */
export type RemoteModuleId = `mfe_${string}/${string}`;

/** Which shell frame a route is painted in: the signed-out one, the member's, or none (bare pages). */
export type FrameKind = 'public' | 'member' | 'none';

export interface PageRoute {
  frame: FrameKind;
  /** The page's title (the host catalogue's `titles.<key>`; `terminated`: `terminated.pageTitle`). */
  title: TitleKey;
  /** The title alone, without the site's name (as the host's `bare` route handle). */
  bare?: boolean;
  /** The remote module the page mounts. */
  module?: RemoteModuleId;
  /**
   * The host's lazy chunks the page needs, as host/dist/first-load-chunks.json names them: the request of an
   * `import()` in host/src/routes.tsx (`./shell/member-shell`) or `chunk:<name>`.
   */
  hostChunks?: readonly string[];
}

/** The HTTP client (axios), which the shared client loads on demand (not before a visitor's first sign-in intent). */
const HTTP_CHUNK = 'chunk:http';

/**
 * The signed-in shell (a lazy route of the host), the realtime client it starts while a session exists and the
 * HTTP client (axios, loaded on demand: a member's page calls the API at once, a visitor's first screen does not).
 */
const MEMBER_CHUNKS = ['./shell/member-shell', 'chunk:socket-io', HTTP_CHUNK] as const;

/**
 * The host's routes (host/src/routes.tsx) as the server needs them. A signed-in page gets the member frame even
 * though the server cannot know the session: a visitor without one is sent to /login by the host.
 */
export const PAGE_ROUTES: Readonly<Record<string, PageRoute>> = {
  '/login': {
    frame: 'public',
    title: 'login',
    module: 'mfe_auth/Login',
  },
  // Pages that call the API as they open get the HTTP client's chunk at once.
  '/register': { frame: 'public', title: 'register', module: 'mfe_auth/Register', hostChunks: [HTTP_CHUNK] },
  '/howto': { frame: 'public', title: 'howto', hostChunks: ['./pages/howto-page', HTTP_CHUNK] },
  '/contact': { frame: 'public', title: 'contact', hostChunks: ['./pages/contact-page', HTTP_CHUNK] },
  '/user/home': { frame: 'member', title: 'home', module: 'mfe_wallet/Home', hostChunks: MEMBER_CHUNKS },
  '/user/profile': {
    frame: 'member',
    title: 'profile',
    module: 'mfe_auth/Profile',
    hostChunks: MEMBER_CHUNKS,
  },
  '/user/bonus': { frame: 'member', title: 'bonus', module: 'mfe_bonus/Bonus', hostChunks: MEMBER_CHUNKS },
  '/user/statement': {
    frame: 'member',
    title: 'statement',
    module: 'mfe_bonus/Statement',
    hostChunks: MEMBER_CHUNKS,
  },
  '/user/spin': { frame: 'member', title: 'spin', module: 'mfe_spin/Spin', hostChunks: MEMBER_CHUNKS },
  '/user/spin/verify': {
    frame: 'member',
    title: 'spinVerify',
    module: 'mfe_spin/Verify',
    hostChunks: MEMBER_CHUNKS,
  },
  '/user/contact': {
    frame: 'member',
    title: 'contact',
    hostChunks: [...MEMBER_CHUNKS, './pages/contact-page'],
  },
  '/terminated': { frame: 'none', title: 'terminated', bare: true, hostChunks: ['./pages/terminated-page'] },
};

/** Paths the host redirects at once (`/` → `/user` → `/user/home`). */
const REDIRECTS: Readonly<Record<string, string>> = { '/': '/user/home', '/user': '/user/home' };

/** The route of a path: a known page, a signed-in page that does not exist, or the site's not-found page. */
export function routeFor(pathname: string): PageRoute {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  const target = REDIRECTS[trimmed] ?? trimmed;
  const known = PAGE_ROUTES[target];
  if (known) return known;
  return target.startsWith('/user/')
    ? { frame: 'member', title: 'notFound' }
    : { frame: 'none', title: 'notFound' };
}

// ---------------------------------------------------------------------------------------------------------------
// Remotes

/** The remote's name as the host registers it: `mfe-auth` → `mfe_auth`. */
export const remoteNameOf = (folder: RemoteFolder): string => folder.replace('-', '_');

/** The entry (manifest) the host registers for a remote; the site's CSP allows its origin. */
export const remoteEntry = (folder: RemoteFolder): string => `/remotes/${folder}/mf-manifest.json`;

export interface RemoteDescriptor {
  name: string;
  folder: RemoteFolder;
  entry: string;
  enabled: boolean;
}

/** The remotes map (`/remotes.json` and the page's data block) with the operator's enabled flags. */
export function remoteDirectory(enabled: (folder: RemoteFolder) => boolean): RemoteDescriptor[] {
  return REMOTE_FOLDERS.map((folder) => ({
    name: remoteNameOf(folder),
    folder,
    entry: remoteEntry(folder),
    enabled: enabled(folder),
  }));
}

const folderOfName = (name: string): RemoteFolder | undefined =>
  REMOTE_FOLDERS.find((folder) => remoteNameOf(folder) === name);

/** What a remote's mf-manifest.json says the page needs: its entry script and each exposed module's chunks. */
export interface RemoteAssets {
  entry: string;
  exposes: Map<string, string[]>;
  /** Each exposed module's strings in each language: the `strings-<lang>.<hash>.js` chunks among its async assets. */
  catalogs: Map<string, Partial<Record<Locale, string[]>>>;
}

/**
 * A language's strings as a chunk of its own, content-hashed: the host's (with the shared package's) are
 * `locale-<lang>` (`webpackChunkName`); a remote's own are `strings-<lang>` (its `locale-<lang>` chunk is its copy
 * of the shared package's strings, which the page never loads: the host provides the shared package).
 */
const REMOTE_CATALOG_CHUNK = /^strings-(th|la|en)\.[0-9a-f]{8,32}\.js$/;

function catalogsOf(files: readonly string[]): Partial<Record<Locale, string[]>> {
  const found: Partial<Record<Locale, string[]>> = {};
  for (const file of files) {
    const lang = REMOTE_CATALOG_CHUNK.exec(file)?.[1] as Locale | undefined;
    if (lang) (found[lang] ??= []).push(file);
  }
  return found;
}

interface ManifestShape {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown; async?: unknown } } }[];
}

const isFileName = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/.test(value) && !value.includes('..');

/** The assets a remote's mf-manifest.json lists; file names that are not plain relative names are dropped. */
export function parseManifest(text: string): RemoteAssets | undefined {
  let doc: ManifestShape;
  try {
    doc = JSON.parse(text) as ManifestShape;
  } catch {
    return undefined;
  }
  const entryName = doc.metaData?.remoteEntry?.name;
  const entryPath = doc.metaData?.remoteEntry?.path;
  const entry = [typeof entryPath === 'string' ? entryPath : '', entryName].filter(Boolean).join('/');
  const exposes = new Map<string, string[]>();
  const catalogs = new Map<string, Partial<Record<Locale, string[]>>>();
  for (const expose of Array.isArray(doc.exposes) ? doc.exposes : []) {
    const sync = expose.assets?.js?.sync;
    const lazy = expose.assets?.js?.async;
    if (typeof expose.name !== 'string' || !Array.isArray(sync)) continue;
    exposes.set(expose.name, sync.filter(isFileName));
    catalogs.set(expose.name, catalogsOf(Array.isArray(lazy) ? lazy.filter(isFileName) : []));
  }
  return { entry: isFileName(entry) ? entry : 'remoteEntry.js', exposes, catalogs };
}

/** A file read from disk and parsed, re-read when its mtime or size changes (a new release). */
class FileCache<T> {
  private cached: { key: string; value: T | undefined } | undefined;
  private loading: Promise<T | undefined> | undefined;

  constructor(
    private readonly file: string,
    private readonly parse: (text: string) => T | undefined,
  ) {}

  async get(): Promise<T | undefined> {
    let key: string;
    try {
      const info = await stat(this.file);
      if (!info.isFile()) return undefined;
      key = `${info.mtimeMs}:${info.size}`;
    } catch {
      this.cached = undefined;
      return undefined;
    }
    if (this.cached?.key === key) return this.cached.value;
    this.loading ??= readFile(this.file, 'utf8')
      .then((text) => {
        const value = this.parse(text);
        this.cached = { key, value };
        return value;
      })
      .catch(() => undefined)
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}

/** first-load-chunks.json: `{ "<import request>" | "chunk:<name>": ["file.js", …] }`; anything else is dropped. */
export function parseChunkList(text: string): Record<string, string[]> | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null) return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, files] of Object.entries(doc)) {
    if (Array.isArray(files)) out[key] = files.filter(isFileName);
  }
  return out;
}

/** One prerendered screen: its files per language, per variant ('' for a screen without variants). */
export interface PrerenderedScreen {
  /**
   * A member's screen (the balance on the home): its markup holds placeholders (`{{wallet.main}}`) the server fills
   * with the signed-in member's figures; it is painted only for a page load whose page cookie is a live session.
   */
  member: boolean;
  /** Variant ('' when none; a member screen's variants are the wallet currencies) → language → file. */
  files: Map<string, Partial<Record<Locale, string>>>;
}

/** A remote's dist/prerender/index.json (tooling/prerender): its first screens' files per language. */
export interface PrerenderIndex {
  css: string;
  screens: Map<string, PrerenderedScreen>;
}

function filesPerLocale(files: unknown): Partial<Record<Locale, string>> {
  const perLocale: Partial<Record<Locale, string>> = {};
  if (typeof files !== 'object' || files === null) return perLocale;
  for (const locale of LOCALES) {
    const file = (files as Record<string, unknown>)[locale];
    if (isFileName(file) && file.endsWith('.html')) perLocale[locale] = file;
  }
  return perLocale;
}

/**
 * `{ css, screens: { <Screen>: { <lang>: file } | { member: true, variants: { <variant>: { <lang>: file } } } } }`;
 * anything else is dropped.
 */
export function parsePrerenderIndex(text: string): PrerenderIndex | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null) return undefined;
  const { css, screens } = doc as Record<string, unknown>;
  if (!isFileName(css) || !css.endsWith('.css') || typeof screens !== 'object' || screens === null)
    return undefined;
  const out = new Map<string, PrerenderedScreen>();
  for (const [name, entry] of Object.entries(screens)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { member, variants } = entry as Record<string, unknown>;
    if (member === true) {
      if (typeof variants !== 'object' || variants === null) continue;
      const files = new Map<string, Partial<Record<Locale, string>>>();
      for (const [variant, perLocale] of Object.entries(variants))
        if (/^[A-Za-z0-9_-]+$/.test(variant)) files.set(variant, filesPerLocale(perLocale));
      out.set(name, { member: true, files });
    } else {
      out.set(name, { member: false, files: new Map([['', filesPerLocale(entry)]]) });
    }
  }
  return { css, screens: out };
}

// ---------------------------------------------------------------------------------------------------------------
// A member's first screen

/**
 * What the server puts into a member's first screen, read for the member of the page cookie when the route's
 * screen is a member screen (features/wallet: the same read as GET /api/wallet). Amounts in minor units.
 */
export interface MemberPageFacts {
  name: string;
  currency: 'THB' | 'LAK';
  /** The main wallet. */
  main: number;
  /** The main wallet and every game account's balance. */
  total: number;
}

/** As the front end shows an amount (shared/src/format/money.ts `formatMoney`): `1,234.56` (THB), `1,500` (LAK). */
export function formatMinor(minor: number, currency: MemberPageFacts['currency']): string {
  const scale = currency === 'LAK' ? 0 : 2;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(scale + 1, '0');
  const whole = (scale ? digits.slice(0, -scale) : digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}${whole}${scale ? `.${digits.slice(-scale)}` : ''}`;
}

/** The placeholders a member screen may hold, and their text (escaped for HTML by `fillMemberScreen`). */
export function memberPlaceholders(facts: MemberPageFacts): Record<string, string> {
  return {
    'member.name': facts.name,
    'wallet.main': formatMinor(facts.main, facts.currency),
    'wallet.total': formatMinor(facts.total, facts.currency),
  };
}

/** The member screen's markup with its placeholders filled (escaped); an unknown placeholder becomes empty. */
export function fillMemberScreen(html: string, facts: MemberPageFacts): string {
  const values = memberPlaceholders(facts);
  return html.replace(/\{\{([a-z]+\.[a-z]+)\}\}/g, (_m, key: string) => escapeHtml(values[key] ?? ''));
}

// ---------------------------------------------------------------------------------------------------------------
// Escaping

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value in HTML. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** JSON inside a `<script type="application/json">` block: nothing in it can close the element or open a comment. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

// ---------------------------------------------------------------------------------------------------------------
// Language

/** The cookie i18next's detector writes when the member changes the language (shared/src/i18n). */
export const LOCALE_COOKIE = 'i18next';

/** `<html lang>`: the product calls Lao `la`, the language tag is `lo`. */
export const HTML_LANG: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The member's language: the language cookie, else the site's default language. The browser's language is not
 * asked: the spec's default is Thai (Lao in the Laos build) until the member chooses, and the app decides the
 * same way (shared/src/i18n), so the frame and the app agree.
 */
export function pageLocale(headers: { cookie?: string }, fallback: Locale): Locale {
  const chosen = cookieValue(headers.cookie, LOCALE_COOKIE);
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  return fallback;
}

// ---------------------------------------------------------------------------------------------------------------
// The frame

const activeFor = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);

function menuLink(pathname: string, to: string, label: string, extra = ''): string {
  const active = activeFor(pathname, to);
  const cls = ['host-menu__item', active ? 'host-menu__item--active' : '', extra].filter(Boolean).join(' ');
  return `<a href="${escapeHtml(to)}" class="${cls}"${active ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a>`;
}

/**
 * A remote's first screen, prerendered with its build (tooling/prerender): static markup the page shows, inert,
 * where the remote will mount, until the live screen replaces it (host/src/remotes/first-screen.tsx).
 */
export interface FirstScreen {
  module: RemoteModuleId;
  /** The markup, from the remote's own build output. */
  html: string;
  /** Its stylesheet, a path under the site. */
  css: string;
}

function firstScreenSlot(screen: FirstScreen): string {
  return (
    `<div class="host-remote-slot host-page"></div>` +
    `<div class="host-first-screen host-page" data-first-screen="${escapeHtml(screen.module)}" inert>` +
    `${screen.html}</div>`
  );
}

function skeleton(module: RemoteModuleId, s: FrameStrings): string {
  // The shimmer is the UI kit's (`wl-skeleton`, in the same extracted stylesheet); the shape is the host's.
  const block = (cls: string) => `<div class="wl-skeleton ${cls}" aria-hidden="true"></div>`;
  return (
    // As RemoteSlot renders it: the (empty) parcel element, then the page-shaped skeleton.
    `<div class="host-remote-slot host-page"></div>` +
    `<div class="host-skeleton" aria-busy="true" data-remote="${escapeHtml(module)}">` +
    `<span class="host-skeleton__label" role="status">${escapeHtml(s.loading)}</span>` +
    block('host-skeleton__bar') +
    block('host-skeleton__card') +
    block('host-skeleton__row') +
    block('host-skeleton__row') +
    block('host-skeleton__row host-skeleton__row--short') +
    `</div>`
  );
}

/** The id of the frame's element; the host removes it once React has rendered the shell (shell/static-frame.ts). */
export const FRAME_ID = 'shell-frame';

/**
 * The shell's frame as the host's PublicShell / MemberShell render it (same elements and classes, the menus'
 * entries of disabled remotes left out, the current page's entry active), without the parts that need the
 * JavaScript (language switcher) and without test ids (tests wait for React's own elements).
 */
export function renderFrame(options: {
  route: PageRoute;
  pathname: string;
  strings: FrameStrings;
  siteName: string;
  isEnabled: (name: string) => boolean;
  firstScreen?: FirstScreen | undefined;
}): string {
  const { route, pathname, strings: s, siteName, isEnabled, firstScreen } = options;
  if (route.frame === 'none') return '';
  const name = escapeHtml(siteName);
  const auth = isEnabled('mfe_auth');
  const bonus = isEnabled('mfe_bonus');
  const slot =
    route.module && isEnabled(route.module.slice(0, route.module.indexOf('/')))
      ? firstScreen?.module === route.module
        ? firstScreenSlot(firstScreen)
        : skeleton(route.module, s)
      : '';
  const header =
    route.frame === 'member'
      ? `<header class="host-topbar"><span class="host-app-name" title="${name}">${name}</span>` +
        `<button type="button" class="host-logout">${escapeHtml(s.logout)}</button></header>`
      : `<header class="host-topbar"><span class="host-app-name" title="${name}">${name}</span></header>`;
  const items =
    route.frame === 'member'
      ? [
          auth ? menuLink(pathname, '/user/profile', s.menu.profile) : '',
          bonus
            ? `<button type="button" class="host-menu__item">${escapeHtml(s.menu.conditions)}</button>`
            : '',
          menuLink(pathname, '/user/home', s.menu.home, 'host-menu__item--home'),
          bonus ? menuLink(pathname, '/user/statement', s.menu.statement) : '',
          menuLink(pathname, '/user/contact', s.menu.contact),
        ]
      : [
          auth ? menuLink(pathname, '/login', s.menu.home) : '',
          auth ? menuLink(pathname, '/register', s.menu.register) : '',
          menuLink(pathname, '/howto', s.menu.howto),
          menuLink(pathname, '/contact', s.menu.contact),
        ];
  return (
    `<div id="${FRAME_ID}" class="host-shell host-shell--${route.frame}">` +
    header +
    `<main class="host-main">${slot}</main>` +
    `<nav class="host-menu" aria-label="${escapeHtml(s.menu.label)}">${items.join('')}</nav>` +
    `</div>`
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The page

/** What the host reads from the page's `site` data block before its first render. */
export interface SiteBlock {
  locale: Locale;
  /** The operator's site name in that language, when known. */
  name?: string;
  /** The remote module of the route, which the host starts loading during its bootstrap. */
  module?: RemoteModuleId;
}

export interface IndexPageInput {
  pathname: string;
  locale: Locale;
  /** The operator's site name in that language (content `info`); the catalogue's name when absent. */
  siteName?: string;
  remotes: readonly RemoteDescriptor[];
  /** Whether host/dist has the web app manifest of that language. */
  manifest?: boolean;
  /** host/dist/first-load-chunks.json: the files of each of the host's lazy chunks (see tooling/webpack.app.js). */
  hostChunks?: Readonly<Record<string, readonly string[]>>;
  /**
   * The public lookups every page's first screen asks for (GET path → the `data` of its answer), in the page's
   * language: the page answers them (`lookups` data block, shared/src/http/page-data.ts) instead of the network.
   */
  lookups?: Readonly<Record<string, unknown>>;
  /** The route's remote's prerendered first screen in the page's language, when its build has one. */
  firstScreen?: FirstScreen;
  /**
   * The figures a member first screen was filled with: also given to the live screen as the `member` data block
   * (shared/src/http/page-data.ts `takeMemberFacts`), so its first render shows the same, without a blink.
   */
  member?: MemberPageFacts;
}

/** The built index.html with the route's language, title, hints, data blocks and frame. */
export function renderIndexPage(
  template: string,
  input: IndexPageInput,
  assets: Map<string, RemoteAssets>,
): string {
  const { pathname, locale, remotes } = input;
  const strings = FRAME_STRINGS[locale];
  const route = routeFor(pathname);
  const siteName = input.siteName?.trim() || strings.appName;
  const enabled = new Set(remotes.filter((r) => r.enabled).map((r) => r.name));
  const isEnabled = (name: string) => enabled.has(name);
  const page = strings.titles[route.title];
  const title = route.bare ? page : `${page} · ${siteName}`;

  const hints: string[] = [];
  const moduleName = route.module?.slice(0, route.module.indexOf('/'));
  const folder = moduleName ? folderOfName(moduleName) : undefined;
  const routeRemote = folder && moduleName && isEnabled(moduleName) ? folder : undefined;
  if (routeRemote && route.module) {
    const base = `/remotes/${routeRemote}/`;
    hints.push(`<link rel="preload" href="${escapeHtml(remoteEntry(routeRemote))}" as="fetch" crossorigin>`);
    const found = assets.get(routeRemote);
    hints.push(
      `<link rel="preload" href="${escapeHtml(base + (found?.entry ?? 'remoteEntry.js'))}" as="script" fetchpriority="low">`,
    );
    const expose = route.module.slice(route.module.indexOf('/') + 1);
    for (const file of found?.exposes.get(expose) ?? []) {
      hints.push(`<link rel="preload" href="${escapeHtml(base + file)}" as="script" fetchpriority="low">`);
    }
    // The module's strings in the page's language, which it loads before it mounts.
    for (const file of found?.catalogs.get(expose)?.[locale] ?? []) {
      hints.push(`<link rel="preload" href="${escapeHtml(base + file)}" as="script" fetchpriority="low">`);
    }
  }
  const firstScreen =
    input.firstScreen && routeRemote && input.firstScreen.module === route.module
      ? input.firstScreen
      : undefined;
  // The host's (and the shared package's) strings in the page's language, which the first render waits for, and
  // the route's lazy chunks of the host. The bootstrap's own chunks (React, the shell, the shared package) only
  // where the page has nothing to show before they run: a page with a prerendered first screen paints it first,
  // and main.js asks for them after that paint.
  const hostFiles = new Set<string>();
  for (const key of [
    ...(firstScreen ? [] : ['./bootstrap']),
    `chunk:locale-${locale}`,
    ...(route.hostChunks ?? []),
  ]) {
    for (const file of input.hostChunks?.[key] ?? []) if (isFileName(file)) hostFiles.add(file);
  }
  for (const file of hostFiles)
    hints.push(`<link rel="preload" href="/${escapeHtml(file)}" as="script" fetchpriority="low">`);
  if (input.manifest) {
    hints.push(`<link rel="manifest" href="/manifest.${locale}.webmanifest">`);
  }
  const site: SiteBlock = {
    locale,
    ...(input.siteName?.trim() ? { name: input.siteName.trim() } : {}),
    ...(routeRemote && route.module ? { module: route.module } : {}),
  };
  const head =
    hints.join('') +
    `<script type="application/json" id="remotes">${jsonForScript({ remotes })}</script>` +
    `<script type="application/json" id="site">${jsonForScript(site)}</script>` +
    (input.lookups
      ? `<script type="application/json" id="lookups">${jsonForScript(input.lookups)}</script>`
      : '') +
    (firstScreen && input.member
      ? `<script type="application/json" id="member">${jsonForScript(input.member)}</script>`
      : '');
  const frame = renderFrame({ route, pathname, strings, siteName, isEnabled, firstScreen });

  let html = template;
  html = /<html[^>]*>/i.test(html)
    ? html.replace(/<html[^>]*>/i, `<html lang="${HTML_LANG[locale]}" data-locale="${locale}">`)
    : html;
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
    : html.replace(/<\/head>/i, () => `<title>${escapeHtml(title)}</title></head>`);
  // Hints before the stylesheet and scripts, so the browser asks for the route's remote at once.
  // (after `<meta charset>`, which must come within the first 1024 bytes).
  html = /<meta charset=[^>]*>/i.test(html)
    ? html.replace(/<meta charset=[^>]*>/i, (m) => `${m}${head}`)
    : html.replace(/<head>/i, (m) => `${m}${head}`);
  // The first screen's stylesheet after the host's, as the remote's own CSS comes after the UI kit's when it runs.
  if (firstScreen)
    html = html.replace(
      /<\/head>/i,
      () => `<link rel="stylesheet" href="${escapeHtml(firstScreen.css)}"></head>`,
    );
  html = html.replace(/<link rel=preload as=script /g, '<link rel=preload as=script fetchpriority=low ');
  // The frame goes before the (empty) root React renders into; the minified template drops the quotes.
  html = html.replace(/<div id=(?:"root"|root)><\/div>/i, (m) => `${frame}${m}`);
  return html;
}

// ---------------------------------------------------------------------------------------------------------------
// Files

/**
 * Where a remote's files are served from when releases are recorded (features/releases): the active release's
 * directory (undefined: none, the remote's own `<folder>/dist`) and the earlier releases' directories, whose
 * content-hashed chunks stay reachable for a page loaded before a switch.
 */
export interface RemoteSources {
  activeDir(folder: RemoteFolder): Promise<string | undefined>;
  earlierDirs(folder: RemoteFolder): Promise<string[]>;
}

/** The host's template and the remotes' manifests under a static root, each re-read when it changes. */
export class IndexPageFiles {
  private readonly template: FileCache<string>;
  private readonly hostChunks: FileCache<Record<string, string[]>>;
  /** Parsed files by their full path: a release switch changes the path, a rebuild in place the mtime. */
  private readonly manifests = new Map<string, FileCache<RemoteAssets>>();
  private readonly prerendered = new Map<string, FileCache<PrerenderIndex>>();
  private readonly screenFiles = new Map<string, FileCache<string>>();

  constructor(
    private readonly staticRoot: string,
    private readonly sources?: RemoteSources,
  ) {
    this.template = new FileCache(path.join(staticRoot, 'host', 'dist', 'index.html'), (text) => text);
    this.hostChunks = new FileCache(
      path.join(staticRoot, 'host', 'dist', 'first-load-chunks.json'),
      parseChunkList,
    );
  }

  /** The directory a remote is served from now: its active release, else `<folder>/dist`. */
  async remoteDir(folder: RemoteFolder): Promise<string> {
    return (await this.sources?.activeDir(folder)) ?? path.join(this.staticRoot, folder, 'dist');
  }

  private static cached<T>(
    map: Map<string, FileCache<T>>,
    file: string,
    parse: (text: string) => T | undefined,
  ): FileCache<T> {
    let cache = map.get(file);
    if (!cache) {
      cache = new FileCache(file, parse);
      map.set(file, cache);
    }
    return cache;
  }

  /**
   * The route module's prerendered first screen in a language, when the remote's build made one. A member screen
   * only with the member's figures (`facts`, asked for only then), filled in.
   */
  async firstScreenOf(
    folder: RemoteFolder,
    module: RemoteModuleId,
    locale: Locale,
    facts?: () => Promise<MemberPageFacts | undefined>,
  ): Promise<{ screen: FirstScreen; member?: MemberPageFacts } | undefined> {
    const dir = await this.remoteDir(folder);
    const index = await IndexPageFiles.cached(
      this.prerendered,
      path.join(dir, 'prerender', 'index.json'),
      parsePrerenderIndex,
    ).get();
    const entry = index?.screens.get(module.slice(module.indexOf('/') + 1));
    if (!index || !entry) return undefined;
    const member = entry.member ? await facts?.() : undefined;
    if (entry.member && !member) return undefined;
    const file = entry.files.get(member ? member.currency : '')?.[locale];
    if (!file) return undefined;
    const html = await IndexPageFiles.cached(this.screenFiles, path.join(dir, file), (text) => text).get();
    if (html === undefined) return undefined;
    const css = `/remotes/${folder}/${index.css}`;
    return member
      ? { screen: { module, html: fillMemberScreen(html, member), css }, member }
      : { screen: { module, html, css } };
  }

  /** The built index.html, or undefined when the host is not built. */
  templateHtml(): Promise<string | undefined> {
    return this.template.get();
  }

  /** The parsed manifest of a remote (undefined when it is missing or not JSON). */
  async assetsOf(folder: RemoteFolder): Promise<Map<RemoteFolder, RemoteAssets>> {
    const file = path.join(await this.remoteDir(folder), 'mf-manifest.json');
    const found = await IndexPageFiles.cached(this.manifests, file, parseManifest).get();
    return found ? new Map([[folder, found]]) : new Map();
  }

  async hasManifest(locale: Locale): Promise<boolean> {
    try {
      return (
        await stat(path.join(this.staticRoot, 'host', 'dist', `manifest.${locale}.webmanifest`))
      ).isFile();
    } catch {
      return false;
    }
  }

  /**
   * Renders the page for a request; undefined when the host is not built. `memberFacts`: the figures of the page
   * cookie's member, asked for only when the route's first screen is a member screen; `personal` says the page
   * holds them (it must not be stored by any cache).
   */
  async render(
    input: Omit<IndexPageInput, 'manifest' | 'firstScreen' | 'member'>,
    memberFacts?: () => Promise<MemberPageFacts | undefined>,
  ): Promise<{ html: string; personal: boolean } | undefined> {
    const template = await this.templateHtml();
    if (template === undefined) return undefined;
    const route = routeFor(input.pathname);
    const name = route.module?.slice(0, route.module.indexOf('/'));
    const folder = name ? folderOfName(name) : undefined;
    const assets = folder ? await this.assetsOf(folder) : new Map<RemoteFolder, RemoteAssets>();
    const [manifest, hostChunks, first] = await Promise.all([
      this.hasManifest(input.locale),
      this.hostChunks.get(),
      folder && route.module && input.remotes.some((r) => r.name === name && r.enabled)
        ? this.firstScreenOf(folder, route.module, input.locale, memberFacts)
        : undefined,
    ]);
    const html = renderIndexPage(
      template,
      {
        ...input,
        manifest,
        ...(hostChunks ? { hostChunks } : {}),
        ...(first ? { firstScreen: first.screen } : {}),
        ...(first?.member ? { member: first.member } : {}),
      },
      assets,
    );
    return { html, personal: first?.member !== undefined };
  }
}

/** A weak ETag of a rendered page (it differs per language, route and settings). */
export const pageEtag = (html: string): string =>
  `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;

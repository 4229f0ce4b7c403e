/**
 * The host's `index.html` for one request (docs/architecture.md "First load"): the built template with, for the
 * route asked for, `<html lang>`, the title and the shell's frame (from the build's page-frame.json) in the
 * member's language, the remotes map and the site block as JSON data blocks (which CSP does not run), and preload
 * hints for the route's remote and the host's chunks. Everything injected is escaped.
 */
import { LOCALES, type Locale } from '../locale';
import { escapeHtml, jsonForScript } from './html';
import type { FirstScreen, MemberPageFacts } from './member-screen';
import { fillFrame, routeFor, titleOf, type PageFrame } from './page-frame';
import {
  folderOfName,
  isFileName,
  remoteEntry,
  type RemoteAssets,
  type RemoteDescriptor,
  type RemoteModuleId,
} from './remote-assets';

/** The cookie i18next's detector writes when the member changes the language (shared/src/i18n). */
export const LOCALE_COOKIE = 'i18next';

/** `<html lang>`: the product calls Lao `la`, the language tag is `lo`. */
export const HTML_LANG: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

/**
 * The member's language: the language cookie (parsed by @fastify/cookie), else the site's default language. The
 * browser's language is not asked: the spec's default is Thai (Lao in the Laos build) until the member chooses,
 * and the app decides the same way (shared/src/i18n), so the frame and the app agree.
 */
export function pageLocale(cookies: Readonly<Record<string, string | undefined>>, fallback: Locale): Locale {
  const chosen = cookies[LOCALE_COOKIE];
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  return fallback;
}

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

/**
 * The built index.html with the route's language, title, hints, data blocks and frame. `frame`: the build's page
 * table and frames (undefined when the host's build has none: the page then has no frame and keeps its title).
 */
export function renderIndexPage(
  template: string,
  input: IndexPageInput,
  assets: Map<string, RemoteAssets>,
  frame: PageFrame | undefined,
): string {
  const { pathname, locale, remotes } = input;
  const { key, route } = routeFor(frame, pathname);
  const siteName = input.siteName?.trim() || frame?.locales.get(locale)?.appName || '';
  const enabled = new Set(remotes.filter((r) => r.enabled).map((r) => r.name));
  const isEnabled = (name: string) => enabled.has(name);
  const page = titleOf(frame, key, locale);
  const title = page === undefined ? undefined : route.bare || !siteName ? page : `${page} · ${siteName}`;

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
  const frameHtml = frame
    ? fillFrame(frame, {
        key,
        locale,
        siteName,
        isEnabled,
        module: routeRemote ? route.module : undefined,
        firstScreenHtml: firstScreen?.html,
      })
    : '';

  let html = template;
  html = /<html[^>]*>/i.test(html)
    ? html.replace(/<html[^>]*>/i, `<html lang="${HTML_LANG[locale]}" data-locale="${locale}">`)
    : html;
  if (title !== undefined)
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
  html = html.replace(/<div id=(?:"root"|root)><\/div>/i, (m) => `${frameHtml}${m}`);
  return html;
}

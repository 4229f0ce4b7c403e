import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18n, setLocale } from '@wallet/shared';
import { PAGE_REDIRECTS, PAGES, type PageEntry, type PagePath } from '../page-table';
import {
  createRemoteDirectory,
  DEFAULT_REMOTES,
  FIRST_SCREEN_ATTRIBUTE,
  REMOTE_NAMES,
  RemoteDirectoryProvider,
  RemoteSkeleton,
  type RemoteModuleId,
  type RemoteName,
} from '@wallet/shared/federation';
import { SiteNameContext } from './document-title';
import { MemberShell } from './member-shell';
import { PublicShell } from './public-shell';
import { FRAME_ID } from './static-frame';

/**
 * The first-paint frame of every page, rendered from the shell's own React components at build time
 * (tooling/prerender/frame.tsx writes host/dist/page-frame.json): the server paints it before any JavaScript and
 * fills in only what belongs to the request (docs/architecture.md "First load"). Nothing of the frame's markup is
 * written anywhere else: a change to the shells or their menus shows in the next build's frame.
 *
 * What depends on the request is left as placeholders (listed in the file, so the server names none itself): the
 * site's name (operator content), the page's slot (the remote's skeleton or its prerendered first screen) and the
 * first screen's markup. The rest is rendered ahead: per language, per page of the table and per combination of
 * the remotes the frame differs by (the menus leave out a disabled remote's entries).
 */

export const PAGE_FRAME_VERSION = 1;

export interface PageFramePlaceholders {
  siteName: string;
  slot: string;
  firstScreen: string;
}

export const PLACEHOLDERS: PageFramePlaceholders = {
  siteName: '{{site.name}}',
  slot: '{{page.slot}}',
  firstScreen: '{{first.screen}}',
};

export interface PageFrameLocale {
  /** The catalogue's site name, when the operator has set none. */
  appName: string;
  /** Each page's title, without the site's name. */
  titles: Record<string, string>;
  /** Page → enabled-remotes key (`remoteKey`) → the frame's markup; a page painted without a frame has none. */
  frames: Record<string, Record<string, string>>;
  /** Remote module → its slot while it loads: the page-shaped skeleton, or the holder of its first screen. */
  slots: Record<string, { skeleton: string; firstScreen: string }>;
}

/** host/dist/page-frame.json. */
export interface PageFrameFile {
  version: number;
  placeholders: PageFramePlaceholders;
  pages: Record<string, PageEntry>;
  redirects: Record<string, string>;
  /** The remotes whose being enabled changes a frame, in the order `remoteKey` lists them. */
  remotes: RemoteName[];
  locales: Record<string, PageFrameLocale>;
}

/** The key of a combination of enabled remotes among `remotes`: their names joined by commas ('' for none). */
export const remoteKey = (remotes: readonly string[], isEnabled: (name: string) => boolean): string =>
  remotes.filter(isEnabled).join(',');

/** Static markup without what belongs to the live shell only (tests wait for React's own elements). */
const staticMarkup = (element: ReactElement): string =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>).replace(
    / data-testid="[^"]*"/g,
    '',
  );

/** Where a page's frame is rendered: a path the page's route matches (the active menu entry follows it). */
const locationOf = (path: string): string => (path === '/user/*' ? '/user/not-found' : path);

function renderFrame(path: string, entry: PageEntry, enabled: ReadonlySet<string>): string | undefined {
  if (entry.frame === 'none') return undefined;
  const Shell = entry.frame === 'member' ? MemberShell : PublicShell;
  const directory = createRemoteDirectory(
    DEFAULT_REMOTES.map((remote) => ({ ...remote, enabled: enabled.has(remote.name) })),
  );
  const html = staticMarkup(
    <RemoteDirectoryProvider directory={directory}>
      <SiteNameContext.Provider value={PLACEHOLDERS.siteName}>
        <MemoryRouter initialEntries={[locationOf(path)]}>
          <Routes>
            <Route element={<Shell />}>
              <Route path="*" element={<>{PLACEHOLDERS.slot}</>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SiteNameContext.Provider>
    </RemoteDirectoryProvider>,
  );
  // The frame's element carries the id the host removes it by (static-frame.ts).
  if (!html.startsWith('<div ')) throw new Error(`${path}: the shell does not render a <div> first`);
  return `<div id="${FRAME_ID}" ${html.slice('<div '.length)}`;
}

function renderSlots(module: RemoteModuleId): { skeleton: string; firstScreen: string } {
  // As RemoteSlot renders a page's slot: the parcel's (still empty) element, then what shows until it mounts.
  const parcel = <div className="host-remote-slot host-page" />;
  return {
    skeleton: staticMarkup(
      <>
        {parcel}
        <RemoteSkeleton remoteModule={module} />
      </>,
    ),
    firstScreen: staticMarkup(
      <>
        {parcel}
        <div className="host-first-screen host-page" {...{ [FIRST_SCREEN_ATTRIBUTE]: module }} inert>
          {PLACEHOLDERS.firstScreen}
        </div>
      </>,
    ),
  };
}

/** Every subset of `names`. */
const subsets = (names: readonly RemoteName[]): Set<string>[] =>
  names.reduce<Set<string>[]>(
    (all, name) => all.flatMap((set) => [set, new Set([...set, name])]),
    [new Set()],
  );

/**
 * Renders the frames of every page in every language (the languages' strings must be registered: the host's
 * `catalogs`). The remotes a frame differs by are found by rendering: each page with every remote on, and with
 * each one off in turn (a frame that changed only when two remotes are off together would go unnoticed: the
 * shell's menus test each remote on its own); then every combination of those remotes is rendered.
 */
export async function buildPageFrame(
  locales: readonly string[] = ['th', 'la', 'en'],
): Promise<PageFrameFile> {
  const pages = Object.entries(PAGES) as [PagePath, PageEntry][];
  const all = new Set<string>(REMOTE_NAMES);
  const remotes: RemoteName[] = [];
  for (const locale of locales) {
    await setLocale(locale as Parameters<typeof setLocale>[0]);
    for (const [path, entry] of pages) {
      const full = renderFrame(path, entry, all);
      for (const name of REMOTE_NAMES) {
        const without = new Set([...all].filter((n) => n !== name));
        if (!remotes.includes(name) && renderFrame(path, entry, without) !== full) remotes.push(name);
      }
    }
  }
  remotes.sort((a, b) => REMOTE_NAMES.indexOf(a) - REMOTE_NAMES.indexOf(b));
  const combinations = subsets(remotes);

  const out: Record<string, PageFrameLocale> = {};
  for (const locale of locales) {
    await setLocale(locale as Parameters<typeof setLocale>[0]);
    const t = i18n.getFixedT(locale, 'host');
    const titles: Record<string, string> = {};
    const frames: Record<string, Record<string, string>> = {};
    const slots: PageFrameLocale['slots'] = {};
    for (const [path, entry] of pages) {
      titles[path] = t(entry.title);
      if (entry.module) slots[entry.module] ??= renderSlots(entry.module);
      for (const enabled of combinations) {
        // The remotes no frame differs by stay on; the others as the combination says.
        const on = new Set([...REMOTE_NAMES.filter((n) => !remotes.includes(n)), ...enabled]);
        const html = renderFrame(path, entry, on);
        if (html !== undefined) (frames[path] ??= {})[remoteKey(remotes, (n) => enabled.has(n))] = html;
      }
    }
    out[locale] = { appName: t('appName'), titles, frames, slots };
  }
  return {
    version: PAGE_FRAME_VERSION,
    placeholders: PLACEHOLDERS,
    pages: Object.fromEntries(pages),
    redirects: { ...PAGE_REDIRECTS },
    remotes,
    locales: out,
  };
}

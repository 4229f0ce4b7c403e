import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lookupApi } from '../api';
import { useShellLookup } from '../lib/use-shell-lookup';
import { readSiteBlock, type SiteBlock } from './static-frame';

/**
 * What a route of the host's table says about its page (`handle` in routes.tsx): the `host` catalogue key of
 * its title; `bare`: the title alone, without the site's name (the page of a service that is gone); `preload`:
 * fetches the code of the route's lazy page or shell.
 */
export interface RouteHandle {
  title?: string;
  bare?: boolean;
  preload?: () => Promise<void>;
}

/** The site's name (the build's frame gives its placeholder: shell/page-frame.tsx). */
export const SiteNameContext = createContext<string | undefined>(undefined);

/** Loads the site's name (operator content, per language) once for the whole page. */
export function SiteNameProvider({ children }: { children: ReactNode }) {
  const { data } = useShellLookup(lookupApi.info);
  return <SiteNameContext.Provider value={data?.name || undefined}>{children}</SiteNameContext.Provider>;
}

let pageBlock: SiteBlock | undefined;

/** The site's name the server rendered into the page (and its frame) for that language, if any. */
function pageSiteName(language: string): string | undefined {
  pageBlock ??= typeof document === 'undefined' ? {} : readSiteBlock();
  return pageBlock.locale === language ? pageBlock.name : undefined;
}

/**
 * The site's name from the info lookup; until it arrives, the name the server painted in the frame (same
 * language), else the catalogue's name.
 */
export function useSiteName(): string {
  const { t, i18n } = useTranslation('host');
  return useContext(SiteNameContext) ?? pageSiteName(i18n.resolvedLanguage ?? i18n.language) ?? t('appName');
}

type TitledHandle = RouteHandle & { title: string };

const isTitled = (handle: unknown): handle is TitledHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';

/**
 * Keeps the tab's title on the page shown, in the member's language: "<page> · <site name>". The page comes from
 * the deepest route of `routes` with a title that matches the location (the host knows every route, also those a
 * remote renders); it follows navigation, a language change and the site's name arriving.
 */
export function DocumentTitle({ routes }: { routes: RouteObject[] }): null {
  const { t } = useTranslation('host');
  const siteName = useSiteName();
  const { pathname } = useLocation();
  const handle = (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route.handle as unknown)
    .filter(isTitled)
    .pop();
  const page = handle ? t(handle.title) : '';
  const title = !handle ? siteName : handle.bare ? page : `${page} · ${siteName}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

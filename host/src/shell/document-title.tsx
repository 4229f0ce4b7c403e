import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lookupApi } from '../api';
import { useLookup } from '../lib/use-lookup';
import { readSiteBlock, type SiteBlock } from './static-frame';

/**
 * What a route of the host's table says about its page (`handle` in routes.tsx): the `host` catalogue key of
 * its title. `bare`: the title alone, without the site's name (the page of a service that is gone).
 */
export interface RouteHandle {
  title: string;
  bare?: boolean;
}

const SiteNameContext = createContext<string | undefined>(undefined);

/** Loads the site's name (operator content, per language) once for the whole page. */
export function SiteNameProvider({ children }: { children: ReactNode }) {
  const { data } = useLookup(lookupApi.info);
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

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';

/**
 * Keeps the tab's title on the page shown, in the member's language: "<page> · <site name>". The page comes from
 * the deepest route with a title (the host knows every route, also those a remote renders); it follows
 * navigation, a language change and the site's name arriving.
 */
export function DocumentTitle(): null {
  const { t } = useTranslation('host');
  const siteName = useSiteName();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .pop();
  const page = handle ? t(handle.title) : '';
  const title = !handle ? siteName : handle.bare ? page : `${page} · ${siteName}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lookupApi } from '../api';
import { useLookup } from '../lib/use-lookup';

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

/** The site's name from the info lookup; the catalogue's name until it arrives. */
export function useSiteName(): string {
  const { t } = useTranslation('host');
  return useContext(SiteNameContext) ?? t('appName');
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

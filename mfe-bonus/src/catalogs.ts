import type { RemoteCatalogs } from '@wallet/shared';

/**
 * This remote's strings as of its own build, a chunk per language: its parcels register them when it loads and only
 * the page's language is fetched (another one when the member switches to it; see createRemoteParcel).
 */
export const catalogs: RemoteCatalogs = {
  ns: 'bonus',
  resources: {
    th: () => import('./locales/th/bonus.json'),
    la: () => import('./locales/la/bonus.json'),
    en: () => import('./locales/en/bonus.json'),
  },
};

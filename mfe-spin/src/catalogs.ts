import type { RemoteCatalogs } from '@wallet/shared';

/**
 * This remote's strings as of its own build, a chunk per language: its parcels register them when it loads and only
 * the page's language is fetched (another one when the member switches to it; see createRemoteParcel).
 */
export const catalogs: RemoteCatalogs = {
  ns: 'spin',
  resources: {
    th: () => import('./locales/th/spin.json'),
    la: () => import('./locales/la/spin.json'),
    en: () => import('./locales/en/spin.json'),
  },
};

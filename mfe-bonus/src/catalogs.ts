import type { RemoteCatalogs } from '@wallet/shared';

/**
 * This remote's strings as of its own build, a chunk per language: its parcels register them when it loads and only
 * the page's language is fetched (another one when the member switches to it; see createRemoteParcel). The chunks
 * are named `strings-<lang>` so that the server's index.html can preload the page language's one.
 */
export const catalogs: RemoteCatalogs = {
  ns: 'bonus',
  resources: {
    th: () => import(/* webpackChunkName: "strings-th" */ './locales/th/bonus.json'),
    la: () => import(/* webpackChunkName: "strings-la" */ './locales/la/bonus.json'),
    en: () => import(/* webpackChunkName: "strings-en" */ './locales/en/bonus.json'),
  },
};

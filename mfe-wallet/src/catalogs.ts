import type { RemoteCatalogs } from '@wallet/shared';

/**
 * This remote's strings as of its own build, a chunk per language: its parcels register them when it loads and only
 * the page's language is fetched (another one when the member switches to it; see createRemoteParcel). The chunks
 * are named `strings-<lang>` so that the server's index.html can preload the page language's one.
 */
export const catalogs: RemoteCatalogs = {
  ns: 'wallet',
  resources: {
    th: () => import(/* webpackChunkName: "strings-th" */ './locales/th/wallet.json'),
    la: () => import(/* webpackChunkName: "strings-la" */ './locales/la/wallet.json'),
    en: () => import(/* webpackChunkName: "strings-en" */ './locales/en/wallet.json'),
  },
};

import type { RemoteCatalogs } from '@wallet/shared';

/**
 * This remote's strings as of its own build, a chunk per language: its parcels register them when it loads and only
 * the page's language is fetched (another one when the member switches to it; see createRemoteParcel).
 */
export const catalogs: RemoteCatalogs = {
  ns: 'chat',
  resources: {
    th: () => import('./locales/th/chat.json'),
    la: () => import('./locales/la/chat.json'),
    en: () => import('./locales/en/chat.json'),
  },
};

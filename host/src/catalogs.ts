import type { RemoteCatalogs } from '@wallet/shared';

/**
 * The shell's own strings (`host` namespace), a chunk per language shared with the shared package's strings of that
 * language (`locale-<lang>`); the bootstrap registers them, the route table waits for them before the first render.
 */
export const catalogs: RemoteCatalogs = {
  ns: 'host',
  resources: {
    th: () => import(/* webpackChunkName: "locale-th" */ './locales/th/host.json'),
    la: () => import(/* webpackChunkName: "locale-la" */ './locales/la/host.json'),
    en: () => import(/* webpackChunkName: "locale-en" */ './locales/en/host.json'),
  },
};

import type { RemoteCatalogs } from '@wallet/shared';

/** The console's own strings (`ops` namespace), a chunk per language; the bootstrap registers them. */
export const catalogs: RemoteCatalogs = {
  ns: 'ops',
  resources: {
    th: () => import(/* webpackChunkName: "locale-th" */ './locales/th/ops.json'),
    la: () => import(/* webpackChunkName: "locale-la" */ './locales/la/ops.json'),
    en: () => import(/* webpackChunkName: "locale-en" */ './locales/en/ops.json'),
  },
};

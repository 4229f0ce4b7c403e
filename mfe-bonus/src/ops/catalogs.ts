import type { RemoteCatalogs } from '@wallet/shared';

/**
 * The strings of this remote's operator screen (bonus definitions and promotions, mounted in the console at
 * /ops/), apart from the member pages' `bonus` namespace so a member's page never loads them. A chunk per language.
 */
export const opsCatalogs: RemoteCatalogs = {
  ns: 'bonus-ops',
  resources: {
    th: () => import(/* webpackChunkName: "ops-strings-th" */ '../locales/th/bonus-ops.json'),
    la: () => import(/* webpackChunkName: "ops-strings-la" */ '../locales/la/bonus-ops.json'),
    en: () => import(/* webpackChunkName: "ops-strings-en" */ '../locales/en/bonus-ops.json'),
  },
};

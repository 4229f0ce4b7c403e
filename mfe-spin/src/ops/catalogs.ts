import type { RemoteCatalogs } from '@wallet/shared';

/**
 * The strings of this remote's operator screen (the lucky wheels, mounted in the console at /ops/), apart from
 * the member pages' `spin` namespace so a member's page never loads them. A chunk per language.
 */
export const opsCatalogs: RemoteCatalogs = {
  ns: 'spin-ops',
  resources: {
    th: () => import(/* webpackChunkName: "ops-strings-th" */ '../locales/th/spin-ops.json'),
    la: () => import(/* webpackChunkName: "ops-strings-la" */ '../locales/la/spin-ops.json'),
    en: () => import(/* webpackChunkName: "ops-strings-en" */ '../locales/en/spin-ops.json'),
  },
};

import type { RemoteCatalogs } from '@wallet/shared';

/**
 * The strings of this remote's operator screens (mounted in the console at /ops/), apart from the member
 * screens' `wallet` namespace so a member's page never loads them: `wallet-ops` for the queues (slips,
 * withdrawals, incoming payments), `wallet-members` for the members screen. A chunk per language each.
 */
export const queuesCatalogs: RemoteCatalogs = {
  ns: 'wallet-ops',
  resources: {
    th: () => import(/* webpackChunkName: "ops-strings-th" */ '../locales/th/wallet-ops.json'),
    la: () => import(/* webpackChunkName: "ops-strings-la" */ '../locales/la/wallet-ops.json'),
    en: () => import(/* webpackChunkName: "ops-strings-en" */ '../locales/en/wallet-ops.json'),
  },
};

export const membersCatalogs: RemoteCatalogs = {
  ns: 'wallet-members',
  resources: {
    th: () => import(/* webpackChunkName: "members-strings-th" */ '../locales/th/wallet-members.json'),
    la: () => import(/* webpackChunkName: "members-strings-la" */ '../locales/la/wallet-members.json'),
    en: () => import(/* webpackChunkName: "members-strings-en" */ '../locales/en/wallet-members.json'),
  },
};

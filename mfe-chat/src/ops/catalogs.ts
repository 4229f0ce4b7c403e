import type { RemoteCatalogs } from '@wallet/shared';

/**
 * The strings of the agents' inbox (mounted in the console at /ops/inbox), apart from the widget's `chat`
 * namespace so a member's page never loads them. A chunk per language.
 */
export const inboxCatalogs: RemoteCatalogs = {
  ns: 'chat-ops',
  resources: {
    th: () => import(/* webpackChunkName: "inbox-strings-th" */ '../locales/th/chat-ops.json'),
    la: () => import(/* webpackChunkName: "inbox-strings-la" */ '../locales/la/chat-ops.json'),
    en: () => import(/* webpackChunkName: "inbox-strings-en" */ '../locales/en/chat-ops.json'),
  },
};

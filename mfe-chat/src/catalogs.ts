import type { RemoteCatalogs } from '@wallet/shared';
import th from './locales/th/chat.json';
import la from './locales/la/chat.json';
import en from './locales/en/chat.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'chat', resources: { th, la, en } };

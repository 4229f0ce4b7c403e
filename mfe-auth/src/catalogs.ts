import type { RemoteCatalogs } from '@wallet/shared';
import th from './locales/th/auth.json';
import la from './locales/la/auth.json';
import en from './locales/en/auth.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'auth', resources: { th, la, en } };

import type { RemoteCatalogs } from '@wallet/shared';
import th from './locales/th/bonus.json';
import la from './locales/la/bonus.json';
import en from './locales/en/bonus.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'bonus', resources: { th, la, en } };

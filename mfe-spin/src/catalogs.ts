import type { RemoteCatalogs } from '@wallet/shared';
import th from './locales/th/spin.json';
import la from './locales/la/spin.json';
import en from './locales/en/spin.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'spin', resources: { th, la, en } };

import type { RemoteCatalogs } from '@wallet/shared';
import th from './locales/th/wallet.json';
import la from './locales/la/wallet.json';
import en from './locales/en/wallet.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'wallet', resources: { th, la, en } };

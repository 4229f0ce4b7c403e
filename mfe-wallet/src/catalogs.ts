import type { RemoteCatalogs } from '@wallet/shared';
import th from '@wallet/shared/src/i18n/locales/th/wallet.json';
import la from '@wallet/shared/src/i18n/locales/la/wallet.json';
import en from '@wallet/shared/src/i18n/locales/en/wallet.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'wallet', resources: { th, la, en } };

import type { RemoteCatalogs } from '@wallet/shared';
import th from '@wallet/shared/src/i18n/locales/th/bonus.json';
import la from '@wallet/shared/src/i18n/locales/la/bonus.json';
import en from '@wallet/shared/src/i18n/locales/en/bonus.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'bonus', resources: { th, la, en } };

import type { RemoteCatalogs } from '@wallet/shared';
import th from '@wallet/shared/src/i18n/locales/th/spin.json';
import la from '@wallet/shared/src/i18n/locales/la/spin.json';
import en from '@wallet/shared/src/i18n/locales/en/spin.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'spin', resources: { th, la, en } };

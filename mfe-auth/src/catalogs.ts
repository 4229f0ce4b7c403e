import type { RemoteCatalogs } from '@wallet/shared';
import th from '@wallet/shared/src/i18n/locales/th/auth.json';
import la from '@wallet/shared/src/i18n/locales/la/auth.json';
import en from '@wallet/shared/src/i18n/locales/en/auth.json';

/** This remote's strings as of its own build; its parcels register them when it loads (see createRemoteParcel). */
export const catalogs: RemoteCatalogs = { ns: 'auth', resources: { th, la, en } };

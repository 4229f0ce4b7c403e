import type { RemoteCatalogs } from '@wallet/shared';
import th from './locales/th/host.json';
import la from './locales/la/host.json';
import en from './locales/en/host.json';

/** The shell's own strings (`host` namespace); the bootstrap registers them before the first render. */
export const catalogs: RemoteCatalogs = { ns: 'host', resources: { th, la, en } };

import { get, post } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

/**
 * The lookups the shell itself makes (spec §7). Content comes in the language of the client's `Accept-Language`.
 * The shapes are generated from the server's route schemas (@wallet/api-types). Plain `get(path)` calls (no
 * config): the first ask of a lookup the server rendered into the page (`lookups` data block) is answered from
 * the page, without a request and without loading the HTTP client (shared/src/http/page-data.ts).
 */
export type ContactInfo = ApiData<'/api/lookup/contact', 'get'>;
export type SiteInfo = ApiData<'/api/lookup/info', 'get'>;
export type ActiveStatus = ApiData<'/api/lookup/active', 'get'>;
export type HowtoVideo = ApiData<'/api/lookup/howto', 'get'>[number];

export const lookupApi = {
  active: () => get<ActiveStatus>('/api/lookup/active'),
  info: () => get<SiteInfo>('/api/lookup/info'),
  contact: () => get<ContactInfo>('/api/lookup/contact'),
  howto: () => get<HowtoVideo[]>('/api/lookup/howto'),
  enableChatWidget: () => get<ApiData<'/api/lookup/enableChatWidget', 'get'>>('/api/lookup/enableChatWidget'),
};

/** A logout never waits the 60-s call timeout: after this the local session is cleared anyway. */
export const LOGOUT_TIMEOUT_MS = 5000;

export const sessionApi = {
  /** Server-side logout: revokes the session of the current token (POST /api/logout). */
  logout: () => post<ApiData<'/api/logout', 'post'>>('/api/logout', {}, { timeout: LOGOUT_TIMEOUT_MS }),
};

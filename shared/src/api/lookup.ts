import { get } from '../http/client';
import type { ActiveStatus, Bank, ContactInfo, HowtoVideo, SiteInfo, Source, WithdrawLimits } from './types';

/** Lookups (spec §7). Content comes in the language of the `Accept-Language` header the client sends. */
export const lookupApi = {
  banks: () => get<Bank[]>('/api/lookup/banks'),
  sources: () => get<Source[]>('/api/lookup/sources'),
  conditions: () => get<string[]>('/api/lookup/conditions'),
  agreements: () => get<string[]>('/api/lookup/agreements'),
  info: () => get<SiteInfo>('/api/lookup/info'),
  notice: () => get<{ text: string }>('/api/lookup/notice'),
  contact: () => get<ContactInfo>('/api/lookup/contact'),
  withdraw: () => get<WithdrawLimits>('/api/lookup/withdraw'),
  active: () => get<ActiveStatus>('/api/lookup/active'),
  registerOTP: () => get<{ registerOTP: boolean }>('/api/lookup/registerOTP'),
  enableChatWidget: () => get<{ enableChatWidget: boolean }>('/api/lookup/enableChatWidget'),
  howto: () => get<HowtoVideo[]>('/api/lookup/howto'),
};

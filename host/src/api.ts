import { get } from '@wallet/shared';

/** The lookups the shell itself makes (spec §7). Content comes in the language of the client's `Accept-Language`. */

export interface ContactInfo {
  contactText: string;
  lineLink: string;
  lineName: string;
  lineQR: string;
}

export interface SiteInfo {
  name: string;
  website: string;
}

export interface ActiveStatus {
  terminated: 'gone' | null;
}

export interface HowtoVideo {
  id: string;
  title: string;
  src: string;
  poster?: string;
}

export const lookupApi = {
  active: () => get<ActiveStatus>('/api/lookup/active'),
  info: () => get<SiteInfo>('/api/lookup/info'),
  contact: () => get<ContactInfo>('/api/lookup/contact'),
  howto: () => get<HowtoVideo[]>('/api/lookup/howto'),
  enableChatWidget: () => get<{ enableChatWidget: boolean }>('/api/lookup/enableChatWidget'),
};

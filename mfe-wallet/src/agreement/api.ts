import { get } from '@wallet/shared';

export const agreementApi = {
  /** The agreement paragraphs (server html), in the language the client asks for. */
  agreements: () => get<string[]>('/api/lookup/agreements'),
};

import { get } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

export const agreementApi = {
  /** The agreement paragraphs (server html), in the language the client asks for. */
  agreements: () => get<ApiData<'/api/lookup/agreements', 'get'>>('/api/lookup/agreements'),
};

import { get } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

export const conditionsApi = {
  /** The bonus conditions (server html paragraphs), in the language the client asks for. */
  conditions: () => get<ApiData<'/api/lookup/conditions', 'get'>>('/api/lookup/conditions'),
};

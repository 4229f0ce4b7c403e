import { get } from '@wallet/shared';

export const conditionsApi = {
  /** The bonus conditions (server html paragraphs), in the language the client asks for. */
  conditions: () => get<string[]>('/api/lookup/conditions'),
};

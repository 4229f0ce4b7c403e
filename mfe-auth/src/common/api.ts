import { get } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

/** A bank a member may register a payout account with; the generated shape of the banks lookup. */
export type Bank = ApiData<'/api/lookup/banks', 'get'>[number];

export const bankApi = {
  /** The banks a member may register a payout account with (spec §7 lookup). */
  banks: () => get<Bank[]>('/api/lookup/banks'),
};

import { get } from '@wallet/shared';

export interface Bank {
  code: string;
  nameTH: string;
  nameEN: string;
  country?: 'TH' | 'LA';
}

export const bankApi = {
  /** The banks a member may register a payout account with (spec §7 lookup). */
  banks: () => get<Bank[]>('/api/lookup/banks'),
};

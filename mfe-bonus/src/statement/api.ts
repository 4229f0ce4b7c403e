import { get, post } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

/** `POST /api/statement`: one page of the member's ledger, newest first; amounts unsigned, in minor units. */
export type StatementPage = ApiData<'/api/statement', 'post'>;
export type StatementEntry = StatementPage['statements'][number];
/** `POST /api/statement/slip`: one page of the member's uploaded slips, newest first. */
export type SlipPage = ApiData<'/api/statement/slip', 'post'>;
export type Slip = SlipPage['slips'][number];

export const statementApi = {
  statement: (page: number, limit: number) => post<StatementPage>('/api/statement', { page, limit }),
  slips: (page: number, limit: number) => post<SlipPage>('/api/statement/slip', { page, limit }),
  /** A fresh short-lived URL of one slip image (opened in a new tab). */
  slipUrl: (reference: string) =>
    get<ApiData<'/api/statement/slip/reference/{reference}', 'get'>>(
      `/api/statement/slip/reference/${encodeURIComponent(reference)}`,
    ),
};

import { IDEMPOTENCY_HEADER, opsHttp } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

/** A member as the operators' search lists it. */
export type OpsMember = ApiData<'/api/ops/members', 'get'>[number];
/** One member: profile, balances by ledger account (`main`, `game:<CODE>`) and the main wallet's last movements. */
export type OpsMemberDetail = ApiData<'/api/ops/members/{memberId}', 'get'>;
export type OpsStatementEntry = OpsMemberDetail['recent'][number];
/** `amount` in signed minor units of the member's currency (never 0), `reason` 3–200 characters. */
export type AdjustBody = ApiBody<'/api/ops/members/{memberId}/adjust', 'post'>;
export type AdjustResult = ApiData<'/api/ops/members/{memberId}/adjust', 'post'>;

const memberPath = (memberId: string) => `/api/ops/members/${encodeURIComponent(memberId)}`;

/** The operator API's member calls (docs/operators.md "Members and adjustments"), through the console's session. */
export const membersApi = {
  search: (q: string) => opsHttp.get<OpsMember[]>('/api/ops/members', { q }),
  member: (memberId: string) => opsHttp.get<OpsMemberDetail>(memberPath(memberId)),
  /** `idempotencyKey`: one per adjustment the operator confirmed, the same again for a retry of that one. */
  adjust: (memberId: string, body: AdjustBody, idempotencyKey: string) =>
    opsHttp.post<AdjustResult>(`${memberPath(memberId)}/adjust`, body, {
      [IDEMPOTENCY_HEADER]: idempotencyKey,
    }),
};

/** The keys of the Members screen's reads in the page's query cache (`useConsoleRead`). */
export const MEMBER_OPS_KEYS = {
  search: (q: string) => ['ops', 'wallet', 'members', q],
  member: (memberId: string) => ['ops', 'wallet', 'member', memberId],
} as const;

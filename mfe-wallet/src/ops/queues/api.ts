import { opsHttp } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

/**
 * The operator API behind the queue screens (slips in review, withdrawals, deliveries that credited nothing),
 * through the console's client (`opsHttp`: cookie session, console header on writes, translated ApiErrors).
 *
 * No call here sends an Idempotency-Key: none of these routes reads one. Each decision is safe to repeat on its
 * own: a slip or a delivery settles once (a second decision answers 400 KEY_INVALID) and a payout is paid out
 * again at most once (the server keys it `ops-retry:<failed id>` and answers a repeat with `replayed: true`).
 */
export type Role = ApiData<'/api/ops/auth/me', 'get'>['role'];

export type QueuedSlip = ApiData<'/api/ops/slips', 'get'>[number];
export type SlipStatus = QueuedSlip['status'];
export type SlipDecision = ApiData<'/api/ops/slips/{id}/approve', 'post'>;
export type SlipApproval = ApiBody<'/api/ops/slips/{id}/approve', 'post'>;
export type SlipReason = ApiBody<'/api/ops/slips/{id}/reject', 'post'>['reason'];

export type Withdrawal = ApiData<'/api/ops/withdrawals', 'get'>[number];
export type WithdrawalStatus = Withdrawal['status'];
export type WithdrawalRetry = ApiData<'/api/ops/withdrawals/{id}/retry', 'post'>;

export type Incoming = ApiData<'/api/ops/incoming', 'get'>[number];
export type IncomingOutcome = Incoming['outcome'];

export type MemberMatch = ApiData<'/api/ops/members', 'get'>[number];

/** The reason codes of spec §4 an operator may reject a slip with (the server's SLIP_REASONS, same order). */
export const SLIP_REASONS: readonly SlipReason[] = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
];

const path = (id: string | number) => encodeURIComponent(String(id));

export const queuesApi = {
  slips: (status: SlipStatus, limit: number) =>
    opsHttp.get<QueuedSlip[]>('/api/ops/slips', { status, limit }),
  approveSlip: (id: string, body: SlipApproval) =>
    opsHttp.post<SlipDecision>(`/api/ops/slips/${path(id)}/approve`, body),
  rejectSlip: (id: string, reason: SlipReason) =>
    opsHttp.post<SlipDecision>(`/api/ops/slips/${path(id)}/reject`, { reason }),

  withdrawals: (status: WithdrawalStatus, limit: number, before?: string) =>
    opsHttp.get<Withdrawal[]>('/api/ops/withdrawals', { status, limit, before }),
  retryWithdrawal: (id: string) =>
    opsHttp.post<WithdrawalRetry>(`/api/ops/withdrawals/${path(id)}/retry`, {}),

  incoming: (outcome: IncomingOutcome | undefined, limit: number) =>
    opsHttp.get<Incoming[]>('/api/ops/incoming', { outcome, limit }),
  assignIncoming: (id: number, memberId: string) =>
    opsHttp.post<Incoming>(`/api/ops/incoming/${path(id)}/assign`, { memberId }),

  searchMembers: (q: string) => opsHttp.get<MemberMatch[]>('/api/ops/members', { q }),
};

/** The keys of the queue screens' reads in the page's query cache (`useConsoleRead`, `useConsolePages`). */
export const QUEUE_KEYS = {
  slips: (status: SlipStatus) => ['ops', 'wallet', 'slips', status],
  incoming: (outcome: IncomingOutcome | undefined) => ['ops', 'wallet', 'incoming', outcome ?? 'all'],
  /** Every withdrawal list (a payout paid out again is a new pending one): the prefix a change invalidates. */
  withdrawals: ['ops', 'wallet', 'withdrawals'],
  withdrawalsOf: (status: WithdrawalStatus) => ['ops', 'wallet', 'withdrawals', status],
} as const;

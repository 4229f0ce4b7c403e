import { opsHttp } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

/** The console's calls go through `opsHttp` of @wallet/shared, the client its remotes' screens use too. */
const request = <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> =>
  method === 'GET' ? opsHttp.get<T>(url) : opsHttp.post<T>(url, body);

export type Operator = ApiData<'/api/ops/auth/me', 'get'>;
export type Role = Operator['role'];
export type LoginAnswer = ApiData<'/api/ops/auth/login', 'post'>;
export type Enrolment = ApiData<'/api/ops/auth/enrol', 'post'>;
export type EnrolConfirmed = ApiData<'/api/ops/auth/enrol/confirm', 'post'>;
export type Setting = ApiData<'/api/ops/settings', 'get'>[number];
export type AuditEntry = ApiData<'/api/ops/audit', 'get'>[number];
export type RemoteReleases = ApiData<'/api/ops/releases', 'get'>[number];
export type ReleaseRecord = RemoteReleases['history'][number];
export type ReleaseChange = ApiData<'/api/ops/releases/{folder}', 'post'>;
/** `GET /api/ops/ledger/check`: each currency's balances summed (zero when the books balance), what is off or pending. */
export type BooksCheck = ApiData<'/api/ops/ledger/check', 'get'>;
/** `GET /api/ops/jobs`: the background jobs per queue and state, and the dead ones (docs/operations.md "Jobs"). */
export type Jobs = ApiData<'/api/ops/jobs', 'get'>;
/** `POST /api/ops/reconcile`: what a reconciliation run advanced and what is still pending. */
export type Reconciled = ApiData<'/api/ops/reconcile', 'post'>;
/** An operator as the list gives it (with its last sign-in). */
export type OperatorAccount = ApiData<'/api/ops/operators', 'get'>[number];
/** An operator as a change answers it (creation, status, reset): without the last sign-in. */
export type OperatorChanged = ApiData<'/api/ops/operators', 'post'>;
export type NewOperator = ApiBody<'/api/ops/operators', 'post'>;
export type OperatorStatus = OperatorAccount['status'];
/** An editable content key, with its stored locales and when each was last changed. */
export type ContentEntry = ApiData<'/api/ops/content', 'get'>[number];
export type ContentKey = ContentEntry['key'];
/** th, la, en; `*`: one value for every language. */
export type ContentLocale = ContentEntry['locales'][number]['locale'];

/** A bank of the list (`GET /api/lookup/banks`), with the digits of its account numbers. */
export type Bank = ApiData<'/api/lookup/banks', 'get'>[number];

const enc = encodeURIComponent;

export const opsApi = {
  me: () => request<Operator>('GET', '/api/ops/auth/me'),
  login: (username: string, password: string) =>
    request<LoginAnswer>('POST', '/api/ops/auth/login', {
      username,
      password,
    } satisfies ApiBody<'/api/ops/auth/login', 'post'>),
  code: (body: ApiBody<'/api/ops/auth/code', 'post'>) =>
    request<ApiData<'/api/ops/auth/code', 'post'>>('POST', '/api/ops/auth/code', body),
  enrol: () => request<Enrolment>('POST', '/api/ops/auth/enrol'),
  confirmEnrol: (code: string) =>
    request<EnrolConfirmed>('POST', '/api/ops/auth/enrol/confirm', {
      code,
    } satisfies ApiBody<'/api/ops/auth/enrol/confirm', 'post'>),
  logout: () => request<unknown>('POST', '/api/ops/auth/logout'),
  settings: () => request<Setting[]>('GET', '/api/ops/settings'),
  content: () => request<ContentEntry[]>('GET', '/api/ops/content'),
  /** The stored value (any JSON: its shape is the key's, checked by the server on save). */
  contentValue: (key: ContentKey, locale: ContentLocale) =>
    request<unknown>('GET', `/api/ops/content/${enc(key)}/${enc(locale)}`),
  /** The body is the value as JSON text, so a bare string or number is sent as JSON too (not as form text). */
  setContent: (key: ContentKey, locale: ContentLocale, value: unknown) =>
    opsHttp.put<unknown>(`/api/ops/content/${enc(key)}/${enc(locale)}`, JSON.stringify(value), {
      'content-type': 'application/json',
    }),
  banks: () => request<Bank[]>('GET', '/api/lookup/banks'),
  setSetting: (key: string, value: boolean) =>
    request<ApiData<'/api/ops/settings/{key}', 'post'>>('POST', `/api/ops/settings/${enc(key)}`, {
      value,
    } satisfies ApiBody<'/api/ops/settings/{key}', 'post'>),
  /** `actor` and `action`: exactly that operator's (or `cli`) entries, exactly that action's. */
  audit: (query: { before?: number; limit?: number; actor?: string; action?: string }) => {
    const params = new URLSearchParams();
    if (query.before !== undefined) params.set('before', String(query.before));
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.actor) params.set('actor', query.actor);
    if (query.action) params.set('action', query.action);
    const search = params.toString();
    return request<AuditEntry[]>('GET', `/api/ops/audit${search ? `?${search}` : ''}`);
  },
  changePassword: (oldPassword: string, newPassword: string) =>
    request<ApiData<'/api/ops/auth/password', 'post'>>('POST', '/api/ops/auth/password', {
      oldPassword,
      newPassword,
    } satisfies ApiBody<'/api/ops/auth/password', 'post'>),
  releases: () => request<RemoteReleases[]>('GET', '/api/ops/releases'),
  release: (folder: string, version: string) =>
    request<ReleaseChange>('POST', `/api/ops/releases/${enc(folder)}`, {
      version,
    } satisfies ApiBody<'/api/ops/releases/{folder}', 'post'>),
  rollback: (folder: string) =>
    request<ApiData<'/api/ops/releases/{folder}/rollback', 'post'>>(
      'POST',
      `/api/ops/releases/${enc(folder)}/rollback`,
      {} satisfies ApiBody<'/api/ops/releases/{folder}/rollback', 'post'>,
    ),
  booksCheck: () => request<BooksCheck>('GET', '/api/ops/ledger/check'),
  reconcile: () => request<Reconciled>('POST', '/api/ops/reconcile', {}),
  jobs: () => request<Jobs>('GET', '/api/ops/jobs'),
  retryJob: (id: string) =>
    request<ApiData<'/api/ops/jobs/{id}/retry', 'post'>>(
      'POST',
      `/api/ops/jobs/${enc(id)}/retry`,
      {} satisfies ApiBody<'/api/ops/jobs/{id}/retry', 'post'>,
    ),
  operators: () => request<OperatorAccount[]>('GET', '/api/ops/operators'),
  createOperator: (body: NewOperator) => request<OperatorChanged>('POST', '/api/ops/operators', body),
  setOperatorStatus: (username: string, status: OperatorStatus) =>
    request<OperatorChanged>('POST', `/api/ops/operators/${enc(username)}/status`, {
      status,
    } satisfies ApiBody<'/api/ops/operators/{username}/status', 'post'>),
  resetTotp: (username: string) =>
    request<OperatorChanged>(
      'POST',
      `/api/ops/operators/${enc(username)}/reset-totp`,
      {} satisfies ApiBody<'/api/ops/operators/{username}/reset-totp', 'post'>,
    ),
};

/**
 * The keys of the console's own reads in the page's query cache (`useConsoleRead`): a change invalidates the one
 * it makes stale (a reconciliation the books' check, a save the content list and that value).
 */
export const OPS_KEYS = {
  settings: ['ops', 'console', 'settings'],
  operators: ['ops', 'console', 'operators'],
  releases: ['ops', 'console', 'releases'],
  books: ['ops', 'console', 'books'],
  jobs: ['ops', 'console', 'jobs'],
  content: ['ops', 'console', 'content'],
  contentValue: (key: ContentKey | undefined, locale: ContentLocale) => [
    'ops',
    'console',
    'content-value',
    key,
    locale,
  ],
  banks: ['ops', 'console', 'banks'],
  audit: (actor: string, action: string) => ['ops', 'console', 'audit', actor, action],
} as const;

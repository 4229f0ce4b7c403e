import { ApiError, i18n, translateErrorCode } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

/** The header every state-changing request of the console carries (docs/operators.md, "Two ways in"). */
export const CONSOLE_HEADER = 'X-Requested-With';
export const CONSOLE_HEADER_VALUE = 'ops-console';

/** Codes after which the operator signs in again: no session, or one that expired. */
export const SIGN_IN_AGAIN_CODES: ReadonlySet<string> = new Set(['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN']);

type Listener = (code: string) => void;
const signedOutListeners = new Set<Listener>();

/** Called with the code whenever the server says the session is gone (the app returns to the sign-in). */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

function errorOf(status: number | null, body: unknown): ApiError {
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code =
    typeof envelope.code === 'string'
      ? envelope.code
      : status === null
        ? 'NETWORK_ERROR'
        : 'INTERNAL_SERVER_ERROR';
  const message = typeof envelope.message === 'string' ? envelope.message : undefined;
  return new ApiError(code, status, translateErrorCode(code, message));
}

/**
 * One call of the operator API: the session cookie (same origin), the console header on every request but GET,
 * the success envelope unwrapped; a failure is an `ApiError` with the catalogue code, already translated.
 */
export async function request<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.resolvedLanguage ?? i18n.language,
  };
  if (method !== 'GET') headers[CONSOLE_HEADER] = CONSOLE_HEADER_VALUE;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw errorOf(null, undefined);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (response.status >= 200 && response.status < 300) {
    const envelope = payload as { data?: T } | undefined;
    return envelope?.data as T;
  }
  const error = errorOf(response.status, payload);
  if (SIGN_IN_AGAIN_CODES.has(error.code) && !url.startsWith('/api/ops/auth/login'))
    for (const listener of signedOutListeners) listener(error.code);
  throw error;
}

export type Operator = ApiData<'/api/ops/auth/me', 'get'>;
export type Role = Operator['role'];
export type LoginAnswer = ApiData<'/api/ops/auth/login', 'post'>;
export type Enrolment = ApiData<'/api/ops/auth/enrol', 'post'>;
export type EnrolConfirmed = ApiData<'/api/ops/auth/enrol/confirm', 'post'>;
export type Setting = ApiData<'/api/ops/settings', 'get'>[number];
export type AuditEntry = ApiData<'/api/ops/audit', 'get'>[number];

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
  setSetting: (key: string, value: boolean) =>
    request<ApiData<'/api/ops/settings/{key}', 'post'>>('POST', `/api/ops/settings/${enc(key)}`, {
      value,
    } satisfies ApiBody<'/api/ops/settings/{key}', 'post'>),
  audit: (query: { before?: number; limit?: number }) => {
    const params = new URLSearchParams();
    if (query.before !== undefined) params.set('before', String(query.before));
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const search = params.toString();
    return request<AuditEntry[]>('GET', `/api/ops/audit${search ? `?${search}` : ''}`);
  },
};

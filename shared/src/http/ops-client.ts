import type { AxiosInstance, AxiosStatic } from 'axios';
import { currentLocale } from '../i18n/i18n';
import { ApiError, translateErrorCode } from './api-error';
import { HTTP_TIMEOUT_MS, toApiError } from './client';

/**
 * The operator API's client, for the console at /ops/ and for every remote's operator screen mounted in it
 * (docs/operators.md, "Two ways in"). The session is the `wl_ops` cookie (HttpOnly, same origin): no token is
 * read or stored here. Every request but GET carries the console header, which a cross-site form cannot send
 * (the server refuses a state-changing call without it).
 */
export const OPS_HEADER = 'X-Requested-With';
export const OPS_HEADER_VALUE = 'ops-console';

/** Codes after which the operator signs in again: no session, or one that expired. */
export const OPS_SIGN_IN_AGAIN_CODES: ReadonlySet<string> = new Set(['UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN']);

type Listener = (code: string) => void;
const signedOutListeners = new Set<Listener>();

/** Called with the code whenever the server says the operator's session is gone (the console shows sign-in). */
export function onOpsSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Sign-in calls answer UNAUTHORIZED for a wrong password: that is not a lost session. */
const isSignInCall = (url: string | undefined) => url?.startsWith('/api/ops/auth/login') === true;

/** An axios instance for the operator API: cookie session, console header, envelope unwrapped, catalogue errors. */
export function createOpsClient(axios: AxiosStatic): AxiosInstance {
  const instance = axios.create({ baseURL: '', timeout: HTTP_TIMEOUT_MS, withCredentials: true });
  instance.interceptors.request.use((config) => {
    if ((config.method ?? 'get').toLowerCase() !== 'get') config.headers.set(OPS_HEADER, OPS_HEADER_VALUE);
    config.headers.set('Accept', 'application/json');
    config.headers.set('Accept-Language', currentLocale());
    return config;
  });
  instance.interceptors.response.use(
    (response) => {
      const body: unknown = response.data;
      if (typeof body === 'object' && body !== null && 'data' in body)
        response.data = (body as { data: unknown }).data;
      return response;
    },
    (error: unknown) => {
      const apiError = toApiError(error);
      const url = (error as { config?: { url?: string } } | null)?.config?.url;
      if (OPS_SIGN_IN_AGAIN_CODES.has(apiError.code) && !isSignInCall(url))
        for (const listener of signedOutListeners) listener(apiError.code);
      return Promise.reject(apiError);
    },
  );
  return instance;
}

let instance: Promise<AxiosInstance> | undefined;

function opsInstance(): Promise<AxiosInstance> {
  instance ??= import(/* webpackChunkName: "http" */ 'axios').then(
    (module) => createOpsClient(module.default),
    () => {
      instance = undefined;
      throw new ApiError('NETWORK_ERROR', null, translateErrorCode('NETWORK_ERROR'));
    },
  );
  return instance;
}

/**
 * The operator API's calls, each returning the unwrapped payload or rejecting with an `ApiError` whose message
 * is already translated. `headers` carries e.g. an Idempotency-Key.
 */
export const opsHttp = {
  async get<T>(url: string, params?: Record<string, string | number | undefined>): Promise<T> {
    const client = await opsInstance();
    return (await client.get<T>(url, { params })).data;
  },
  async post<T>(
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
    /** e.g. `UPLOAD_TIMEOUT_MS` for a file (spec §9: 300 s), `onUploadProgress` for its progress bar. */
    options: { timeout?: number; onUploadProgress?: (fraction: number) => void } = {},
  ): Promise<T> {
    const client = await opsInstance();
    const { timeout, onUploadProgress } = options;
    return (
      await client.post<T>(url, body, {
        headers,
        ...(timeout !== undefined ? { timeout } : {}),
        ...(onUploadProgress
          ? { onUploadProgress: (e) => e.total && onUploadProgress(e.loaded / e.total) }
          : {}),
      })
    ).data;
  },
  async put<T>(url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const client = await opsInstance();
    return (await client.put<T>(url, body, { headers })).data;
  },
};

import type { AxiosInstance, AxiosRequestConfig, AxiosStatic } from 'axios';
import { clearSession, getToken } from '../auth/session';
import { bus } from '../bus/bus';
import { buildConfig } from '../config';
import { currentLocale } from '../i18n/i18n';
import { ApiError, GONE_CODE, SIGN_IN_AGAIN_CODES, translateErrorCode } from './api-error';
import { takePageData } from './page-data';

/** Spec §9: 60 s for calls, 300 s for slip and chat uploads. */
export const HTTP_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 300_000;

/** Header that marks requests as coming from the wallet user (spec §6). */
export const CLIENT_HEADER = 'X-Requested-By';
export const CLIENT_HEADER_VALUE = 'wallet-user';

interface SuccessEnvelope<T> {
  code: string;
  data: T;
}

interface ErrorEnvelope {
  code?: string;
  message?: string;
  /** The request field the error is about, when it is one. */
  field?: unknown;
  /** The minimum (minor units, as text) the request did not reach, when the server names one. */
  minimum?: unknown;
  /** The maximum (minor units, as text) the request went over, when the server names one. */
  maximum?: unknown;
}

/** What `toApiError` reads of an axios error, recognised without the axios module (it loads on demand). */
interface AxiosLikeError {
  isAxiosError: true;
  code?: string;
  response?: { status: number; data: unknown };
}

function isSuccessEnvelope(value: unknown): value is SuccessEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'data' in value;
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return typeof value === 'object' && value !== null && ('code' in value || 'message' in value);
}

/** axios's own `isAxiosError` test: every error axios raises carries `isAxiosError: true`. */
function isAxiosLikeError(value: unknown): value is AxiosLikeError {
  return (
    typeof value === 'object' && value !== null && (value as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** axios's codes for a call that ran out of time (`AxiosError.ECONNABORTED`, `AxiosError.ETIMEDOUT`). */
const TIMEOUT_CODES: ReadonlySet<string | undefined> = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/** Sends the member where the server's answer says they belong (spec §7 "Response handling"). */
function routeError(code: string): void {
  if (code === GONE_CODE) {
    bus.emit('navigate', { to: '/terminated', replace: true });
  } else if (SIGN_IN_AGAIN_CODES.has(code)) {
    clearSession();
    bus.emit('navigate', { to: '/login', replace: true });
  }
}

const networkError = () => new ApiError('NETWORK_ERROR', null, translateErrorCode('NETWORK_ERROR'));

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosLikeError(error)) {
    const body: unknown = error.response?.data;
    if (error.response && isErrorEnvelope(body)) {
      const code = body.code ?? body.message ?? 'INTERNAL_SERVER_ERROR';
      const field = typeof body.field === 'string' ? body.field : undefined;
      const amount = (value: unknown) =>
        typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
      const minimum = amount(body.minimum);
      const maximum = amount(body.maximum);
      const detail = typeof body.message === 'string' && body.message !== code ? body.message : undefined;
      return new ApiError(
        code,
        error.response.status,
        translateErrorCode(code, body.message),
        field,
        minimum,
        detail,
        maximum,
      );
    }
    if (error.response) {
      return new ApiError(
        'INTERNAL_SERVER_ERROR',
        error.response.status,
        translateErrorCode('INTERNAL_SERVER_ERROR'),
      );
    }
    if (TIMEOUT_CODES.has(error.code)) return new ApiError('TIMEOUT', null, translateErrorCode('TIMEOUT'));
    return networkError();
  }
  return new ApiError('UNKNOWN', null, translateErrorCode('UNKNOWN'));
}

/** An axios instance with the client's behaviour: headers, envelope unwrapping, errors and their routing. */
export function createHttpClient(
  axios: AxiosStatic,
  baseURL: string = buildConfig.apiBaseUrl,
): AxiosInstance {
  const instance = axios.create({ baseURL, timeout: HTTP_TIMEOUT_MS });

  instance.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE);
    config.headers.set('Accept-Language', currentLocale());
    return config;
  });

  instance.interceptors.response.use(
    (response) => {
      if (isSuccessEnvelope(response.data)) response.data = response.data.data;
      return response;
    },
    (error: unknown) => {
      const apiError = toApiError(error);
      routeError(apiError.code);
      return Promise.reject(apiError);
    },
  );
  return instance;
}

let instance: Promise<AxiosInstance> | undefined;

/**
 * The page's axios instance. axios is not on the first screen's critical path: its chunk loads the first time a
 * call needs it (or at the member's first sign of intent, see below). A chunk that cannot be loaded fails the call
 * as NETWORK_ERROR, and the next call tries again.
 */
export function httpInstance(): Promise<AxiosInstance> {
  instance ??= import(/* webpackChunkName: "http" */ 'axios').then(
    (module) => createHttpClient(module.default),
    () => {
      instance = undefined;
      throw networkError();
    },
  );
  return instance;
}

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Starts loading axios on the member's first pointer, key or focus on the page (once), so that the first call
 * (typically the sign-in submit) does not wait for the chunk. Nothing is requested before that.
 */
export function loadOnFirstIntent(target: Document): void {
  const start = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, start, true);
    httpInstance().catch(() => undefined);
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, start, { capture: true, passive: true });
}

if (typeof document !== 'undefined') loadOnFirstIntent(document);

/**
 * The page's HTTP client: every call of every part goes through it. The call methods of the axios instance, with
 * their types, each loading axios first if it is not there yet.
 */
export type HttpClient = Pick<AxiosInstance, 'get' | 'delete' | 'post' | 'put'>;

export const http: HttpClient = {
  get: ((url: string, config?: AxiosRequestConfig) =>
    httpInstance().then((client) => client.get(url, config))) as AxiosInstance['get'],
  delete: ((url: string, config?: AxiosRequestConfig) =>
    httpInstance().then((client) => client.delete(url, config))) as AxiosInstance['delete'],
  post: ((url: string, data?: unknown, config?: AxiosRequestConfig) =>
    httpInstance().then((client) => client.post(url, data, config))) as AxiosInstance['post'],
  put: ((url: string, data?: unknown, config?: AxiosRequestConfig) =>
    httpInstance().then((client) => client.put(url, data, config))) as AxiosInstance['put'],
};

/**
 * GET returning the unwrapped payload. A GET without a config is answered from the page's own data the first
 * time, when the server rendered its answer into the page (see page-data.ts).
 */
export async function get<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  if (config === undefined) {
    const fromPage = takePageData(url);
    if (fromPage) return fromPage.data as T;
  }
  return (await http.get<T>(url, config)).data;
}

export async function post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await http.post<T>(url, body, config)).data;
}

export async function put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await http.put<T>(url, body, config)).data;
}

export async function del<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await http.delete<T>(url, config)).data;
}

/** Multipart upload with the 300 s timeout and progress (0..1). */
export async function upload<T>(
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return (
    await http.post<T>(url, form, {
      timeout: UPLOAD_TIMEOUT_MS,
      onUploadProgress: (event) => {
        if (onProgress && event.total) onProgress(event.loaded / event.total);
      },
    })
  ).data;
}

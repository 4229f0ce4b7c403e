import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { clearSession, getToken } from '../auth/session';
import { bus } from '../bus/bus';
import { buildConfig } from '../config';
import { currentLocale } from '../i18n/i18n';
import { ApiError, GONE_CODE, SIGN_IN_AGAIN_CODES, translateErrorCode } from './api-error';

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
}

function isSuccessEnvelope(value: unknown): value is SuccessEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'data' in value;
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return typeof value === 'object' && value !== null && ('code' in value || 'message' in value);
}

/** Sends the member where the server's answer says they belong (spec §7 "Response handling"). */
function routeError(code: string): void {
  if (code === GONE_CODE) {
    bus.emit('navigate', { to: '/terminated', replace: true });
  } else if (SIGN_IN_AGAIN_CODES.has(code)) {
    clearSession();
    bus.emit('navigate', { to: '/login', replace: true });
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const body: unknown = error.response?.data;
    if (error.response && isErrorEnvelope(body)) {
      const code = body.code ?? body.message ?? 'INTERNAL_SERVER_ERROR';
      const field = typeof body.field === 'string' ? body.field : undefined;
      const minimum =
        typeof body.minimum === 'string' && /^\d+$/.test(body.minimum) ? Number(body.minimum) : undefined;
      return new ApiError(
        code,
        error.response.status,
        translateErrorCode(code, body.message),
        field,
        minimum,
      );
    }
    if (error.response) {
      return new ApiError(
        'INTERNAL_SERVER_ERROR',
        error.response.status,
        translateErrorCode('INTERNAL_SERVER_ERROR'),
      );
    }
    const code =
      error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT
        ? 'TIMEOUT'
        : 'NETWORK_ERROR';
    return new ApiError(code, null, translateErrorCode(code));
  }
  return new ApiError('UNKNOWN', null, translateErrorCode('UNKNOWN'));
}

export function createHttpClient(baseURL: string = buildConfig.apiBaseUrl): AxiosInstance {
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

/** The page's HTTP client: every call of every part goes through it. */
export const http = createHttpClient();

/** GET returning the unwrapped payload. */
export async function get<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
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

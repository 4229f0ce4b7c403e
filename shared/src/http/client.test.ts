import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { bus } from '../bus/bus';
import type { BusEvents } from '../bus/events';
import { getToken, setSession, clearSession } from '../auth/session';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-error';
import {
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  get,
  httpInstance,
  post,
  toApiError,
  upload,
  UPLOAD_TIMEOUT_MS,
} from './client';

function response(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  return { data, status, statusText: String(status), headers: {}, config };
}

/** An adapter answering like the server: 2xx resolves, anything else rejects the way axios's own adapters do. */
function answer(status: number, data: unknown, seen?: InternalAxiosRequestConfig[]): AxiosAdapter {
  return async (config) => {
    seen?.push(config);
    const res = response(config, status, data);
    if (status >= 200 && status < 300) return res;
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, res);
  };
}

let http: AxiosInstance;
let originalAdapter: AxiosInstance['defaults']['adapter'];
let navigations: BusEvents['navigate'][];
let subscriptions: { unsubscribe: () => void }[];

beforeAll(async () => {
  await i18n.changeLanguage('en');
  http = await httpInstance();
  originalAdapter = http.defaults.adapter;
});

beforeEach(() => {
  clearSession();
  navigations = [];
  subscriptions = [bus.on('navigate').subscribe((event) => navigations.push(event))];
});

afterEach(() => {
  subscriptions.forEach((s) => s.unsubscribe());
  http.defaults.adapter = originalAdapter;
});

describe('http client', () => {
  it('sends the bearer token, the wallet-user header and the language', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    http.defaults.adapter = answer(200, { code: 'SUCCESS', data: { ok: true } }, seen);
    setSession('jwt-123', false);

    await get('/api/wallet');

    const headers = AxiosHeaders.from(seen[0]!.headers);
    expect(headers.get('Authorization')).toBe('Bearer jwt-123');
    expect(headers.get(CLIENT_HEADER)).toBe(CLIENT_HEADER_VALUE);
    expect(headers.get('Accept-Language')).toBe('en');
  });

  it('sends no Authorization header when signed out, but still marks the request', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    http.defaults.adapter = answer(200, { code: 'SUCCESS', data: [] }, seen);

    await get('/api/lookup/banks');

    const headers = AxiosHeaders.from(seen[0]!.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get(CLIENT_HEADER)).toBe('wallet-user');
  });

  it('unwraps the body of a success envelope', async () => {
    http.defaults.adapter = answer(200, { code: 'SUCCESS', data: { token: 'abc' } });
    await expect(post('/api/login', { username: 'u', password: 'p' })).resolves.toEqual({ token: 'abc' });
  });

  it('sends the member to /terminated when the service is gone', async () => {
    http.defaults.adapter = answer(410, { code: 'gone', message: 'gone' });

    const error = await get('/api/wallet').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('gone');
    expect((error as ApiError).status).toBe(410);
    expect(navigations).toEqual([{ to: '/terminated', replace: true }]);
  });

  it.each(['invalid-token', 'INVALID_USER_1', 'INVALID_USER_4'])(
    'clears the session and sends the member to /login on %s',
    async (code) => {
      setSession('stale', true);
      http.defaults.adapter = answer(401, { code, message: code });

      await expect(get('/api/wallet')).rejects.toMatchObject({ code });

      expect(getToken()).toBeNull();
      expect(window.localStorage.getItem('token')).toBeNull();
      expect(navigations).toEqual([{ to: '/login', replace: true }]);
    },
  );

  it('rejects other codes with the translated message and does not navigate', async () => {
    setSession('kept', false);
    http.defaults.adapter = answer(400, { code: 'WRONG_CREDENTIAL', message: 'WRONG_CREDENTIAL' });

    const error = await post('/api/login', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'WRONG_CREDENTIAL',
      status: 400,
      message: 'The phone number or password is incorrect.',
    });
    expect(navigations).toEqual([]);
    expect(getToken()).toBe('kept');
  });

  it('keeps the field a refusal names, so a form can show it there', async () => {
    http.defaults.adapter = answer(400, {
      code: 'INVALID_USER_INFO',
      message: 'INVALID_USER_INFO',
      field: 'bankAccountNo',
    });
    await expect(post('/api/account', {})).rejects.toMatchObject({
      code: 'INVALID_USER_INFO',
      field: 'bankAccountNo',
    });
    http.defaults.adapter = answer(401, { code: 'WRONG_CREDENTIAL', message: 'WRONG_CREDENTIAL' });
    const plain = await post('/api/login', {}).catch((e: unknown) => e);
    expect((plain as ApiError).field).toBeUndefined();
  });

  it('keeps the minimum a refusal names (minor units), and ignores one that is not a whole number', async () => {
    http.defaults.adapter = answer(400, {
      code: 'BONUS_CONDITION',
      message: 'no qualifying deposit',
      field: 'deposit',
      minimum: '10000',
    });
    await expect(get('/api/bonus/activate/WELCOME')).rejects.toMatchObject({
      code: 'BONUS_CONDITION',
      field: 'deposit',
      minimum: 10_000,
    });
    http.defaults.adapter = answer(400, { code: 'BONUS_CONDITION', message: 'x', minimum: '1e3' });
    const odd = await get('/api/bonus/activate/WELCOME').catch((e: unknown) => e);
    expect((odd as ApiError).minimum).toBeUndefined();
  });

  it('keeps the maximum a refusal names (minor units), with the catalogue text of the rule', async () => {
    http.defaults.adapter = answer(400, {
      code: 'WITHDRAW_MAXIMUM',
      message: 'WITHDRAW_MAXIMUM',
      maximum: '5000000',
    });
    await expect(post('/api/wallet/withdrawAll', { amount: 5_000_001 })).rejects.toMatchObject({
      code: 'WITHDRAW_MAXIMUM',
      maximum: 5_000_000,
      minimum: undefined,
      message: 'The amount is above the maximum withdrawal.',
    });
    http.defaults.adapter = answer(400, { code: 'WITHDRAW_MAXIMUM', message: 'x', maximum: '-1' });
    const odd = await post('/api/wallet/withdrawAll', {}).catch((e: unknown) => e);
    expect((odd as ApiError).maximum).toBeUndefined();
  });

  it('translates in the current language', async () => {
    await i18n.changeLanguage('th');
    http.defaults.adapter = answer(400, { code: 'MONEY_NOT_ENOUGH', message: 'MONEY_NOT_ENOUGH' });
    await expect(get('/api/x')).rejects.toMatchObject({ message: 'ยอดเงินไม่เพียงพอ' });
    await i18n.changeLanguage('en');
  });

  it("falls back to the server's message for a code without a translation", async () => {
    http.defaults.adapter = answer(400, { code: 'BRAND_NEW_CODE', message: 'Something specific' });
    await expect(get('/api/x')).rejects.toMatchObject({
      code: 'BRAND_NEW_CODE',
      message: 'Something specific',
    });
  });

  it('hides a 5xx without an envelope behind INTERNAL_SERVER_ERROR', async () => {
    http.defaults.adapter = answer(502, '<html>Bad gateway</html>');
    await expect(get('/api/x')).rejects.toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      status: 502,
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('reports network failures and timeouts with their own codes', async () => {
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    };
    await expect(get('/api/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: null });

    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      throw new AxiosError('timeout of 60000ms exceeded', AxiosError.ECONNABORTED, config, {});
    };
    await expect(get('/api/x')).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'The connection took too long. Please try again.',
    });
    expect(navigations).toEqual([]);
  });

  it('uploads with the 300 s timeout and reports progress as a fraction', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const fractions: number[] = [];
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      seen.push(config);
      config.onUploadProgress?.({ loaded: 25, total: 100, bytes: 25, lengthComputable: true });
      return response(config, 200, { code: 'SUCCESS', data: { id: 7 } });
    };
    const form = new FormData();
    form.append('amount', '100');

    await expect(upload('/api/wallet/slip', form, (f) => fractions.push(f))).resolves.toEqual({ id: 7 });

    expect(seen[0]!.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(fractions).toEqual([0.25]);
  });

  it('uses the 60 s timeout for ordinary calls', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    http.defaults.adapter = answer(200, { code: 'SUCCESS', data: {} }, seen);
    await get('/api/wallet');
    expect(seen[0]!.timeout).toBe(60_000);
  });
});

describe('toApiError', () => {
  it('recognises an axios error by its shape, without the axios module', () => {
    expect(toApiError({ isAxiosError: true, code: 'ETIMEDOUT' })).toMatchObject({
      code: 'TIMEOUT',
      status: null,
    });
    expect(toApiError({ isAxiosError: true, code: 'ERR_NETWORK' })).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(
      toApiError({ isAxiosError: true, response: { status: 400, data: { code: 'MONEY_NOT_ENOUGH' } } }),
    ).toMatchObject({ code: 'MONEY_NOT_ENOUGH', status: 400 });
    expect(toApiError(new Error('boom'))).toMatchObject({ code: 'UNKNOWN' });
  });
});

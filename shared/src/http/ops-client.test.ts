import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-error';
import { createOpsClient, onOpsSignedOut } from './ops-client';

/** An adapter answering like the server and recording what was sent. */
function server(status: number, body: unknown, seen: InternalAxiosRequestConfig[]): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const res = { data: body, status, statusText: '', headers: {}, config };
    if (status < 300) return res;
    throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, res);
  };
}

beforeAll(() => i18n.changeLanguage('en'));

test('a POST carries the console header and the language; a GET does not carry the header; the envelope is unwrapped', async () => {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createOpsClient(axios);
  client.defaults.adapter = server(200, { code: 'SUCCESS', data: { id: 7 } }, seen);
  await expect(client.post('/api/ops/slips/7/approve', {}).then((r) => r.data)).resolves.toEqual({ id: 7 });
  await client.get('/api/ops/slips');
  expect(seen[0]?.headers.get('X-Requested-With')).toBe('ops-console');
  expect(seen[0]?.headers.get('Accept-Language')).toBe('en');
  expect(seen[1]?.headers.get('X-Requested-With')).toBeUndefined();
  expect(seen[0]?.withCredentials).toBe(true);
});

test('a lost session tells the console once; a wrong password at sign-in does not', async () => {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createOpsClient(axios);
  client.defaults.adapter = server(401, { code: 'UNAUTHORIZED', message: 'UNAUTHORIZED' }, seen);
  const codes: string[] = [];
  const stop = onOpsSignedOut((code) => codes.push(code));
  const failure = await client.post('/api/ops/auth/login', {}).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(ApiError);
  expect(codes).toEqual([]);
  await client.get('/api/ops/members').catch(() => undefined);
  expect(codes).toEqual(['UNAUTHORIZED']);
  stop();
});

test('a refusal is an ApiError with the catalogue code and a translated message', async () => {
  const client = createOpsClient(axios);
  client.defaults.adapter = server(403, { code: 'FORBIDDEN', message: 'FORBIDDEN' }, []);
  const failure = (await client.get('/api/ops/withdrawals').catch((e: unknown) => e)) as ApiError;
  expect(failure.code).toBe('FORBIDDEN');
  expect(failure.status).toBe(403);
  expect(failure.message).not.toBe('');
});

import { body, type TestApp } from './helpers';

/** What the member-account suites (account.test.ts, account-sessions.test.ts) send and expect. */
export interface Profile {
  _id: string;
  username: string;
  name: string;
  createdAt: string;
  coin: number;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  bank: { code: string; nameTH: string; nameEN: string; nameLA: string };
  currency: string;
}

/** The calls of a suite's app (`get()` answers it once its beforeAll has built it). */
export function accountCalls(get: () => TestApp) {
  const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
    get().app.inject({ method: 'POST', url, payload, remoteAddress });
  const login = async (username: string, password: string): Promise<string> => {
    const res = await post('/api/login', { username, password });
    expect(res.statusCode).toBe(200);
    return body<{ token: string }>(res).data.token;
  };
  const getUrl = (url: string, token?: string) =>
    get().app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const put = (url: string, payload: object, token: string) =>
    get().app.inject({ method: 'PUT', url, payload, headers: { authorization: `Bearer ${token}` } });

  /** The error body: its catalogue code and, for a refused field, which one (`field`), so the page can show it there. */
  const expectError = (
    res: { statusCode: number; body: string },
    status: number,
    code: string,
    field?: string,
  ) => {
    expect({ status: res.statusCode, ...body(res) }).toEqual({
      status,
      code,
      message: code,
      ...(field ? { field } : {}),
    });
  };

  return { post, login, get: getUrl, put, expectError };
}

import type { AxiosStatic, InternalAxiosRequestConfig } from 'axios';
import { EARLY_READ_MAX_AGE_MS, startEarlyReads, takeEarlyRead } from './early-reads';

/**
 * The member's first reads, started by the host's main.js before the page's code loads (early-reads.ts), and the
 * client's `get()` taking them. `fetch` is the network edge here: jsdom has none, so each test installs one.
 */
type Fetch = jest.Mock<Promise<Response>, [string, RequestInit?]>;

function answer(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  } as Response;
}

let fetchMock: Fetch;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = jest.fn(async () => answer(200, { code: 'SUCCESS', data: { balance: 150_000 } }));
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
});

describe('startEarlyReads', () => {
  it("asks for each path with the stored member token, the client's header and the page's language", () => {
    localStorage.setItem('token', 'member-token');
    startEarlyReads(['/api/wallet', '/api/spinwheel/active'], 'la');
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/wallet', '/api/spinwheel/active']);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      credentials: 'same-origin',
      headers: {
        Authorization: 'Bearer member-token',
        'X-Requested-By': 'wallet-user',
        'Accept-Language': 'la',
      },
    });
  });

  it('uses a session that was not remembered (sessionStorage) too', () => {
    sessionStorage.setItem('token', 'tab-token');
    startEarlyReads(['/api/wallet'], 'th');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer tab-token' });
  });

  it('asks nothing for a visitor without a stored token', () => {
    startEarlyReads(['/api/wallet'], 'th');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyRead('/api/wallet', 'member-token', 'th')).toBeUndefined();
  });

  it("never sends the token elsewhere than the site's own API paths", () => {
    localStorage.setItem('token', 'member-token');
    startEarlyReads(
      ['https://evil.test/api/wallet', '//evil.test/api', '/api/wallet?x=1', '/login', 7],
      'th',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('takeEarlyRead', () => {
  beforeEach(() => localStorage.setItem('token', 'member-token'));

  it('answers the first ask of a path only', async () => {
    startEarlyReads(['/api/wallet'], 'th');
    const first = takeEarlyRead('/api/wallet', 'member-token', 'th');
    expect(first).toBeDefined();
    expect((await first)?.status).toBe(200);
    expect(takeEarlyRead('/api/wallet', 'member-token', 'th')).toBeUndefined();
  });

  it('does not answer another token (signed out and in as someone else) or another language', () => {
    startEarlyReads(['/api/wallet', '/api/spinwheel/active'], 'th');
    expect(takeEarlyRead('/api/wallet', 'other-token', 'th')).toBeUndefined();
    expect(takeEarlyRead('/api/spinwheel/active', 'member-token', 'en')).toBeUndefined();
  });

  it('does not answer once it is older than the limit', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    startEarlyReads(['/api/wallet'], 'th');
    now.mockReturnValue(1_000_000 + EARLY_READ_MAX_AGE_MS);
    expect(takeEarlyRead('/api/wallet', 'member-token', 'th')).toBeUndefined();
    now.mockRestore();
  });
});

describe("the client's get()", () => {
  type Client = typeof import('./client');
  let network: string[];

  /** A fresh page's client whose axios answers every request without a network, noting its path. */
  function freshClient(): Client {
    jest.resetModules();
    network = [];
    jest.doMock('axios', () => {
      const real = jest.requireActual<{ default: AxiosStatic }>('axios');
      const create = real.default.create.bind(real.default);
      const fake = Object.assign(Object.create(real.default) as AxiosStatic, {
        create: (config?: Parameters<AxiosStatic['create']>[0]) =>
          create({
            ...config,
            adapter: async (request: InternalAxiosRequestConfig) => {
              network.push(request.url ?? '');
              return {
                data: { code: 'SUCCESS', data: { from: 'network' } },
                status: 200,
                statusText: 'OK',
                headers: {},
                config: request,
              };
            },
          }),
      });
      return { __esModule: true, ...real, default: fake };
    });
    return jest.requireActual<Client>('./client');
  }

  beforeEach(() => localStorage.setItem('token', 'member-token'));

  it('takes the early answer without a request of its own; the next ask goes to the network', async () => {
    const client = freshClient();
    startEarlyReads(['/api/wallet'], 'th');
    await expect(client.get('/api/wallet')).resolves.toEqual({ balance: 150_000 });
    expect(network).toEqual([]);
    await expect(client.get('/api/wallet')).resolves.toEqual({ from: 'network' });
    expect(network).toEqual(['/api/wallet']);
  });

  it.each([
    ['a refusal (401)', async () => answer(401, { code: 'UNAUTHORIZED' })],
    ['a server error', async () => answer(503, { code: 'SERVICE_UNAVAILABLE' })],
    ['no network', async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))],
    ['a body that is not the envelope', async () => answer(200, '<html>')],
  ])('after %s early, asks the network itself (its error handling applies)', async (_what, reply) => {
    fetchMock.mockImplementation(reply);
    const client = freshClient();
    startEarlyReads(['/api/wallet'], 'th');
    await expect(client.get('/api/wallet')).resolves.toEqual({ from: 'network' });
    expect(network).toEqual(['/api/wallet']);
  });

  it('a call with its own config never takes the early answer', async () => {
    const client = freshClient();
    startEarlyReads(['/api/wallet'], 'th');
    await expect(client.get('/api/wallet', { timeout: 5000 })).resolves.toEqual({ from: 'network' });
  });
});

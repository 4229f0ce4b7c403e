import type { AxiosStatic, InternalAxiosRequestConfig } from 'axios';

/**
 * axios is not on the first screen's critical path: the client loads it the first time a call needs it, or at the
 * member's first pointer, key or focus on the page. Each test gets a fresh module registry (a fresh page).
 */
type Client = typeof import('./client');

let axiosLoads: number;
let failLoads: number;

function freshClient(): Client {
  jest.resetModules();
  axiosLoads = 0;
  jest.doMock('axios', () => {
    axiosLoads += 1;
    if (failLoads > 0) {
      failLoads -= 1;
      throw new Error('Loading chunk http failed.');
    }
    const real = jest.requireActual<{ default: AxiosStatic }>('axios');
    // Every instance answers like a server would, without a network.
    const create = real.default.create.bind(real.default);
    const fake = Object.assign(Object.create(real.default) as AxiosStatic, {
      create: (config?: Parameters<AxiosStatic['create']>[0]) =>
        create({
          ...config,
          adapter: async (request: InternalAxiosRequestConfig) => ({
            data: { code: 'SUCCESS', data: { url: request.url } },
            status: 200,
            statusText: 'OK',
            headers: {},
            config: request,
          }),
        }),
    });
    return { __esModule: true, ...real, default: fake };
  });
  return jest.requireActual<Client>('./client');
}

beforeEach(() => {
  failLoads = 0;
});

test('loading the client does not load axios; the first call does, once', async () => {
  const client = freshClient();
  await Promise.resolve();
  expect(axiosLoads).toBe(0);

  await expect(client.get('/api/wallet')).resolves.toEqual({ url: '/api/wallet' });
  await expect(client.post('/api/login', {})).resolves.toEqual({ url: '/api/login' });
  expect(axiosLoads).toBe(1);
});

test.each(['pointerdown', 'keydown', 'focusin'])(
  "the member's first %s starts loading axios before any call, and only once",
  async (type) => {
    freshClient();
    document.dispatchEvent(new Event(type));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(axiosLoads).toBe(1);

    document.dispatchEvent(new Event('pointerdown'));
    document.dispatchEvent(new Event('keydown'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(axiosLoads).toBe(1);
  },
);

test('a chunk that cannot be loaded fails the call as NETWORK_ERROR, and the next call tries again', async () => {
  const client = freshClient();
  failLoads = 1;
  const { ApiError } = jest.requireActual<typeof import('./api-error')>('./api-error');

  const error = await client.get('/api/wallet').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: null });
  expect((error as Error).message).not.toBe('');
  expect((error as Error).message).not.toBe('NETWORK_ERROR');

  await expect(client.get('/api/wallet')).resolves.toEqual({ url: '/api/wallet' });
  expect(axiosLoads).toBe(2);
});

test('a failed load started by the first sign of intent is no unhandled rejection; the call retries', async () => {
  const client = freshClient();
  failLoads = 1;
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    document.dispatchEvent(new Event('pointerdown'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(axiosLoads).toBe(1);
    expect(unhandled).not.toHaveBeenCalled();
    await expect(client.get('/api/x')).resolves.toEqual({ url: '/api/x' });
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

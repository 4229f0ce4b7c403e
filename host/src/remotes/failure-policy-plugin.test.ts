import { failurePolicyPlugin, fetchWithRetry } from './failure-policy-plugin';

const policy = { retries: 2, baseDelayMs: 100 };

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function mockFetch(...answers: Array<Response | Error>) {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit | undefined]>();
  for (const answer of answers) {
    if (answer instanceof Error) fetchMock.mockRejectedValueOnce(answer);
    else fetchMock.mockResolvedValueOnce(answer);
  }
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('retry with backoff', () => {
  test('a manifest that fails twice is fetched a third time, after 100 ms then 200 ms', async () => {
    jest.useFakeTimers();
    const fetchMock = mockFetch(new Error('reset'), new Response('', { status: 503 }), new Response('{}'));
    const result = fetchWithRetry('/remotes/mfe-wallet/mf-manifest.json', undefined, policy);

    await jest.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(99);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(200);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect((await result).status).toBe(200);
  });

  test('gives up after two retries with the last error', async () => {
    jest.useFakeTimers();
    const fetchMock = mockFetch(new Error('one'), new Error('two'), new Error('three'));
    const result = fetchWithRetry('/m.json', undefined, policy);
    const settled = expect(result).rejects.toThrow('three');
    await jest.advanceTimersByTimeAsync(1_000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  test('a 404 is an answer, not a reason to ask again', async () => {
    const fetchMock = mockFetch(new Response('', { status: 404 }));
    expect((await fetchWithRetry('/m.json', undefined, policy)).status).toBe(404);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('errorLoadRemote', () => {
  const plugin = failurePolicyPlugin(policy);
  const origin = {} as never;

  test('answers the final stage with a fallback module whose default export is a parcel', async () => {
    const fallback = (await plugin.errorLoadRemote?.({
      id: 'mfe_bonus/Bonus',
      error: new Error('down'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin,
    })) as { default: { mount: unknown; unmount: unknown; bootstrap: unknown } };
    expect(typeof fallback.default.mount).toBe('function');
    expect(typeof fallback.default.unmount).toBe('function');
  });

  test('leaves earlier stages alone (they expect other shapes)', async () => {
    const answer = await plugin.errorLoadRemote?.({
      id: 'https://x/mf-manifest.json',
      error: new Error('down'),
      from: 'runtime',
      lifecycle: 'afterResolve',
      origin,
    });
    expect(answer).toBeUndefined();
  });
});

import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { clearSession, setLocale } from '@wallet/shared';
import { preloadPages } from '../routes';
import { fakeRemoteModule, mockLookups, renderShell } from '../test/shell-harness';
import { lazyPage } from './lazy-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(async () => {
  await setLocale('en');
  clearSession();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id));
});
afterEach(() => jest.restoreAllMocks());

const Page = () => <p>the page</p>;
const Waiting = () => <p>waiting</p>;

describe('a lazy page', () => {
  test('fetched ahead, it is in the first commit: no fallback', async () => {
    const page = lazyPage(async () => Page);
    await page.preload();
    const LazyPage = page;
    render(
      <Suspense fallback={<Waiting />}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
  });

  test('not fetched ahead, the fallback shows until its code is here', async () => {
    let arrive: (component: typeof Page) => void = () => undefined;
    const LazyPage = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    render(
      <Suspense fallback={<Waiting />}>
        <LazyPage />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => arrive(Page));
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  test('a failed fetch is tried again on the next preload', async () => {
    const load = jest
      .fn<Promise<typeof Page>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(Page);
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow('ChunkLoadError');
    await expect(page.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

test("the bootstrap's preload of the first route: the shell's first commit has the page itself", async () => {
  mockLookups();
  // This file renders no host page before: the contact page's code is fetched here for the first time.
  await preloadPages('/contact');
  renderShell('/contact');
  expect(screen.getByTestId('contact-page')).toBeInTheDocument();
});

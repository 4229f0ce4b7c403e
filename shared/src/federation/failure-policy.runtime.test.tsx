/**
 * The failure policy against the real Module Federation runtime and a real HTTP server on the loopback address:
 * jsdom fetches and runs the remote's entry script and chunk (`resources: "usable"`), the runtime's own manifest
 * handling, entry loading and module factory run unmocked, and the tests look at what a member sees.
 *
 * @jest-environment ../tooling/jest-jsdom-fetch-environment.js
 * @jest-environment-options {"resources": "usable"}
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { init, registerRemotes } from '@module-federation/enhanced/runtime';
import { bus } from '../bus/bus';
import { setLocale } from '../i18n/i18n';
import { startFakeRemoteServer, type FakeRemote, type FakeRemoteServer } from './testing/fake-remote-server';
import { backoffDelay, remoteFailurePolicyPlugin, type FailurePolicy } from './failure-policy';
import { RemoteDirectoryProvider } from './remote-directory-context';
import { createRemoteDirectory, DEFAULT_REMOTES } from './registry';
import { RemoteSlot } from './remote-slot';

/** The site's policy, scaled down: 3 × 300 ms + 50 ms + 100 ms of attempts fit within the 2 s load timeout. */
const POLICY: FailurePolicy = { retries: 2, backoffMs: 50, attemptTimeoutMs: 300, loadTimeoutMs: 2_000 };
/** Like webpack's `chunkLoadTimeout`, longer than the load timeout. */
const CHUNK_TIMEOUT_MS = 2_500;
const UNAVAILABLE = 'This part of the site is unavailable right now';

let server: FakeRemoteServer;
let failures: string[] = [];

beforeAll(async () => {
  await setLocale('en');
  server = await startFakeRemoteServer({ chunkTimeoutMs: CHUNK_TIMEOUT_MS });
  init({
    name: 'host',
    remotes: [],
    shareStrategy: 'loaded-first',
    plugins: [remoteFailurePolicyPlugin(POLICY)],
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  failures = [];
});

bus.on('remote:failed').subscribe(({ remote }) => failures.push(remote));

/** Registers `mfe_wallet` at a fresh fake remote and renders its Home in a slot, as a route of the site does. */
function mountWalletFrom(name: string): FakeRemote {
  const remote = server.remote(name);
  registerRemotes([{ name: 'mfe_wallet', entry: remote.manifestUrl }], { force: true });
  return remote;
}

function renderSlot() {
  render(
    <RemoteDirectoryProvider directory={createRemoteDirectory(DEFAULT_REMOTES)}>
      <RemoteSlot module="mfe_wallet/Home" timeoutMs={POLICY.loadTimeoutMs} />
    </RemoteDirectoryProvider>,
  );
}

const skeleton = () => screen.queryByTestId('remote-skeleton');
const content = (name: string, timeout = 5_000) =>
  screen.findByText(`Home of ${name}`, undefined, { timeout });
const panel = (timeout = 5_000) => screen.findByRole('alert', undefined, { timeout });

/** The time between consecutive requests. */
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] ?? t));

/** After the panel: the remote comes back, the member presses Try again, sees the skeleton, then the remote. */
async function retryRecovers(remote: FakeRemote, name: string) {
  remote.recover();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(skeleton()).toBeInTheDocument();
  expect(await content(name)).toBeInTheDocument();
  await waitFor(() => expect(skeleton()).not.toBeInTheDocument());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

describe('a manifest', () => {
  test('answering 500 twice is asked again with backoff: the member sees the skeleton, then the remote', async () => {
    const remote = mountWalletFrom('manifest-500-twice');
    remote.plan('mf-manifest.json', 500, 500);
    renderSlot();

    expect(skeleton()).toHaveAttribute('aria-busy', 'true');
    expect(await content('manifest-500-twice')).toBeInTheDocument();
    await waitFor(() => expect(skeleton()).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const requests = remote.requests('mf-manifest.json');
    expect(requests).toHaveLength(3);
    const [first, second] = gaps(requests);
    expect(first).toBeGreaterThanOrEqual(backoffDelay(POLICY, 1) - 5);
    expect(second).toBeGreaterThanOrEqual(backoffDelay(POLICY, 2) - 5);
    expect(failures).toEqual([]);
  });

  test('answering 500 every time: after the retries the panel shows; Try again works once the server is back', async () => {
    const remote = mountWalletFrom('manifest-500');
    remote.plan('mf-manifest.json', 500, 500, 500);
    renderSlot();

    expect(await panel()).toHaveTextContent(UNAVAILABLE);
    expect(skeleton()).not.toBeInTheDocument();
    expect(remote.requests('mf-manifest.json')).toHaveLength(3);
    expect(failures).toEqual(['mfe_wallet/Home']);

    await retryRecovers(remote, 'manifest-500');
  });

  test('hanging: each attempt times out, the skeleton stays meanwhile, then the panel; Try again recovers', async () => {
    const remote = mountWalletFrom('manifest-hang');
    remote.plan('mf-manifest.json', 'hang', 'hang', 'hang');
    const started = performance.now();
    renderSlot();

    await new Promise((resolve) => setTimeout(resolve, POLICY.attemptTimeoutMs + 100));
    expect(skeleton()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    expect(await panel()).toHaveTextContent(UNAVAILABLE);
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * POLICY.attemptTimeoutMs);
    expect(remote.requests('mf-manifest.json')).toHaveLength(3);

    await retryRecovers(remote, 'manifest-hang');
  });

  test('answering 404 is not asked again: the panel shows; Try again works once the remote is deployed', async () => {
    const remote = mountWalletFrom('manifest-404');
    remote.plan('mf-manifest.json', 404);
    renderSlot();

    expect(await panel()).toHaveTextContent(UNAVAILABLE);
    expect(remote.requests('mf-manifest.json')).toHaveLength(1);
    expect(remote.requests('remoteEntry.js')).toHaveLength(0);

    await retryRecovers(remote, 'manifest-404');
    expect(remote.requests('mf-manifest.json')).toHaveLength(2);
  });
});

describe('an entry script', () => {
  test('answering 500 once is loaded again: the member sees the remote', async () => {
    const remote = mountWalletFrom('entry-500-once');
    remote.plan('remoteEntry.js', 500);
    renderSlot();

    expect(await content('entry-500-once')).toBeInTheDocument();
    expect(remote.requests('remoteEntry.js')).toHaveLength(2);
    expect(gaps(remote.requests('remoteEntry.js'))[0]).toBeGreaterThanOrEqual(backoffDelay(POLICY, 1) - 5);
  });

  test('hanging every time: the panel shows; Try again recovers', async () => {
    const remote = mountWalletFrom('entry-hang');
    remote.plan('remoteEntry.js', 'hang', 'hang', 'hang');
    renderSlot();

    expect(await panel()).toHaveTextContent(UNAVAILABLE);
    expect(remote.requests('remoteEntry.js')).toHaveLength(3);

    await retryRecovers(remote, 'entry-hang');
  });

  test('answering 404: the panel shows; Try again works once the remote is deployed', async () => {
    const remote = mountWalletFrom('entry-404');
    // A script element's error does not tell a 404 from a 500, so the entry is asked for as often as after a 500.
    remote.plan('remoteEntry.js', 404, 404, 404);
    renderSlot();

    expect(await panel()).toHaveTextContent(UNAVAILABLE);
    await retryRecovers(remote, 'entry-404');
  });
});

describe("an exposed module's chunk", () => {
  test('answering 500 once is loaded again: the member sees the remote', async () => {
    const remote = mountWalletFrom('chunk-500-once');
    remote.plan('home.chunk.js', 500);
    renderSlot();

    expect(await content('chunk-500-once')).toBeInTheDocument();
    expect(remote.requests('home.chunk.js')).toHaveLength(2);
  });

  test('hanging: past the load timeout the panel shows; Try again recovers once the chunk request has ended', async () => {
    const remote = mountWalletFrom('chunk-hang');
    remote.plan('home.chunk.js', 'hang');
    const started = performance.now();
    renderSlot();

    await waitFor(() => expect(remote.requests('home.chunk.js')).toHaveLength(1));
    expect(skeleton()).toBeInTheDocument();
    expect(await panel()).toHaveTextContent(UNAVAILABLE);
    expect(performance.now() - started).toBeGreaterThanOrEqual(POLICY.loadTimeoutMs - 5);
    expect(failures).toEqual(['mfe_wallet/Home']);

    // The retry joins the hanging chunk request until the container's chunk timeout ends it (2.5 s here, webpack's
    // `chunkLoadTimeout` in the site); the policy then asks for the chunk again, within the new load timeout.
    await retryRecovers(remote, 'chunk-hang');
    expect(remote.requests('home.chunk.js')).toHaveLength(2);
  });
});

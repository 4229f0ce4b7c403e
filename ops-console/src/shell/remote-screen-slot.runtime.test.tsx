/**
 * The console's remote screens against the real Module Federation runtime and a real HTTP server on the loopback
 * address, as the member shell's failure policy is tested (shared/src/federation/failure-policy.runtime.test.tsx):
 * jsdom fetches and runs the remote's entry script and chunk, the console registers the remotes of
 * `/remotes.json` through the shared federation layer, and the tests look at what an operator sees.
 *
 * @jest-environment ../tooling/jest-jsdom-fetch-environment.js
 * @jest-environment-options {"resources": "usable"}
 */
import { screen, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { backoffDelay, type FailurePolicy } from '@wallet/shared/federation';
import {
  startFakeRemoteServer,
  type FakeRemote,
  type FakeRemoteServer,
} from '@wallet/shared/federation/testing';
import { FakeServer, ok } from '../../test/fake-server';
import type { Operator } from '../api';
import { startConsoleFederation } from '../remotes';
import { Shell } from './shell';

/** The site's policy, scaled down: 3 × 300 ms + 50 ms + 100 ms of attempts fit within the 2 s load timeout. */
const POLICY: FailurePolicy = { retries: 2, backoffMs: 50, attemptTimeoutMs: 300, loadTimeoutMs: 2_000 };
const UNAVAILABLE = 'This part of the site is unavailable right now';
const ADMIN: Operator = { username: 'admin-1', role: 'admin', stage: 'full' } as Operator;

let remotes: FakeRemoteServer;
let wallet: FakeRemote;
let bonus: FakeRemote;

beforeAll(async () => {
  await setLocale('en');
  remotes = await startFakeRemoteServer({ chunkTimeoutMs: 2_500 });
  // Two remotes of the console, each at a fake remote of its own; the wallet one is switched off for members,
  // which an operator's console does not heed.
  wallet = remotes.remote('console-wallet', 'OpsSlips');
  bonus = remotes.remote('console-bonus', 'OpsBonuses');
  const api = new FakeServer();
  api.install();
  api.on(
    'GET /remotes.json',
    ok({
      remotes: [
        { name: 'mfe_wallet', folder: 'mfe-wallet', entry: wallet.manifestUrl, enabled: false },
        { name: 'mfe_bonus', folder: 'mfe-bonus', entry: bonus.manifestUrl, enabled: true },
      ],
    }),
  );
  await startConsoleFederation(POLICY);
});

afterAll(async () => {
  await remotes.close();
});

function openScreen(path: string) {
  window.history.pushState({}, '', path);
  render(<Shell operator={ADMIN} onLoggedOut={() => undefined} />);
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] ?? t));

test('a remote whose manifest fails twice is asked again with backoff, and its screen shows', async () => {
  wallet.plan('mf-manifest.json', 500, 500);
  openScreen('/ops/slips');

  const slot = await screen.findByRole('region', { name: 'Slips in review' });
  expect(
    await within(slot).findByText('OpsSlips of console-wallet', undefined, { timeout: 5_000 }),
  ).toBeVisible();
  expect(within(slot).queryByRole('alert')).not.toBeInTheDocument();
  const requests = wallet.requests('mf-manifest.json');
  expect(requests).toHaveLength(3);
  const [first, second] = gaps(requests);
  expect(first).toBeGreaterThanOrEqual(backoffDelay(POLICY, 1) - 5);
  expect(second).toBeGreaterThanOrEqual(backoffDelay(POLICY, 2) - 5);
});

test('a remote that hangs: the skeleton, then the fallback panel within the time limits, the menu stays; Try again recovers', async () => {
  bonus.plan('mf-manifest.json', 'hang', 'hang', 'hang');
  const started = performance.now();
  openScreen('/ops/bonuses');

  const slot = await screen.findByRole('region', { name: 'Bonuses and promotions' });
  expect(within(slot).getByTestId('remote-skeleton')).toHaveAttribute('aria-busy', 'true');
  const panel = await within(slot).findByRole('alert', undefined, { timeout: 5_000 });
  expect(panel).toHaveTextContent(UNAVAILABLE);
  expect(performance.now() - started).toBeGreaterThanOrEqual(3 * POLICY.attemptTimeoutMs);
  expect(performance.now() - started).toBeLessThan(POLICY.loadTimeoutMs + 1_000);
  expect(bonus.requests('mf-manifest.json')).toHaveLength(3);
  expect(screen.getByRole('navigation', { name: 'Console menu' })).toBeInTheDocument();

  bonus.recover();
  await userEvent.click(within(slot).getByRole('button', { name: 'Try again' }));
  expect(
    await within(slot).findByText('OpsBonuses of console-bonus', undefined, { timeout: 5_000 }),
  ).toBeVisible();
  expect(within(slot).queryByRole('alert')).not.toBeInTheDocument();
});

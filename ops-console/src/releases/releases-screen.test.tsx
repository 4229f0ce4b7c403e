import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { App } from '../app';
import type { RemoteReleases } from '../api';
import { dialog, signedInAs, startServer } from '../../test/console';
import { fail, type FakeServer, ok } from '../../test/fake-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn().mockRejectedValue(new Error('not exposed')),
}));

const record = (version: string, active: boolean, at: string, rolledBack = false) => ({
  version,
  releasedBy: 'root',
  releasedAt: at,
  active,
  rolledBackBy: rolledBack ? 'root' : null,
  rolledBackAt: rolledBack ? '2026-11-20T09:00:00Z' : null,
});

/** mfe-wallet live at aaa111 with bbb222 stored beside it; mfe-bonus on its own build, nothing stored. */
const BEFORE: RemoteReleases[] = [
  {
    folder: 'mfe-wallet',
    active: 'aaa111',
    history: [record('aaa111', true, '2026-11-01T08:00:00Z')],
    stored: ['aaa111', 'bbb222'],
  },
  { folder: 'mfe-bonus', active: null, history: [], stored: [] },
];

const AFTER: RemoteReleases[] = [
  {
    folder: 'mfe-wallet',
    active: 'bbb222',
    history: [
      record('bbb222', true, '2026-11-24T10:00:00Z'),
      record('aaa111', false, '2026-11-01T08:00:00Z'),
    ],
    stored: ['aaa111', 'bbb222'],
  },
  BEFORE[1]!,
];

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = startServer();
  signedInAs(server, 'admin', '/ops/releases');
});

const remote = (folder: string) => screen.findByRole('region', { name: folder });

test('an admin releases a stored version after confirming; the list is read again', async () => {
  let live = BEFORE;
  server
    .on('GET /api/ops/releases', () => ok(live))
    .on('POST /api/ops/releases/mfe-wallet', () => {
      live = AFTER;
      return ok({ folder: 'mfe-wallet', version: 'bbb222', previous: 'aaa111' });
    });
  const user = userEvent.setup();
  render(<App />);

  expect(await screen.findByText(/takes effect on each member's next page load/)).toBeInTheDocument();
  const wallet = await remote('mfe-wallet');
  expect(within(wallet).getByTestId('ops-active-mfe-wallet')).toHaveTextContent('aaa111');
  expect(within(await remote('mfe-bonus')).getByTestId('ops-active-mfe-bonus')).toHaveTextContent(
    'its own build (no release)',
  );

  // No version chosen: said at the field, nothing asked or sent.
  await user.click(within(wallet).getByRole('button', { name: 'Release' }));
  expect(within(wallet).getByText('Choose the version to release.')).toBeInTheDocument();

  await user.selectOptions(within(wallet).getByLabelText(/Version/), 'bbb222');
  // Cancelling the question sends nothing.
  await user.click(within(wallet).getByRole('button', { name: 'Release' }));
  await user.click(within(await dialog('Release mfe-wallet')).getByRole('button', { name: 'Cancel' }));
  expect(server.callsTo('POST /api/ops/releases/mfe-wallet')).toHaveLength(0);

  await user.click(within(wallet).getByRole('button', { name: 'Release' }));
  const ask = await dialog('Release mfe-wallet');
  expect(ask).toHaveTextContent('Make version bbb222 of mfe-wallet live (now: aaa111)?');
  expect(ask).toHaveTextContent('Members get it on their next page load.');
  await user.click(within(ask).getByRole('button', { name: 'Release' }));

  expect(await screen.findByText('mfe-wallet: version bbb222 is live.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('ops-active-mfe-wallet')).toHaveTextContent('bbb222'));
  await waitFor(() => expect(within(wallet).getByLabelText(/Version/)).toHaveValue(''));
  const [post] = server.callsTo('POST /api/ops/releases/mfe-wallet');
  expect(post?.body).toEqual({ version: 'bbb222' });
  expect(post?.headers['X-Requested-With']).toBe('ops-console');
  expect(server.callsTo('GET /api/ops/releases')).toHaveLength(2);
  // mfe-bonus has nothing released: nothing to roll back.
  expect(within(await remote('mfe-bonus')).getByRole('button', { name: 'Roll back' })).toBeDisabled();
});

test('a refused release is said at its remote and nothing changes', async () => {
  server
    .on('GET /api/ops/releases', ok(BEFORE))
    .on(
      'POST /api/ops/releases/mfe-wallet',
      fail(
        400,
        'KEY_INVALID',
        'mfe-wallet bbb222 does not fit the host: react: needs ^18.2.0, host has 19.2.0',
      ),
    );
  const user = userEvent.setup();
  render(<App />);
  const wallet = await remote('mfe-wallet');
  await user.selectOptions(within(wallet).getByLabelText(/Version/), 'bbb222');
  await user.click(within(wallet).getByRole('button', { name: 'Release' }));
  await user.click(within(await dialog('Release mfe-wallet')).getByRole('button', { name: 'Release' }));

  const refusal = await within(wallet).findByRole('alert');
  expect(refusal).toHaveTextContent('mfe-wallet bbb222 was not released; nothing changed.');
  expect(refusal).toHaveTextContent(
    'a shared library it needs (React, single-spa, @wallet/shared) is not the version the site provides',
  );
  // The server's own reason, in full.
  expect(refusal).toHaveTextContent('react: needs ^18.2.0, host has 19.2.0');
  expect(within(wallet).getByTestId('ops-active-mfe-wallet')).toHaveTextContent('aaa111');
  expect(screen.queryByText(/: version bbb222 is live/)).not.toBeInTheDocument();
});

test('roll back names where it goes, asks, and goes there', async () => {
  let live = AFTER;
  server
    .on('GET /api/ops/releases', () => ok(live))
    .on('POST /api/ops/releases/mfe-wallet/rollback', () => {
      live = [
        {
          ...AFTER[0]!,
          active: 'aaa111',
          history: [
            record('bbb222', false, '2026-11-24T10:00:00Z', true),
            record('aaa111', true, '2026-11-01T08:00:00Z'),
          ],
        },
        AFTER[1]!,
      ];
      return ok({ folder: 'mfe-wallet', version: 'aaa111', previous: 'bbb222' });
    });
  const user = userEvent.setup();
  render(<App />);
  const wallet = await remote('mfe-wallet');
  expect(within(wallet).getByText('A rollback makes aaa111 live again.')).toBeInTheDocument();

  await user.click(within(wallet).getByRole('button', { name: 'Roll back' }));
  const ask = await dialog('Roll back mfe-wallet');
  expect(ask).toHaveTextContent('Roll mfe-wallet back from bbb222 to aaa111?');
  await user.click(within(ask).getByRole('button', { name: 'Roll back' }));

  expect(await screen.findByText('mfe-wallet rolled back: aaa111 is live.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('ops-active-mfe-wallet')).toHaveTextContent('aaa111'));
  const [post] = server.callsTo('POST /api/ops/releases/mfe-wallet/rollback');
  expect(post?.headers['X-Requested-With']).toBe('ops-console');
  // After it the history says who rolled bbb222 back; the next rollback would serve the remote's own build.
  await user.click(within(wallet).getByText('Release history (2)'));
  expect(within(wallet).getByText(/Rolled back by root/)).toBeInTheDocument();
  expect(
    within(wallet).getByText('A rollback makes its own build (no release) live again.'),
  ).toBeInTheDocument();
});

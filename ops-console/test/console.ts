import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ContentEntry } from '../src/api';
import { FakeServer, ok } from './fake-server';

/**
 * What every console test starts from: a fake operator API installed at axios's adapter, the page at `/ops/` and
 * the remotes of `/remotes.json`. Each test file mocks the Module Federation runtime itself (jest.mock is per file).
 */
export function startServer(): FakeServer {
  window.history.pushState({}, '', '/ops/');
  const server = new FakeServer();
  server.install();
  server.on('GET /remotes.json', {
    status: 200,
    body: {
      remotes: [
        {
          name: 'mfe_wallet',
          folder: 'mfe-wallet',
          entry: '/remotes/mfe-wallet/mf-manifest.json',
          enabled: true,
        },
      ],
    },
  });
  return server;
}

/** The session check answers a signed-in operator of that role; the page opens at `path`. */
export function signedInAs(server: FakeServer, role: 'admin' | 'finance' | 'support', path = '/ops/') {
  window.history.pushState({}, '', path);
  server.on('GET /api/ops/auth/me', ok({ username: `${role}-1`, role, stage: 'full' }));
}

export const menu = () => screen.getByRole('navigation', { name: 'Console menu' });
export const menuEntries = () =>
  within(menu())
    .getAllByRole('link')
    .map((link) => link.textContent);

/** The open confirmation dialog of that title (the shared `confirm`, an alertdialog). */
export const dialog = (title: string) => screen.findByRole('alertdialog', { name: title });

/** The console at Content as an admin: the keys `list` names, and each stored value by `<key>/<locale>`. */
export function contentConsole(list: ContentEntry[], values: Record<string, unknown>): FakeServer {
  const server = startServer();
  signedInAs(server, 'admin', '/ops/content');
  server.on('GET /api/ops/content', ok(list));
  for (const [at, value] of Object.entries(values)) server.on(`GET /api/ops/content/${at}`, ok(value));
  return server;
}

/** Chooses another key in "What to edit", once the first key is shown (its time of change). */
export async function chooseContent(user: ReturnType<typeof userEvent.setup>, name: string): Promise<void> {
  await screen.findByText(/^(Last changed |Nothing is stored)/);
  await user.selectOptions(screen.getByRole('combobox', { name: 'What to edit' }), name);
}

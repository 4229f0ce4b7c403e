import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { App } from '../app';
import { menu, signedInAs, startServer } from '../../test/console';
import { fail, type FakeServer, ok } from '../../test/fake-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn().mockRejectedValue(new Error('not exposed')),
}));

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = startServer();
});

test('any role changes its own password: checked first, a wrong current one is said, then changed', async () => {
  signedInAs(server, 'support');
  server.on('POST /api/ops/auth/password', ({ body }) =>
    (body as { oldPassword: string }).oldPassword === 'the old password'
      ? ok({ changed: true })
      : fail(400, 'WRONG_PASSWORD'),
  );
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('navigation', { name: 'Console menu' });
  await user.click(within(menu()).getByRole('link', { name: 'My account' }));
  expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/ops/account');

  const current = screen.getByLabelText(/Current password/);
  const next = screen.getByLabelText(/^New password( \*)?$/);
  const repeat = screen.getByLabelText(/New password again/);

  // Too short and a repeat that differs are said before anything is sent.
  await user.type(current, 'a wrong password');
  await user.type(next, 'short');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(screen.getByText('At least 12 characters.', { selector: '[role=alert]' })).toBeInTheDocument();
  await user.clear(next);
  await user.type(next, 'a brand new password');
  await user.type(repeat, 'a brand new passwor');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(screen.getByText('The two new passwords differ.')).toBeInTheDocument();
  expect(server.callsTo('POST /api/ops/auth/password')).toHaveLength(0);

  await user.type(repeat, 'd');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
  await waitFor(() => expect(current).toHaveFocus());
  expect(current).toHaveValue('');

  await user.type(current, 'the old password');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(
    await screen.findByText('Your password is changed. Your other sessions have been signed out.'),
  ).toBeInTheDocument();
  const calls = server.callsTo('POST /api/ops/auth/password');
  expect(calls.map((c) => c.body)).toEqual([
    { oldPassword: 'a wrong password', newPassword: 'a brand new password' },
    { oldPassword: 'the old password', newPassword: 'a brand new password' },
  ]);
  expect(calls[1]?.headers['X-Requested-With']).toBe('ops-console');
  expect(next).toHaveValue('');
  expect(repeat).toHaveValue('');
});

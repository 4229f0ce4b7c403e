import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { App } from '../app';
import type { NewOperator, OperatorAccount } from '../api';
import { dialog, menuEntries, signedInAs, startServer } from '../../test/console';
import { fail, type FakeServer, ok } from '../../test/fake-server';
import { generatePassword } from './operators-screen';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn().mockRejectedValue(new Error('not exposed')),
}));

const account = (username: string, role: OperatorAccount['role'], more: Partial<OperatorAccount> = {}) => ({
  id: `id-${username}`,
  username,
  role,
  status: 'active' as const,
  totpEnabled: true,
  createdAt: '2026-11-01T08:00:00Z',
  lastSignInAt: null as string | null,
  ...more,
});

const OPERATORS: OperatorAccount[] = [
  account('admin-1', 'admin', { lastSignInAt: '2026-11-24T09:30:00Z' }),
  account('nok', 'finance'),
];

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = startServer();
});

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });

test('the list, and a new operator with a generated password shown once', async () => {
  signedInAs(server, 'admin', '/ops/operators');
  server.on('GET /api/ops/operators', ok(OPERATORS)).on('POST /api/ops/operators', ({ body }) => {
    const { username, role } = body as NewOperator;
    return username === 'nok'
      ? fail(400, 'EXISTING_USER')
      : ok(account(username, role, { id: 'id-new', totpEnabled: false, createdAt: '2026-11-24T10:00:00Z' }));
  });
  const user = userEvent.setup();
  render(<App />);

  expect(await screen.findByRole('table', { name: 'Operator accounts' })).toBeInTheDocument();
  expect(row('nok')).toHaveTextContent(/Finance.*Active.*Set up.*Never/);
  expect(row('admin-1')).toHaveTextContent(/24\/11\/2026 09:30/);
  // An admin cannot disable itself: the console does not offer it.
  expect(within(row('admin-1')).queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument();

  const form = screen.getByRole('region', { name: 'New operator' });
  // The rules are checked before anything is sent.
  await user.type(within(form).getByLabelText(/Username/), 'x');
  await user.type(within(form).getByLabelText(/Initial password/), 'short');
  await user.click(within(form).getByRole('button', { name: 'Create operator' }));
  expect(within(form).getByText('At least 12 characters.', { selector: '[role=alert]' })).toBeInTheDocument();
  expect(server.callsTo('POST /api/ops/operators')).toHaveLength(0);

  // A taken name is said at the field.
  await user.clear(within(form).getByLabelText(/Username/));
  await user.type(within(form).getByLabelText(/Username/), 'nok');
  await user.click(within(form).getByRole('button', { name: 'Generate' }));
  await user.click(within(form).getByRole('button', { name: 'Create operator' }));
  expect(await within(form).findByText('That username is taken.')).toBeInTheDocument();

  await user.clear(within(form).getByLabelText(/Username/));
  await user.type(within(form).getByLabelText(/Username/), 'Mali');
  await user.selectOptions(within(form).getByLabelText(/Role/), 'finance');
  const password = (within(form).getByLabelText(/Initial password/) as HTMLInputElement).value;
  expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
  await user.click(within(form).getByRole('button', { name: 'Create operator' }));

  expect(
    await screen.findByText(
      'mali (Finance) can now sign in with this initial password, shown only this time.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByTestId('ops-initial-password')).toHaveTextContent(password);
  expect(server.callsTo('POST /api/ops/operators').at(-1)?.body).toEqual({
    username: 'mali',
    role: 'finance',
    password,
  });
  expect(row('mali')).toHaveTextContent(/Finance.*Active.*Not set up yet/);
  expect(within(form).getByLabelText(/Initial password/)).toHaveValue('');

  await user.click(screen.getByRole('button', { name: 'Done, hide it' }));
  expect(screen.queryByText(password)).not.toBeInTheDocument();
});

test('disabling and enabling ask first; resetting two-step verification too', async () => {
  signedInAs(server, 'admin', '/ops/operators');
  server
    .on('GET /api/ops/operators', ok(OPERATORS))
    .on('POST /api/ops/operators/nok/status', ({ body }) =>
      ok(account('nok', 'finance', { status: (body as { status: 'active' | 'disabled' }).status })),
    )
    .on('POST /api/ops/operators/nok/reset-totp', ok(account('nok', 'finance', { totpEnabled: false })));
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('table', { name: 'Operator accounts' });

  await user.click(within(row('nok')).getByRole('button', { name: 'Disable nok' }));
  const ask = await dialog('Disable nok');
  expect(ask).toHaveTextContent('nok will be signed out everywhere');
  await user.click(within(ask).getByRole('button', { name: 'Disable' }));
  expect(await screen.findByText('nok is disabled.')).toBeInTheDocument();
  expect(row('nok')).toHaveTextContent('Disabled');
  const [post] = server.callsTo('POST /api/ops/operators/nok/status');
  expect(post?.body).toEqual({ status: 'disabled' });
  expect(post?.headers['X-Requested-With']).toBe('ops-console');

  await user.click(within(row('nok')).getByRole('button', { name: 'Enable nok' }));
  await user.click(within(await dialog('Enable nok')).getByRole('button', { name: 'Enable' }));
  expect(await screen.findByText('nok is enabled.')).toBeInTheDocument();
  expect(server.callsTo('POST /api/ops/operators/nok/status').map((c) => c.body)).toEqual([
    { status: 'disabled' },
    { status: 'active' },
  ]);

  await user.click(within(row('nok')).getByRole('button', { name: 'Reset two-step verification of nok' }));
  await user.click(
    within(await dialog('Reset two-step verification of nok')).getByRole('button', {
      name: 'Reset two-step verification',
    }),
  );
  expect(
    await screen.findByText('nok sets up two-step verification again at the next sign-in.'),
  ).toBeInTheDocument();
  expect(row('nok')).toHaveTextContent('Not set up yet');
  expect(server.callsTo('POST /api/ops/operators/nok/reset-totp')).toHaveLength(1);
});

test.each(['/ops/releases', '/ops/operators'])(
  'a finance operator has neither admin screen in the menu, and %s is refused without a call',
  async (path) => {
    signedInAs(server, 'finance', path);
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeInTheDocument();
    expect(menuEntries()).not.toContain('Releases');
    expect(menuEntries()).not.toContain('Operators');
    expect(menuEntries()).toContain('My account');
    expect(server.calls.filter((c) => /releases|operators/.test(c.url))).toEqual([]);
  },
);

test('a generated password is 20 characters of the unambiguous alphabet, different each time', () => {
  const one = generatePassword();
  expect(one).toMatch(/^[a-hjkmnp-zA-HJ-NP-Z2-9]{20}$/);
  expect(generatePassword()).not.toBe(one);
});

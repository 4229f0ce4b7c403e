import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { App } from './app';
import { fail, FakeServer, ok } from '../test/fake-server';

// The page's Module Federation runtime: the remotes' builds are not there in a unit test; each test says what a
// remote exposes.
jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const loadRemoteMock = jest.mocked(loadRemote);

const SETTINGS = [
  { key: 'service.active', value: true },
  { key: 'registerOTP', value: true },
  { key: 'enableChatWidget', value: false },
  { key: 'spin.active', value: false },
  { key: 'remote.mfe-wallet.enabled', value: true },
];

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  window.history.pushState({}, '', '/ops/');
  server = new FakeServer();
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
  // By default no remote exposes an operator screen yet.
  loadRemoteMock.mockReset().mockRejectedValue(new Error('not exposed'));
});

function signedInAs(role: 'admin' | 'finance' | 'support', path = '/ops/') {
  window.history.pushState({}, '', path);
  server.on('GET /api/ops/auth/me', ok({ username: `${role}-1`, role, stage: 'full' }));
}

const menu = () => screen.getByRole('navigation', { name: 'Console menu' });
const menuEntries = () =>
  within(menu())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('sign-in', () => {
  test('password, then the 6-digit code, then the console; a wrong code is said and the console header is sent', async () => {
    server
      .on('GET /api/ops/auth/me', fail(401, 'UNAUTHORIZED'))
      .on('POST /api/ops/auth/login', ok({ username: 'nok', role: 'finance', stage: 'password' }))
      .on('POST /api/ops/auth/code', ({ body }) =>
        (body as { code?: string }).code === '123456'
          ? ok({ username: 'nok', role: 'finance', stage: 'full' })
          : fail(400, 'OTP_CODE_INVALID'),
      );
    const user = userEvent.setup();
    render(<App />);

    await user.type(await screen.findByLabelText(/Username/), 'nok');
    await user.type(screen.getByLabelText(/Password/), 'a long password 1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText(/6-digit code/);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The verification code is incorrect.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('nok')).toBeInTheDocument();
    expect(screen.getByText('Finance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    const [login] = server.callsTo('POST /api/ops/auth/login');
    expect(login?.headers['X-Requested-With']).toBe('ops-console');
    expect(login?.body).toEqual({ username: 'nok', password: 'a long password 1' });
    expect(server.callsTo('POST /api/ops/auth/code').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  test('a recovery code instead of the authenticator', async () => {
    server
      .on('GET /api/ops/auth/me', ok({ username: 'nok', role: 'support', stage: 'password' }))
      .on('POST /api/ops/auth/code', ok({ username: 'nok', role: 'support', stage: 'full' }));
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('navigation', { name: 'Console menu' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/ops/auth/code')[0]?.body).toEqual({ recoveryCode: 'abcde-12345' });
  });

  test('wrong credentials, a disabled account and too many attempts are said, translated', async () => {
    let answer = fail(401, 'WRONG_CREDENTIAL');
    server.on('GET /api/ops/auth/me', fail(401, 'UNAUTHORIZED')).on('POST /api/ops/auth/login', () => answer);
    const user = userEvent.setup();
    render(<App />);
    await user.type(await screen.findByLabelText(/Username/), 'nok');
    await user.type(screen.getByLabelText(/Password/), 'wrong password!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The username or password is incorrect.');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');

    answer = fail(403, 'INACTIVE_USER');
    await user.type(screen.getByLabelText(/Password/), 'a long password 1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This operator account is disabled. Ask an admin.')).toBeInTheDocument();

    answer = fail(429, 'REQUEST_LIMIT');
    await user.type(screen.getByLabelText(/Password/), 'wrong password!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Too many attempts/)).toBeInTheDocument();
  });

  test('enrolment shows the QR as an image, the secret, then the recovery codes once', async () => {
    const qrSvg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect/></svg>';
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    server
      .on('GET /api/ops/auth/me', fail(401, 'UNAUTHORIZED'))
      .on('POST /api/ops/auth/login', ok({ username: 'new', role: 'admin', stage: 'enrol' }))
      .on('POST /api/ops/auth/enrol', ok({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg }))
      .on('POST /api/ops/auth/enrol/confirm', ok({ recoveryCodes }))
      .on('GET /api/ops/settings', ok(SETTINGS));
    const user = userEvent.setup();
    const { container } = render(<App />);
    await user.type(await screen.findByLabelText(/Username/), 'new');
    await user.type(screen.getByLabelText(/Password/), 'a long password 1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`);
    // The server's SVG is never markup of the page.
    expect(container.querySelector('svg script, script')).toBeNull();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/The 6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(recoveryCodes);
    expect(server.callsTo('POST /api/ops/auth/enrol/confirm')[0]?.body).toEqual({ code: '654321' });

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('navigation', { name: 'Console menu' })).toBeInTheDocument();
    expect(screen.queryByText(recoveryCodes[0]!)).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/ops/auth/enrol')).toHaveLength(1);
  });
});

describe('the shell', () => {
  test.each([
    [
      'admin',
      [
        'Members',
        'Slips in review',
        'Withdrawals',
        'Refused deliveries',
        'Support chat',
        'Bonuses and promotions',
        'Lucky wheels',
        'Books',
        'Settings',
        'Content',
        'Releases',
        'Operators',
        'Audit log',
        'My account',
      ],
    ],
    [
      'finance',
      [
        'Members',
        'Slips in review',
        'Withdrawals',
        'Refused deliveries',
        'Bonuses and promotions',
        'Books',
        'My account',
      ],
    ],
    ['support', ['Members', 'Slips in review', 'Refused deliveries', 'Support chat', 'My account']],
  ] as const)('the menu of %s shows only what the role may open', async (role, entries) => {
    signedInAs(role);
    render(<App />);
    await screen.findByRole('navigation', { name: 'Console menu' });
    expect(menuEntries()).toEqual(entries);
  });

  test('a screen of another role is refused, and a remote’s screen has its slot', async () => {
    signedInAs('support', '/ops/settings');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/ops/settings')).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(within(menu()).getByRole('link', { name: 'Slips in review' }));
    // The remote does not answer with its screen: the federation layer's panel says so, with a way to try again.
    const slot = await screen.findByRole('region', { name: 'Slips in review' });
    expect(await within(slot).findByRole('alert')).toHaveTextContent('This part of the site is unavailable');
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_wallet/OpsSlips');
    expect(window.location.pathname).toBe('/ops/slips');
  });

  test('a screen a remote exposes is mounted from that remote, with the operator as props', async () => {
    const seen: unknown[] = [];
    const parcel = {
      bootstrap: async () => undefined,
      mount: async (props: { domElement: HTMLElement; operator: unknown; remoteModule: string }) => {
        seen.push(props.operator);
        props.domElement.innerHTML = `<h1>Slip queue of ${props.remoteModule}</h1>`;
      },
      unmount: async (props: { domElement: HTMLElement }) => {
        props.domElement.innerHTML = '';
      },
    };
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (id === 'mfe_wallet/OpsSlips') return { default: parcel };
      throw new Error('not exposed');
    });
    signedInAs('support', '/ops/slips');
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: 'Slip queue of mfe_wallet/OpsSlips' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(seen).toEqual([{ username: 'support-1', role: 'support' }]);
    expect(jest.mocked(registerRemotes)).toHaveBeenCalledWith(
      [{ name: 'mfe_wallet', entry: '/remotes/mfe-wallet/mf-manifest.json' }],
      { force: true },
    );

    const user = userEvent.setup();
    await user.click(within(menu()).getByRole('link', { name: 'Members' }));
    expect(await screen.findByRole('region', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Slip queue/ })).not.toBeInTheDocument();
  });

  test('logout ends the session and returns to the sign-in', async () => {
    signedInAs('finance');
    server.on('POST /api/ops/auth/logout', ok(null));
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You have logged out.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/ops/auth/logout')[0]?.headers['X-Requested-With']).toBe('ops-console');
  });
});

describe('settings', () => {
  test('a toggle posts the new value with the console header and says so', async () => {
    signedInAs('admin', '/ops/settings');
    server
      .on('GET /api/ops/settings', ok(SETTINGS))
      .on('POST /api/ops/settings/registerOTP', ok({ key: 'registerOTP', value: false }));
    const user = userEvent.setup();
    render(<App />);
    expect(await screen.findByText(/takes effect on each member's next page load/)).toBeInTheDocument();
    const otp = await screen.findByRole('switch', { name: 'SMS code at registration' });
    expect(otp).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Part mfe-wallet enabled' })).toBeChecked();

    await user.click(otp);
    expect(await screen.findByText('SMS code at registration: off')).toBeInTheDocument();
    expect(otp).not.toBeChecked();
    const [post] = server.callsTo('POST /api/ops/settings/registerOTP');
    expect(post?.headers['X-Requested-With']).toBe('ops-console');
    expect(post?.body).toEqual({ value: false });
  });

  test('an expired session returns to the sign-in and says why', async () => {
    signedInAs('admin', '/ops/settings');
    server
      .on('GET /api/ops/settings', ok(SETTINGS))
      .on('POST /api/ops/settings/enableChatWidget', fail(401, 'EXPIRED_AUTH_TOKEN'));
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('switch', { name: 'Chat widget' }));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console menu' })).not.toBeInTheDocument();
  });
});

describe('audit', () => {
  test('newest first, older entries page in with before', async () => {
    signedInAs('admin', '/ops/audit');
    const entry = (id: number) => ({
      id,
      at: '2026-11-24T10:00:00Z',
      actor: 'root',
      role: 'admin',
      action: `setting.set.${id}`,
      target: 'registerOTP',
      before: { value: true },
      after: { value: false },
      ip: '127.0.0.1',
    });
    server.on('GET /api/ops/audit', ({ url }) => {
      const before = new URL(url, 'http://x').searchParams.get('before');
      return before === null
        ? ok(Array.from({ length: 50 }, (_, i) => entry(100 - i)))
        : ok([entry(Number(before) - 1)]);
    });
    const user = userEvent.setup();
    render(<App />);
    expect(await screen.findByText('setting.set.100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    expect(await screen.findByText('setting.set.50')).toBeInTheDocument();
    expect(server.callsTo('GET /api/ops/audit').map((c) => c.url)).toEqual([
      '/api/ops/audit?limit=50',
      '/api/ops/audit?before=51&limit=50',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument(),
    );
  });

  test('filtered by operator and action (kept in the address); a new filter starts from the newest; clearing it shows all', async () => {
    signedInAs('admin', '/ops/audit');
    const entry = (id: number, actor: string, action: string) => ({
      id,
      at: '2026-11-24T10:00:00Z',
      actor,
      role: 'finance',
      action,
      target: 'member-1',
      before: null,
      after: null,
      ip: '127.0.0.1',
    });
    const all = [
      entry(3, 'nok', 'slip.approve'),
      entry(2, 'root', 'setting.set'),
      entry(1, 'nok', 'wallet.adjust'),
    ];
    server.on('GET /api/ops/audit', ({ url }) => {
      const query = new URL(url, 'http://x').searchParams;
      return ok(
        all.filter(
          (e) =>
            (!query.get('actor') || e.actor === query.get('actor')) &&
            (!query.get('action') || e.action === query.get('action')),
        ),
      );
    });
    const user = userEvent.setup();
    render(<App />);
    expect(await screen.findByText('setting.set')).toBeInTheDocument();

    const filter = screen.getByRole('search', { name: 'Filter the audit log' });
    await user.type(within(filter).getByLabelText('Operator'), ' nok ');
    await user.click(within(filter).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('setting.set')).not.toBeInTheDocument());
    expect(screen.getByText('slip.approve')).toBeInTheDocument();
    expect(screen.getByText('wallet.adjust')).toBeInTheDocument();
    expect(window.location.search).toBe('?actor=nok');

    await user.type(within(filter).getByLabelText('Action'), 'reconcile');
    await user.click(within(filter).getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No entries match this filter.')).toBeInTheDocument();

    await user.click(within(filter).getByRole('button', { name: 'Clear the filter' }));
    expect(await screen.findByText('setting.set')).toBeInTheDocument();
    expect(within(filter).getByLabelText('Operator')).toHaveValue('');
    expect(server.callsTo('GET /api/ops/audit').map((c) => c.url)).toEqual([
      '/api/ops/audit?limit=50',
      '/api/ops/audit?limit=50&actor=nok',
      '/api/ops/audit?limit=50&actor=nok&action=reconcile',
      '/api/ops/audit?limit=50',
    ]);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { bus, clearSession, hasToken, i18n, setLocale, setSession } from '@wallet/shared';
import { TERMINATED_MARK } from './routing/guards';
import { fakeRemoteModule, mockLookups, renderShell } from './test/shell-harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  clearSession();
  document.body.classList.remove(TERMINATED_MARK);
  document.title = '';
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id));
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('spec §2 routing rules', () => {
  test('the root redirects to /user, which redirects to /user/home for a member', async () => {
    mockLookups();
    setSession('member-token', true);
    const shell = renderShell('/');
    await waitFor(() => expect(shell.pathname()).toBe('/user/home'));
    expect(await screen.findByTestId('remote:mfe_wallet/Home')).toBeInTheDocument();
  });

  test('/user redirects to /user/home', async () => {
    mockLookups();
    setSession('member-token', false);
    const shell = renderShell('/user');
    await waitFor(() => expect(shell.pathname()).toBe('/user/home'));
  });

  test('the root without a token ends on /login (through /user)', async () => {
    mockLookups();
    const shell = renderShell('/');
    await waitFor(() => expect(shell.pathname()).toBe('/login'));
    expect(await screen.findByTestId('remote:mfe_auth/Login')).toBeInTheDocument();
  });

  test.each([
    '/user/home',
    '/user/profile',
    '/user/bonus',
    '/user/statement',
    '/user/spin',
    '/user/spin/verify',
    '/user/contact',
  ])('protected %s without a stored token goes to /login', async (path) => {
    mockLookups();
    const shell = renderShell(path);
    await waitFor(() => expect(shell.pathname()).toBe('/login'));
    expect(await screen.findByTestId('remote:mfe_auth/Login')).toBeInTheDocument();
    const loaded = loadRemoteMock.mock.calls.map(([id]) => id);
    expect(loaded).toEqual(['mfe_auth/Login']);
  });

  test('before /login the body is marked terminated and the active lookup is asked; the mark is cleared when the service is on', async () => {
    const lookups = mockLookups();
    let answer: (value: { terminated: null }) => void = () => undefined;
    lookups.active.mockReturnValue(new Promise((resolve) => (answer = resolve)));

    const shell = renderShell('/login');
    await waitFor(() => expect(lookups.active).toHaveBeenCalledTimes(1));
    expect(document.body).toHaveClass(TERMINATED_MARK);
    expect(screen.queryByTestId('remote:mfe_auth/Login')).not.toBeInTheDocument();

    await act(async () => answer({ terminated: null }));
    await waitFor(() => expect(document.body).not.toHaveClass(TERMINATED_MARK));
    expect(shell.pathname()).toBe('/login');
    expect(await screen.findByTestId('remote:mfe_auth/Login')).toBeInTheDocument();
  });

  test('every navigation to /login runs the check again', async () => {
    const lookups = mockLookups();
    const shell = renderShell('/login');
    await waitFor(() => expect(lookups.active).toHaveBeenCalledTimes(1));
    await act(async () => {
      await shell.router.navigate('/howto');
    });
    await act(async () => {
      await shell.router.navigate('/login');
    });
    expect(lookups.active).toHaveBeenCalledTimes(2);
  });

  test('a service that is gone sends /login to /terminated, whose title is "page not found"', async () => {
    mockLookups({ active: { terminated: 'gone' } });
    const shell = renderShell('/login');
    await waitFor(() => expect(shell.pathname()).toBe('/terminated'));
    expect(await screen.findByTestId('terminated')).toBeInTheDocument();
    expect(document.title).toBe(i18n.t('host:terminated.pageTitle'));
    expect(document.title).toBe('Page not found');
    expect(loadRemoteMock).not.toHaveBeenCalledWith('mfe_auth/Login');
  });

  test('a failing active lookup does not lock the visitor out of /login', async () => {
    const lookups = mockLookups();
    lookups.active.mockRejectedValue(new Error('offline'));
    const shell = renderShell('/login');
    expect(await screen.findByTestId('remote:mfe_auth/Login')).toBeInTheDocument();
    expect(shell.pathname()).toBe('/login');
    expect(document.body).not.toHaveClass(TERMINATED_MARK);
  });

  test.each(['/login', '/register', '/howto', '/contact'])(
    'visiting the logged-out shell (%s) while holding a token clears the stored session',
    async (path) => {
      mockLookups();
      setSession('held-token', true);
      expect(hasToken()).toBe(true);
      renderShell(path);
      await screen.findByTestId('public-shell');
      expect(hasToken()).toBe(false);
      expect(window.localStorage.getItem('token')).toBeNull();
    },
  );

  test('an unknown path shows the 404 page', async () => {
    mockLookups();
    renderShell('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  test('an unknown member path shows the 404 page inside the member shell', async () => {
    mockLookups();
    setSession('member-token', true);
    renderShell('/user/no-such-page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByTestId('member-menu')).toBeInTheDocument();
  });

  test('navigations asked for on the bus (the HTTP client on gone / invalid-token) are performed', async () => {
    mockLookups();
    setSession('member-token', true);
    const shell = renderShell('/user/home');
    await screen.findByTestId('member-shell');
    act(() => bus.emit('navigate', { to: '/user/contact' }));
    await waitFor(() => expect(shell.pathname()).toBe('/user/contact'));
  });

  test('the verify page has its own tab title', async () => {
    mockLookups();
    setSession('member-token', true);
    renderShell('/user/spin/verify');
    expect(await screen.findByTestId('remote:mfe_spin/Verify')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Verify your spins'));
  });

  test('with mfe-spin turned off, the wheel and its verify page are 404s and no spin code is fetched', async () => {
    mockLookups();
    setSession('member-token', true);
    const shell = renderShell('/user/spin/verify', {
      enabled: ['mfe_auth', 'mfe_wallet', 'mfe_bonus', 'mfe_chat'],
    });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    await act(async () => {
      await shell.router.navigate('/user/spin');
    });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByTestId('member-menu')).toBeInTheDocument();
    const loaded = loadRemoteMock.mock.calls.map(([id]) => id);
    expect(loaded.filter((id) => id.startsWith('mfe_spin/'))).toEqual([]);
  });

  test('route → remote module', async () => {
    mockLookups();
    setSession('member-token', true);
    const shell = renderShell('/user/home');
    const expectations: Array<[string, string]> = [
      ['/user/profile', 'mfe_auth/Profile'],
      ['/user/bonus', 'mfe_bonus/Bonus'],
      ['/user/statement', 'mfe_bonus/Statement'],
      ['/user/spin', 'mfe_spin/Spin'],
      ['/user/spin/verify', 'mfe_spin/Verify'],
      ['/user/home', 'mfe_wallet/Home'],
    ];
    for (const [path, module] of expectations) {
      await act(async () => {
        await shell.router.navigate(path);
      });
      expect(await screen.findByTestId(`remote:${module}`)).toBeInTheDocument();
    }
  });
});

describe('guards run before what they guard renders', () => {
  test('going back to an earlier /login entry runs the check again before the page shows', async () => {
    const lookups = mockLookups();
    const shell = renderShell('/login');
    expect(await screen.findByTestId('remote:mfe_auth/Login')).toBeInTheDocument();
    await act(async () => {
      await shell.router.navigate('/howto');
    });
    await screen.findByTestId('howto-page');

    let answer: (value: { terminated: 'gone' }) => void = () => undefined;
    lookups.active.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await act(async () => {
      await shell.router.navigate(-1);
    });
    expect(shell.pathname()).toBe('/login');
    expect(lookups.active).toHaveBeenCalledTimes(2);
    expect(document.body).toHaveClass(TERMINATED_MARK);
    expect(screen.queryByTestId('remote:mfe_auth/Login')).not.toBeInTheDocument();

    await act(async () => answer({ terminated: 'gone' }));
    await waitFor(() => expect(shell.pathname()).toBe('/terminated'));
    expect(screen.queryByTestId('remote:mfe_auth/Login')).not.toBeInTheDocument();
  });

  test('a protected page never renders without a token: neither the member shell nor its remote', async () => {
    mockLookups();
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="member-shell"]')) shown.push('member-shell');
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const shell = renderShell('/user/statement');
    await waitFor(() => expect(shell.pathname()).toBe('/login'));
    expect(await screen.findByTestId('remote:mfe_auth/Login')).toBeInTheDocument();
    observer.disconnect();
    expect(shown).toEqual([]);
  });

  test('a session that ends while in the member shell sends the member to /login', async () => {
    mockLookups();
    setSession('member-token', true);
    const shell = renderShell('/user/bonus');
    expect(await screen.findByTestId('remote:mfe_bonus/Bonus')).toBeInTheDocument();
    act(() => clearSession());
    await waitFor(() => expect(shell.pathname()).toBe('/login'));
    expect(screen.queryByTestId('member-shell')).not.toBeInTheDocument();
  });
});

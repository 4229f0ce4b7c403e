import { act, screen, waitFor, within } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { clearSession, setLocale, setSession, toast } from '@wallet/shared';
import { routes } from '../routes';
import { TERMINATED_MARK } from '../routing/guards';
import { catalogs } from '../catalogs';
import { loadAllCatalogs } from '../../../shared/src/i18n/load-all-catalogs';
import { addStaticFrame, fakeRemoteModule, mockLookups, renderShell } from '../test/shell-harness';
import type { RouteHandle } from './document-title';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(async () => {
  await setLocale('en');
  clearSession();
  document.title = '';
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id));
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  document.getElementById('shell-frame')?.remove();
  document.body.classList.remove(TERMINATED_MARK);
});

describe('tab titles', () => {
  test.each([
    ['/login', false, 'Sign in · Demo Wallet'],
    ['/register', false, 'Register · Demo Wallet'],
    ['/howto', false, 'How-to videos · Demo Wallet'],
    ['/contact', false, 'Contact us · Demo Wallet'],
    ['/user/home', true, 'Home · Demo Wallet'],
    ['/user/profile', true, 'Profile · Demo Wallet'],
    ['/user/bonus', true, 'Bonus · Demo Wallet'],
    ['/user/statement', true, 'Statement · Demo Wallet'],
    ['/user/spin', true, 'Lucky spin · Demo Wallet'],
    ['/user/contact', true, 'Contact us · Demo Wallet'],
    ['/user/nowhere', true, 'Page not found · Demo Wallet'],
    ['/nowhere', false, 'Page not found · Demo Wallet'],
  ])('%s is titled by its page and the site name', async (path, member, title) => {
    mockLookups();
    if (member) setSession('member-token', true);
    renderShell(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  test('follow the member language and the navigation', async () => {
    mockLookups({ appName: 'Lucky Wallet' });
    await setLocale('th');
    const shell = renderShell('/login');
    await waitFor(() => expect(document.title).toBe('เข้าสู่ระบบ · Lucky Wallet'));

    await act(async () => {
      await setLocale('la');
    });
    await waitFor(() => expect(document.title).toBe('ເຂົ້າສູ່ລະບົບ · Lucky Wallet'));

    await act(async () => {
      await shell.router.navigate('/contact');
    });
    await waitFor(() => expect(document.title).toBe('ຕິດຕໍ່ພວກເຮົາ · Lucky Wallet'));
  });

  test("use the catalogue's name while the site's name is loading", async () => {
    const lookups = mockLookups();
    lookups.info.mockReturnValue(new Promise(() => undefined));
    renderShell('/howto');
    await waitFor(() => expect(document.title).toBe('How-to videos · Wallet'));
  });

  test('every route of the table has a title in th, la and en', async () => {
    const resources = await loadAllCatalogs(catalogs.resources);
    const handles: RouteHandle[] = [];
    const walk = (list: typeof routes) =>
      list.forEach((route) => {
        // Every page (a leaf), but the redirects.
        if (route.children) walk(route.children);
        else if (route.path !== '/' && !route.index) handles.push(route.handle as RouteHandle);
      });
    walk(routes);
    expect(handles.length).toBeGreaterThanOrEqual(12);
    for (const locale of ['th', 'la', 'en'] as const) {
      for (const handle of handles) {
        expect(handle?.title).toEqual(expect.any(String));
        const value = (handle.title ?? '')
          .split('.')
          .reduce<unknown>(
            (node, key) => (node as Record<string, unknown> | undefined)?.[key],
            resources[locale],
          );
        expect({ locale, key: handle.title, value: typeof value }).toEqual({
          locale,
          key: handle.title,
          value: 'string',
        });
      }
    }
  });
});

describe('toasts of a page', () => {
  test('go when the member navigates away; the one that announced the navigation stays', async () => {
    mockLookups();
    const shell = renderShell('/howto');
    const region = await screen.findByRole('status');
    act(() => toast.error('Could not load the videos'));
    expect(region).toHaveTextContent('Could not load the videos');

    // Some time later the member goes to another page.
    const later = Date.now() + 2000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    act(() => toast.success('Registered: please sign in'));
    await act(async () => {
      await shell.router.navigate('/contact');
    });
    await screen.findByTestId('contact-page');
    expect(region).not.toHaveTextContent('Could not load the videos');
    expect(region).toHaveTextContent('Registered: please sign in');
  });
});

describe("the server's frame", () => {
  test('stays while the terminated check of /login runs, and goes in the commit that shows the public shell', async () => {
    const lookups = mockLookups();
    let answer: (value: { terminated: null }) => void = () => undefined;
    lookups.active.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const frame = addStaticFrame();
    const seen: Array<{ shell: boolean; frame: boolean }> = [];
    // What each DOM change leaves on the page (a mutation observer runs before the browser paints).
    const observer = new MutationObserver(() =>
      seen.push({
        shell: screen.queryByTestId('public-shell') !== null,
        frame: frame.isConnected,
      }),
    );
    observer.observe(document.body, { childList: true, subtree: true });

    renderShell('/login');
    await waitFor(() => expect(lookups.active).toHaveBeenCalled());
    expect(frame).toBeInTheDocument();
    expect(screen.queryByTestId('public-shell')).not.toBeInTheDocument();

    await act(async () => answer({ terminated: null }));
    await screen.findByTestId('public-shell');
    observer.disconnect();
    expect(frame).not.toBeInTheDocument();
    // Never both shells, never neither once the shell is there.
    expect(seen.filter((s) => s.shell && s.frame)).toEqual([]);
  });

  test("the remote's prerendered first screen in the frame moves into the page before the frame goes", async () => {
    mockLookups();
    loadRemoteMock.mockImplementation(() => new Promise(() => undefined));
    const frame = addStaticFrame();
    frame.innerHTML =
      '<main class="host-main"><div class="host-first-screen" data-first-screen="mfe_auth/Login" inert>' +
      '<h1>Sign in</h1></div></main>';
    const prerendered = frame.querySelector('[data-first-screen]') as HTMLElement;
    renderShell('/login');
    const holder = await screen.findByTestId('first-screen');
    expect(frame).not.toBeInTheDocument();
    expect(holder).toContainElement(prerendered);
    expect(within(screen.getByTestId('public-shell')).getByText('Sign in')).toBeInTheDocument();
  });

  test('goes in the commit that shows the member shell', async () => {
    mockLookups();
    setSession('member-token', true);
    const frame = addStaticFrame();
    const seen: Array<{ shell: boolean; frame: boolean }> = [];
    const observer = new MutationObserver(() =>
      seen.push({ shell: screen.queryByTestId('member-shell') !== null, frame: frame.isConnected }),
    );
    observer.observe(document.body, { childList: true, subtree: true });
    renderShell('/user/home');
    await screen.findByTestId('member-shell');
    observer.disconnect();
    expect(frame).not.toBeInTheDocument();
    expect(seen.filter((s) => s.shell && s.frame)).toEqual([]);
  });

  test('goes for the bare page of a service that is gone', async () => {
    mockLookups({ active: { terminated: 'gone' } });
    const frame = addStaticFrame();
    renderShell('/login');
    await screen.findByTestId('terminated');
    expect(frame).not.toBeInTheDocument();
  });
});

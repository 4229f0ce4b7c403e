import { act, screen, waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { clearSession, setLocale, setSession, toast } from '@wallet/shared';
import { routes } from '../routes';
import { catalogs } from '../catalogs';
import { loadAllCatalogs } from '../../../shared/src/i18n/load-all-catalogs';
import { fakeRemoteModule, mockLookups, renderShell } from '../test/shell-harness';
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
        const value = handle.title
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

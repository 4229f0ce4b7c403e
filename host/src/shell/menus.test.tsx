import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { clearSession, hasToken, setLocale, setSession } from '@wallet/shared';
import { sessionApi } from '../api';
import { fakeRemoteModule, mockLookups, renderShell } from '../test/shell-harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(async () => {
  await setLocale('en');
  clearSession();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id));
});

afterEach(() => jest.restoreAllMocks());

const loadedModules = () => loadRemoteMock.mock.calls.map(([id]) => id);

describe('menus by session state', () => {
  test('logged out: home (sign-in), register, how-to and contact; no member entries', async () => {
    mockLookups();
    renderShell('/howto');
    const menu = await screen.findByTestId('public-menu');
    expect(within(menu).getByTestId('menu-home')).toHaveAttribute('href', '/login');
    expect(within(menu).getByTestId('menu-register')).toHaveAttribute('href', '/register');
    expect(within(menu).getByTestId('menu-howto')).toHaveAttribute('href', '/howto');
    expect(within(menu).getByTestId('menu-contact')).toHaveAttribute('href', '/contact');
    expect(screen.queryByTestId('member-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('logout')).not.toBeInTheDocument();
    // The language switcher is offered on logged-out pages too.
    expect(screen.getByTestId('language-switcher')).toBeInTheDocument();
  });

  test('logged in: profile, conditions, statement, contact, the large home button, and the top bar', async () => {
    mockLookups({ appName: 'Lucky Wallet' });
    setSession('member-token', true);
    renderShell('/user/home');
    const menu = await screen.findByTestId('member-menu');
    expect(within(menu).getByTestId('menu-profile')).toHaveAttribute('href', '/user/profile');
    expect(within(menu).getByTestId('menu-conditions')).toBeInTheDocument();
    expect(within(menu).getByTestId('menu-statement')).toHaveAttribute('href', '/user/statement');
    expect(within(menu).getByTestId('menu-contact')).toHaveAttribute('href', '/user/contact');
    expect(within(menu).getByTestId('menu-home')).toHaveAttribute('href', '/user/home');
    expect(within(menu).getByTestId('menu-home')).toHaveClass('host-menu__item--home');
    expect(screen.queryByTestId('public-menu')).not.toBeInTheDocument();

    expect(await screen.findByText('Lucky Wallet')).toHaveAttribute('data-testid', 'app-name');
    expect(screen.getByTestId('language-switcher')).toBeInTheDocument();
    expect(screen.getByTestId('logout')).toHaveTextContent('Log out');
  });

  test('the language dropdown switches every text of the shell', async () => {
    mockLookups();
    setSession('member-token', true);
    renderShell('/user/home');
    expect(await screen.findByTestId('menu-profile')).toHaveTextContent('Profile');
    await userEvent.selectOptions(screen.getByTestId('language-switcher'), 'th');
    await waitFor(() => expect(screen.getByTestId('menu-profile')).toHaveTextContent('โปรไฟล์'));
    await userEvent.selectOptions(screen.getByTestId('language-switcher'), 'la');
    await waitFor(() => expect(screen.getByTestId('menu-profile')).toHaveTextContent('ໂປຣໄຟລ໌'));
    expect(window.localStorage.getItem('locale')).toBe('la');
  });

  test('logout revokes the session on the server, then clears it and goes to /login', async () => {
    mockLookups();
    const tokenAtCall: boolean[] = [];
    const logout = jest.spyOn(sessionApi, 'logout').mockImplementation(async () => {
      tokenAtCall.push(hasToken());
      return { loggedOut: true };
    });
    setSession('member-token', true);
    const shell = renderShell('/user/home');
    await userEvent.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(shell.pathname()).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(tokenAtCall).toEqual([true]);
    expect(hasToken()).toBe(false);
    expect(await screen.findByTestId('public-menu')).toBeInTheDocument();
  });

  test('logout still clears the local session when the server call fails', async () => {
    mockLookups();
    const logout = jest.spyOn(sessionApi, 'logout').mockRejectedValue(new Error('offline'));
    setSession('member-token', true);
    const shell = renderShell('/user/home');
    await userEvent.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(shell.pathname()).toBe('/login'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(hasToken()).toBe(false);
  });

  test('the conditions entry opens the mfe_bonus/Conditions parcel, which can close itself', async () => {
    mockLookups();
    setSession('member-token', true);
    let closeConditions: (() => void) | undefined;
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (id !== 'mfe_bonus/Conditions') return fakeRemoteModule(id);
      const { createRemoteParcel } = await import('@wallet/shared');
      const Conditions = ({ onClose }: { onClose?: () => void }) => {
        closeConditions = onClose;
        return <div data-testid="conditions-modal" />;
      };
      return { default: createRemoteParcel(Conditions, id) };
    });
    renderShell('/user/home');
    expect(loadedModules()).not.toContain('mfe_bonus/Conditions');
    await userEvent.click(await screen.findByTestId('menu-conditions'));
    expect(await screen.findByTestId('conditions-modal')).toBeInTheDocument();
    act(() => closeConditions?.());
    await waitFor(() => expect(screen.queryByTestId('conditions-modal')).not.toBeInTheDocument());
  });
});

describe('a remote the operator disabled', () => {
  const allButBonus = ['mfe_auth', 'mfe_wallet', 'mfe_spin', 'mfe_chat'] as const;

  test('its menu entries are hidden and its code is never fetched', async () => {
    mockLookups();
    setSession('member-token', true);
    renderShell('/user/home', { enabled: allButBonus });
    const menu = await screen.findByTestId('member-menu');
    expect(within(menu).getByTestId('menu-profile')).toBeInTheDocument();
    expect(within(menu).queryByTestId('menu-statement')).not.toBeInTheDocument();
    expect(within(menu).queryByTestId('menu-conditions')).not.toBeInTheDocument();
    await screen.findByTestId('remote:mfe_wallet/Home');
    expect(loadedModules().filter((id) => id.startsWith('mfe_bonus/'))).toEqual([]);
  });

  test('its routes show the 404 page', async () => {
    mockLookups();
    setSession('member-token', true);
    const shell = renderShell('/user/statement', { enabled: allButBonus });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    await act(async () => {
      await shell.router.navigate('/user/bonus');
    });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByTestId('member-menu')).toBeInTheDocument();
    expect(loadedModules().filter((id) => id.startsWith('mfe_bonus/'))).toEqual([]);
  });

  test('mfe-auth disabled: sign-in entries hidden, /login is a 404', async () => {
    mockLookups();
    renderShell('/login', { enabled: ['mfe_wallet', 'mfe_bonus', 'mfe_spin', 'mfe_chat'] });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    const menu = screen.getByTestId('public-menu');
    expect(within(menu).queryByTestId('menu-home')).not.toBeInTheDocument();
    expect(within(menu).queryByTestId('menu-register')).not.toBeInTheDocument();
    expect(within(menu).getByTestId('menu-contact')).toBeInTheDocument();
  });

  test('the chat widget floats on every page only when mfe-chat and the enableChatWidget flag are both on', async () => {
    mockLookups({ enableChatWidget: true });
    renderShell('/howto');
    expect(await screen.findByTestId('remote:mfe_chat/ChatWidget')).toBeInTheDocument();
  });

  test('no chat widget (and no chat code) when mfe-chat is disabled', async () => {
    const lookups = mockLookups({ enableChatWidget: true });
    renderShell('/howto', { enabled: ['mfe_auth'] });
    await screen.findByTestId('public-menu');
    expect(lookups.enableChatWidget).not.toHaveBeenCalled();
    expect(loadedModules()).not.toContain('mfe_chat/ChatWidget');
  });
});

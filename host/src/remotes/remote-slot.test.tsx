import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { bus, clearSession, createRemoteParcel, setLocale, setSession } from '@wallet/shared';
import { fakeRemoteModule, mockLookups, renderShell } from '../test/shell-harness';
import {
  createRemoteDirectory,
  DEFAULT_REMOTES,
  FAILURE_POLICY,
  RemoteDirectoryProvider,
  RemoteSlot,
} from '@wallet/shared/federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

const UNAVAILABLE = 'This part of the site is unavailable right now';

beforeEach(async () => {
  await setLocale('en');
  clearSession();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id));
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function signInAndFailWallet(failure: (id: string) => Promise<unknown>) {
  mockLookups();
  setSession('member-token', true);
  loadRemoteMock.mockImplementation(async (id: string) =>
    id === 'mfe_wallet/Home' ? failure(id) : fakeRemoteModule(id),
  );
}

describe('while a remote loads', () => {
  test('a page-shaped skeleton shows at once, busy and announced, and the remote replaces it', async () => {
    mockLookups();
    setSession('member-token', true);
    let arrive: () => void = () => undefined;
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (id === 'mfe_wallet/Home') await new Promise<void>((resolve) => (arrive = resolve));
      return fakeRemoteModule(id);
    });
    renderShell('/user/home');

    const skeleton = await screen.findByTestId('remote-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton).toHaveAttribute('data-remote', 'mfe_wallet/Home');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByTestId('member-menu')).toBeInTheDocument();

    arrive();
    expect(await screen.findByTestId('remote:mfe_wallet/Home')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-skeleton')).not.toBeInTheDocument();
  });

  test("the server's prerendered first screen stays in the skeleton's place until the remote has mounted", async () => {
    // As the server paints it in the frame (shell/page-frame.tsx, filled by server/src/platform/index-page/): inert
    // static markup of the remote.
    const frame = document.createElement('div');
    frame.innerHTML =
      '<div class="host-first-screen host-page" data-first-screen="mfe_spin/Spin" inert>' +
      '<section><h1>Spin the wheel</h1></section></div>';
    document.body.appendChild(frame);
    const prerendered = frame.firstElementChild;
    let arrive: () => void = () => undefined;
    loadRemoteMock.mockImplementation(async (id: string) => {
      await new Promise<void>((resolve) => (arrive = resolve));
      return fakeRemoteModule(id);
    });
    const { unmount } = render(
      <RemoteDirectoryProvider directory={createRemoteDirectory(DEFAULT_REMOTES)}>
        <RemoteSlot module="mfe_spin/Spin" />
      </RemoteDirectoryProvider>,
    );
    // Moved out of the server's frame (which the shell removes) into the slot, not copied; no skeleton.
    const holder = await screen.findByTestId('first-screen');
    expect(holder).toContainElement(prerendered as HTMLElement);
    expect(frame).toBeEmptyDOMElement();
    expect(holder).toHaveTextContent('Spin the wheel');
    expect(screen.queryByTestId('remote-skeleton')).not.toBeInTheDocument();

    arrive();
    expect(await screen.findByTestId('remote:mfe_spin/Spin')).toBeInTheDocument();
    expect(screen.queryByTestId('first-screen')).not.toBeInTheDocument();
    expect(prerendered?.isConnected).toBe(false);
    unmount();
    frame.remove();
  });

  test("another module's first screen is not shown: that slot shows the skeleton", async () => {
    const frame = document.createElement('div');
    frame.innerHTML = '<div data-first-screen="mfe_auth/Login" inert><h1>Log in</h1></div>';
    document.body.appendChild(frame);
    loadRemoteMock.mockImplementation(() => new Promise(() => undefined));
    const { unmount } = render(
      <RemoteDirectoryProvider directory={createRemoteDirectory(DEFAULT_REMOTES)}>
        <RemoteSlot module="mfe_spin/Spin" />
      </RemoteDirectoryProvider>,
    );
    expect(await screen.findByTestId('remote-skeleton')).toBeInTheDocument();
    expect(screen.queryByTestId('first-screen')).not.toBeInTheDocument();
    expect(frame).toHaveTextContent('Log in');
    unmount();
    frame.remove();
  });

  test.each([
    ['th', 'กำลังโหลด…'],
    ['la', 'ກຳລັງໂຫຼດ…'],
  ] as const)('the skeleton says "loading" in the member\'s language (%s)', async (locale, text) => {
    await setLocale(locale);
    loadRemoteMock.mockImplementation(() => new Promise(() => undefined));
    render(
      <RemoteDirectoryProvider directory={createRemoteDirectory(DEFAULT_REMOTES)}>
        <RemoteSlot module="mfe_spin/Spin" />
      </RemoteDirectoryProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(text);
  });

  test('the panel replaces the skeleton when the remote cannot be loaded, and retry shows the skeleton again', async () => {
    signInAndFailWallet(() => Promise.reject(new Error('connection refused')));
    renderShell('/user/home');
    await screen.findByRole('alert');
    expect(screen.queryByTestId('remote-skeleton')).not.toBeInTheDocument();

    loadRemoteMock.mockImplementation(() => new Promise(() => undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('remote-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a floating widget shows no skeleton', () => {
    loadRemoteMock.mockImplementation(() => new Promise(() => undefined));
    render(
      <RemoteDirectoryProvider directory={createRemoteDirectory(DEFAULT_REMOTES)}>
        <RemoteSlot module="mfe_chat/ChatWidget" whileLoading="none" />
      </RemoteDirectoryProvider>,
    );
    expect(screen.queryByTestId('remote-skeleton')).not.toBeInTheDocument();
  });
});

describe('a remote that fails', () => {
  test('is down (load rejects): the translated panel shows, the menus and other routes keep working', async () => {
    const failures: string[] = [];
    const subscription = bus.on('remote:failed').subscribe(({ remote }) => failures.push(remote));
    signInAndFailWallet(() => Promise.reject(new Error('connection refused')));
    const shell = renderShell('/user/home');

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(UNAVAILABLE);
    expect(panel).toHaveAttribute('data-remote', 'mfe_wallet/Home');
    expect(failures).toEqual(['mfe_wallet/Home']);
    subscription.unsubscribe();

    await userEvent.click(screen.getByTestId('menu-profile'));
    await waitFor(() => expect(shell.pathname()).toBe('/user/profile'));
    expect(await screen.findByTestId('remote:mfe_auth/Profile')).toBeInTheDocument();
  });

  test('hangs: past the load timeout the panel shows, and the menu is there all along', async () => {
    jest.useFakeTimers();
    signInAndFailWallet(() => new Promise(() => undefined));
    renderShell('/user/home');

    expect(await screen.findByTestId('member-menu')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(FAILURE_POLICY.loadTimeoutMs - 100);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByTestId('menu-statement')).toBeInTheDocument();
  });

  test('throws while rendering: its error boundary shows the panel, the menu still renders', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAndFailWallet(async (id) => {
      const Broken = () => {
        throw new Error('render failed');
      };
      return { default: createRemoteParcel(Broken, id) };
    });
    renderShell('/user/home');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByTestId('member-menu')).toBeInTheDocument();
    expect(screen.getByTestId('logout')).toBeInTheDocument();
  });

  test('does not export a parcel: the panel shows', async () => {
    signInAndFailWallet(async () => ({ default: { notAParcel: true } }));
    renderShell('/user/home');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
  });

  test('retry loads it again and recovers once the remote is back', async () => {
    mockLookups();
    setSession('member-token', true);
    let down = true;
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (id === 'mfe_wallet/Home' && down) throw new Error('connection refused');
      return fakeRemoteModule(id);
    });
    renderShell('/user/home');
    await screen.findByRole('alert');

    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('remote:mfe_wallet/Home')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'mfe_wallet/Home')).toHaveLength(2);
  });

  test('the conditions modal of a remote that is down shows the panel in a modal that closes', async () => {
    mockLookups();
    setSession('member-token', true);
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (id === 'mfe_bonus/Conditions') throw new Error('connection refused');
      return fakeRemoteModule(id);
    });
    renderShell('/user/home');
    await userEvent.click(await screen.findByTestId('menu-conditions'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(UNAVAILABLE);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('member-menu')).toBeInTheDocument();
  });
});

describe('RemoteSlot alone', () => {
  test('renders nothing and fetches nothing for a disabled remote', () => {
    const directory = createRemoteDirectory(DEFAULT_REMOTES.filter((r) => r.name !== 'mfe_spin'));
    const { container } = render(
      <RemoteDirectoryProvider directory={directory}>
        <RemoteSlot module="mfe_spin/Spin" />
      </RemoteDirectoryProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  test('passes its props to the parcel', async () => {
    const seen: unknown[] = [];
    loadRemoteMock.mockImplementation(async (id: string) => {
      const Probe = (props: { remoteModule?: string; flavour?: string }) => {
        seen.push(props);
        return <p data-testid="probe">{props.flavour}</p>;
      };
      return { default: createRemoteParcel(Probe, id) };
    });
    render(
      <RemoteDirectoryProvider directory={createRemoteDirectory(DEFAULT_REMOTES)}>
        <RemoteSlot module="mfe_spin/Spin" parcelProps={{ flavour: 'mint' }} />
      </RemoteDirectoryProvider>,
    );
    expect(await screen.findByTestId('probe')).toHaveTextContent('mint');
    expect(seen[0]).toMatchObject({ remoteModule: 'mfe_spin/Spin', flavour: 'mint' });
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { bus, clearSession, i18n, setLocale } from '@wallet/shared';
import { TERMINATED_MARK } from '../routing/guards';
import { addStaticFrame, fakeRemoteModule, mockLookups, renderShell } from '../test/shell-harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

/**
 * The shell's own stylesheet, as the page has it: the rules that hide `#root` under the body's terminated mark are
 * what made the page blank, so the visibility below is computed with them (jsdom inherits `visibility`).
 */
const shellCss = readFileSync(path.join(__dirname, '../shell/shell.css'), 'utf8')
  // jsdom's selector engine does not know :has(); those rules are about the chat widget, not this page.
  .replace(/[^{}]*:has\([^{}]*\{[^}]*\}/g, '');
let style: HTMLStyleElement;

beforeAll(() => {
  style = document.createElement('style');
  style.textContent = shellCss;
  document.head.append(style);
});
afterAll(() => style.remove());

beforeEach(() => {
  clearSession();
  document.body.classList.remove(TERMINATED_MARK);
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id));
});
afterEach(() => jest.restoreAllMocks());

/** The shell rendered into `#root`, as main.ts mounts it. */
function renderInRoot(pathname: string) {
  const shell = renderShell(pathname);
  shell.view.container.id = 'root';
  return shell;
}

type Locale = Parameters<typeof setLocale>[0];

const visibility = (element: Element) => window.getComputedStyle(element).visibility;

async function expectVisibleText(locale: Locale) {
  const page = await screen.findByTestId('terminated');
  const heading = screen.getByRole('heading', { name: i18n.t('host:terminated.title', { lng: locale }) });
  const message = screen.getByText(i18n.t('host:terminated.message', { lng: locale }));
  for (const element of [page, heading, message]) expect(visibility(element)).toBe('visible');
}

describe('/terminated is visible with its text however it is reached', () => {
  test.each<[Locale, RegExp]>([
    ['th', /[\u0E00-\u0E7F]/],
    ['la', /[\u0E80-\u0EFF]/],
    ['en', /service is no longer available/i],
  ])('through the check before /login, in %s', async (locale, script) => {
    await setLocale(locale);
    mockLookups({ active: { terminated: 'gone' } });
    const frame = addStaticFrame();
    const shell = renderInRoot('/login');
    await waitFor(() => expect(shell.pathname()).toBe('/terminated'));
    // The mark of spec §2 stays on the page it led to; the page shows under it.
    expect(document.body).toHaveClass(TERMINATED_MARK);
    expect(frame).not.toBeInTheDocument();
    await expectVisibleText(locale);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(script);
  });

  test('while the check runs, the root is hidden (the server frame stays)', async () => {
    await setLocale('en');
    const lookups = mockLookups();
    let answer: (value: { terminated: 'gone' }) => void = () => undefined;
    lookups.active.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const frame = addStaticFrame();
    const shell = renderInRoot('/login');
    await waitFor(() => expect(document.body).toHaveClass(TERMINATED_MARK));
    expect(visibility(shell.view.container)).toBe('hidden');
    expect(frame).toBeInTheDocument();
    await act(async () => answer({ terminated: 'gone' }));
    await expectVisibleText('en');
  });

  test('on a direct visit', async () => {
    await setLocale('la');
    mockLookups();
    renderInRoot('/terminated');
    await expectVisibleText('la');
    expect(document.body).not.toHaveClass(TERMINATED_MARK);
  });

  test("after an API answer 'gone' (the HTTP client asks for /terminated on the bus)", async () => {
    await setLocale('th');
    mockLookups();
    const shell = renderInRoot('/howto');
    await screen.findByTestId('howto-page');
    act(() => bus.emit('navigate', { to: '/terminated', replace: true }));
    await waitFor(() => expect(shell.pathname()).toBe('/terminated'));
    await expectVisibleText('th');
  });

  test('leaving it (a step back) takes the mark away, so the page shown next is not hidden', async () => {
    await setLocale('en');
    const lookups = mockLookups();
    const shell = renderInRoot('/howto');
    await screen.findByTestId('howto-page');
    lookups.active.mockResolvedValue({ terminated: 'gone' });
    await act(async () => {
      await shell.router.navigate('/login');
    });
    await waitFor(() => expect(shell.pathname()).toBe('/terminated'));
    await expectVisibleText('en');

    await act(async () => {
      await shell.router.navigate(-1);
    });
    await waitFor(() => expect(shell.pathname()).toBe('/howto'));
    const howto = await screen.findByTestId('howto-page');
    expect(document.body).not.toHaveClass(TERMINATED_MARK);
    expect(visibility(howto)).toBe('visible');
  });
});

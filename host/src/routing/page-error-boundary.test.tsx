import { act, screen } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { clearSession, setLocale } from '@wallet/shared';
import { addStaticFrame, fakeRemoteModule, mockLookups, renderShell } from '../test/shell-harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));
// The how-to page's chunk cannot be fetched (offline, or a release that removed it).
jest.mock('../pages/howto-page', () => {
  throw new Error('Loading chunk 498 failed');
});
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(async () => {
  await setLocale('en');
  clearSession();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id));
  // React reports the caught error; the test is about what the visitor sees.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  document.getElementById('shell-frame')?.remove();
});

test('a host page whose code cannot be fetched shows the unavailable panel; the next page works', async () => {
  mockLookups();
  const frame = addStaticFrame();
  const shell = renderShell('/howto');
  const panel = await screen.findByRole('alert');
  expect(panel).toHaveTextContent('Try again');
  expect(frame).not.toBeInTheDocument();

  await act(async () => {
    await shell.router.navigate('/contact');
  });
  expect(await screen.findByTestId('contact-page')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

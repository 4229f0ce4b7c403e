import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { bus, clearSession, setLocale, setSession } from '@wallet/shared';
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

const videos = [1, 2, 3, 4, 5].map((n) => ({
  id: `v${n}`,
  title: `How to ${n}`,
  src: `/media/howto-${n}.mp4`,
  poster: `/media/howto-${n}.jpg`,
}));

test('/howto plays the five videos from the server, with their titles', async () => {
  mockLookups({ howto: videos });
  renderShell('/howto');
  const items = await screen.findAllByTestId('howto-video');
  expect(items).toHaveLength(5);
  const players = document.querySelectorAll('video');
  expect(players).toHaveLength(5);
  players.forEach((video, i) => {
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('src', `/media/howto-${i + 1}.mp4`);
  });
  expect(screen.getByText('How to 3')).toBeInTheDocument();
});

test('/contact: text, support QR, LINE link, version 1.1.14 and a chat link when the widget is off', async () => {
  mockLookups({ enableChatWidget: false });
  renderShell('/contact');
  expect(await screen.findByTestId('contact-text')).toHaveTextContent('Open 24 hours');
  expect(screen.getByTestId('contact-qr')).toHaveAttribute('src', '/media/line-qr.png');
  expect(screen.getByTestId('contact-line')).toHaveTextContent('LINE: @wallet-support');
  expect(screen.getByTestId('app-version')).toHaveTextContent('Version 1.1.14');
  expect(screen.getByTestId('contact-chat-link')).toHaveAttribute(
    'href',
    'https://line.example.test/support',
  );
  expect(screen.queryByTestId('contact-open-chat')).not.toBeInTheDocument();
  expect(loadRemoteMock).not.toHaveBeenCalledWith('mfe_chat/ChatWidget');
});

test('/user/contact with the chat widget on: the widget is mounted and the button opens it', async () => {
  mockLookups({ enableChatWidget: true });
  setSession('member-token', true);
  renderShell('/user/contact');
  expect(await screen.findByTestId('remote:mfe_chat/ChatWidget')).toBeInTheDocument();
  const opened: unknown[] = [];
  const subscription = bus.on('chat:open').subscribe((e) => opened.push(e));
  await userEvent.click(await screen.findByTestId('contact-open-chat'));
  act(() => subscription.unsubscribe());
  expect(opened).toHaveLength(1);
  expect(screen.queryByTestId('contact-chat-link')).not.toBeInTheDocument();
  expect(screen.getByTestId('app-version')).toHaveTextContent('1.1.14');
});

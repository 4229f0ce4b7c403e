import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setLocale } from '@wallet/shared';
import { ALERT_MS } from './composer';
import { openChat, setupChat } from './test-support';
import { checkFile, checkText } from './validation';

beforeAll(() => setLocale('en'));
beforeEach(() => {
  localStorage.clear();
  clearSession();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const MB = 1024 * 1024;
const file = (name: string, size: number, type = '') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const box = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const pick = (f: File) => fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files: [f] } });

async function ready() {
  const chat = setupChat();
  chat.api.send.mockImplementation(async (_identity, clientId) => ({
    id: clientId,
    seq: 1,
    createdAt: new Date().toISOString(),
  }));
  const user = userEvent.setup();
  await openChat(user);
  return { ...chat, user };
}

describe('text (spec §5)', () => {
  test('is sent trimmed, with Enter', async () => {
    const { api, user } = await ready();
    await user.type(box(), '   Hello there  {Enter}');
    expect(api.send).toHaveBeenCalledTimes(1);
    expect(api.send.mock.calls[0]![2]).toEqual({ message_type: 'text', payload: 'Hello there' });
    expect(box()).toHaveValue('');
  });

  test('Shift+Enter starts a new line instead of sending', async () => {
    const { api, user } = await ready();
    await user.type(box(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(api.send).not.toHaveBeenCalled();
    expect(box()).toHaveValue('line one\nline two');
    await user.click(sendButton());
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'text',
      payload: 'line one\nline two',
    });
  });

  test('empty or only spaces is never sent', async () => {
    const { api, user } = await ready();
    expect(sendButton()).toBeDisabled();
    await user.type(box(), '    {Enter}');
    expect(sendButton()).toBeDisabled();
    expect(api.send).not.toHaveBeenCalled();
  });

  test('2,000 characters are sent; 2,001 are not, and the box says why', async () => {
    const { api, user } = await ready();
    fireEvent.change(box(), { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A message can be at most 2000 characters (now 2001).',
    );
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(sendButton()).toBeDisabled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(api.send).not.toHaveBeenCalled();

    // Spaces around do not count: the trimmed text is what is measured.
    fireEvent.change(box(), { target: { value: ` ${'a'.repeat(2000)} ` } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(sendButton());
    expect(api.send.mock.calls[0]![2]).toEqual({ message_type: 'text', payload: 'a'.repeat(2000) });
  });

  test('checkText: trimmed, non-empty, at most 2000', () => {
    expect(checkText('  hi ')).toEqual({ ok: true, text: 'hi' });
    expect(checkText(' \n ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkText('b'.repeat(2001))).toEqual({ ok: false, reason: 'tooLong' });
  });
});

describe('attachments (spec §5, alerts 4 s per §8)', () => {
  test.each([
    ['clip.mp4', 'video/mp4', 'video'],
    ['clip.MOV', 'video/quicktime', 'video'],
    ['shot.png', 'image/png', 'image'],
    ['shot.jpeg', 'image/jpeg', 'image'],
    ['shot.jpg', 'image/jpeg', 'image'],
    ['anim.gif', 'image/gif', 'image'],
  ])('%s (%s) is accepted as %s', (name, type, kind) => {
    expect(checkFile(file(name, 1000, type))).toEqual({ ok: true, kind });
  });

  test.each([
    ['a name without an extension', 'photo', 'image/png'],
    ['another type', 'notes.pdf', 'application/pdf'],
    ['an allowed extension on another type', 'page.png', 'text/html'],
    ['a webm video', 'clip.webm', 'video/webm'],
  ])('%s is not supported: an alert for 4 s, nothing uploaded', async (_what, name, type) => {
    const { api } = await ready();
    jest.useFakeTimers();
    pick(file(name, 1000, type));
    expect(screen.getByTestId('chat-alert')).toHaveTextContent('This file is not supported.');
    expect(api.upload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(ALERT_MS - 1));
    expect(screen.getByTestId('chat-alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('chat-alert')).not.toBeInTheDocument();
  });

  test.each([
    ['an image over 10 MB', 'big.png', 'image/png', 10 * MB + 1, 10],
    ['a video over 20 MB', 'big.mp4', 'video/mp4', 20 * MB + 1, 20],
  ])('%s is too large: an alert naming the limit for 4 s', async (_what, name, type, size, max) => {
    const { api } = await ready();
    jest.useFakeTimers();
    pick(file(name, size, type));
    expect(screen.getByTestId('chat-alert')).toHaveTextContent(
      `This file is too large. Please select a file no larger than ${max} MB.`,
    );
    expect(api.upload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(ALERT_MS));
    expect(screen.queryByTestId('chat-alert')).not.toBeInTheDocument();
  });

  test('exactly 10 MB for an image and 20 MB for a video are uploaded', async () => {
    const { api } = await ready();
    api.upload.mockReturnValue(new Promise(() => undefined));
    pick(file('ok.jpg', 10 * MB, 'image/jpeg'));
    pick(file('ok.mp4', 20 * MB, 'video/mp4'));
    await waitFor(() => expect(api.upload).toHaveBeenCalledTimes(2));
    expect(api.upload.mock.calls.map((call) => call[1])).toEqual(['image', 'video']);
    expect(screen.queryByTestId('chat-alert')).not.toBeInTheDocument();
  });
});

test('the composer is labelled and described for screen readers', async () => {
  await ready();
  expect(box()).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line.');
  expect(screen.getByRole('button', { name: 'Attach a photo or video' })).toBeEnabled();
});

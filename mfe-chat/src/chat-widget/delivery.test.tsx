import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, clearSession, setLocale } from '@wallet/shared';
import { msg, openChat, setupChat, socketReady, uuid } from './test-support';
import type { SendAnswer, UploadAnswer } from './types';

beforeAll(() => setLocale('en'));
beforeEach(() => {
  localStorage.clear();
  clearSession();
});
afterEach(() => jest.restoreAllMocks());

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const failure = () => new ApiError('NETWORK_ERROR', null, 'Network error');
const outgoing = () => screen.queryAllByTestId('chat-outgoing');
const box = () => screen.getByRole('textbox', { name: 'Message' });

test('a text goes sending → sent, the server assigning its place', async () => {
  const chat = setupChat({ stored: [msg(1)] });
  const answer = deferred<SendAnswer>();
  chat.api.send.mockReturnValue(answer.promise);
  const user = userEvent.setup();
  await openChat(user);
  await user.type(box(), 'Where is my deposit?{Enter}');

  expect(outgoing()).toHaveLength(1);
  expect(outgoing()[0]).toHaveAttribute('data-status', 'sending');
  expect(outgoing()[0]).toHaveTextContent('Sending…');

  await act(async () => answer.resolve({ id: uuid(902), seq: 2, createdAt: '2026-11-24T10:05:00.000Z' }));
  expect(outgoing()).toHaveLength(0);
  const sent = document.querySelector('[data-seq="2"]') as HTMLElement;
  expect(sent).toHaveTextContent('Where is my deposit?');
  expect(within(sent).getByText('Sent')).toBeInTheDocument();
});

test('the echo of my own message on the socket does not show it twice', async () => {
  const chat = setupChat();
  const answer = deferred<SendAnswer>();
  chat.api.send.mockReturnValue(answer.promise);
  const user = userEvent.setup();
  await openChat(user);
  await socketReady(chat.socket);
  await user.type(box(), 'hello{Enter}');
  const clientId = chat.api.send.mock.calls[0]![1];
  // The socket tells first, then the HTTP answer comes.
  act(() => chat.socket.push(msg(1, 'hello', { sender: 'customer', agent: null, clientId })));
  expect(outgoing()).toHaveLength(0);
  await act(async () => answer.resolve({ id: uuid(901), seq: 1, createdAt: '2026-11-24T10:05:00.000Z' }));
  expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
});

test('a failed text offers resend (same clientId) and remove', async () => {
  const chat = setupChat();
  chat.api.send.mockRejectedValueOnce(failure());
  const user = userEvent.setup();
  await openChat(user);
  await user.type(box(), 'first try{Enter}');

  await waitFor(() => expect(outgoing()[0]).toHaveAttribute('data-status', 'failed'));
  expect(outgoing()[0]).toHaveTextContent('Not sent');
  const firstId = chat.api.send.mock.calls[0]![1];

  chat.api.send.mockResolvedValueOnce({ id: uuid(901), seq: 1, createdAt: '2026-11-24T10:05:00.000Z' });
  await user.click(screen.getByRole('button', { name: 'Resend' }));
  await waitFor(() => expect(outgoing()).toHaveLength(0));
  expect(chat.api.send).toHaveBeenCalledTimes(2);
  expect(chat.api.send.mock.calls[1]![1]).toBe(firstId);
  expect(chat.api.send.mock.calls[1]![2]).toEqual({ message_type: 'text', payload: 'first try' });
  expect(screen.getByTestId('chat-message')).toHaveTextContent('first try');

  // Each new message has its own clientId.
  chat.api.send.mockRejectedValueOnce(failure());
  await user.type(box(), 'second{Enter}');
  await waitFor(() => expect(outgoing()[0]).toHaveAttribute('data-status', 'failed'));
  expect(chat.api.send.mock.calls[2]![1]).not.toBe(firstId);
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  expect(outgoing()).toHaveLength(0);
  // The pressed button is gone: the focus is back in the message box, not lost.
  expect(box()).toHaveFocus();
  expect(chat.api.send).toHaveBeenCalledTimes(3);
});

test('a photo goes uploading (with progress) → sending → sent, as a media message naming the upload', async () => {
  const chat = setupChat();
  const upload = deferred<UploadAnswer>();
  let progress: (fraction: number) => void = () => undefined;
  chat.api.upload.mockImplementation((_identity, _kind, _file, onProgress) => {
    progress = onProgress;
    return upload.promise;
  });
  const send = deferred<SendAnswer>();
  chat.api.send.mockReturnValue(send.promise);
  await openChat();

  const photo = new File(['png'], 'slip.png', { type: 'image/png' });
  fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files: [photo] } });
  await waitFor(() =>
    expect(chat.api.upload).toHaveBeenCalledWith(expect.anything(), 'image', photo, expect.any(Function)),
  );
  expect(outgoing()[0]).toHaveAttribute('data-status', 'uploading_file');
  const bar = within(outgoing()[0]!).getByRole('progressbar', { name: 'Uploading file…' });
  expect(bar).toHaveAttribute('aria-valuenow', '0');
  act(() => progress(0.42));
  expect(bar).toHaveAttribute('aria-valuenow', '42');

  await act(async () =>
    upload.resolve({ path: `/api/chat/files/${uuid(801)}?exp=1&sig=s`, fileId: uuid(801) }),
  );
  expect(outgoing()[0]).toHaveAttribute('data-status', 'sending');
  expect(chat.api.send.mock.calls[0]![2]).toEqual({
    message_type: 'media',
    payload: { url: true, fileType: 'image', filePath: `/api/chat/files/${uuid(801)}?exp=1&sig=s` },
  });

  await act(async () => send.resolve({ id: uuid(901), seq: 1, createdAt: '2026-11-24T10:05:00.000Z' }));
  expect(outgoing()).toHaveLength(0);
  expect(screen.getByTestId('chat-message').querySelector('img')).toHaveAttribute(
    'src',
    `/api/chat/files/${uuid(801)}?exp=1&sig=s`,
  );
});

test('a failed upload is resent by uploading again; a failed send after the upload does not upload twice', async () => {
  const chat = setupChat();
  chat.api.upload
    .mockRejectedValueOnce(failure())
    .mockResolvedValueOnce({ path: `/api/chat/files/${uuid(802)}?exp=1&sig=s`, fileId: uuid(802) });
  chat.api.send
    .mockRejectedValueOnce(failure())
    .mockResolvedValueOnce({ id: uuid(901), seq: 1, createdAt: '2026-11-24T10:05:00.000Z' });
  const user = userEvent.setup();
  await openChat(user);

  fireEvent.change(screen.getByTestId('chat-file-input'), {
    target: { files: [new File(['mp4'], 'clip.mp4', { type: 'video/mp4' })] },
  });
  await waitFor(() => expect(outgoing()[0]).toHaveAttribute('data-status', 'failed'));
  expect(chat.api.send).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Resend' }));
  await waitFor(() => expect(outgoing()[0]).toHaveAttribute('data-status', 'failed'));
  expect(chat.api.upload).toHaveBeenCalledTimes(2);
  expect(chat.api.send).toHaveBeenCalledTimes(1);

  await user.click(screen.getByRole('button', { name: 'Resend' }));
  await waitFor(() => expect(outgoing()).toHaveLength(0));
  expect(chat.api.upload).toHaveBeenCalledTimes(2);
  expect(chat.api.send.mock.calls[1]![1]).toBe(chat.api.send.mock.calls[0]![1]);
  expect(screen.getByTestId('chat-message').querySelector('video')).toHaveAttribute(
    'src',
    `/api/chat/files/${uuid(802)}?exp=1&sig=s`,
  );
});

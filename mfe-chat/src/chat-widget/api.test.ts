import { http, UPLOAD_TIMEOUT_MS } from '@wallet/shared';
import { chatApi, GUEST_TOKEN_HEADER } from './api';
import {
  chatIdentity,
  GUEST_ID_KEY,
  GUEST_TOKEN_KEY,
  memberIdOf,
  resetChatIdentity,
  roomOf,
} from './identity';

const guest = { kind: 'guest', guestId: 'g_abc', guestToken: 'tok' } as const;
const member = { kind: 'member', token: 'bearer', memberId: 'm_1' } as const;
/** A JWT as the server signs a member's session: `sub` is the member id (base64url, unpadded). */
const jwt = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
const answer = <T>(data: T) => Promise.resolve({ data } as Awaited<ReturnType<typeof http.post>>);

afterEach(() => jest.restoreAllMocks());

test('a guest request carries X-Guest-Token and its guestId; a member one its userId (its bearer token says who)', async () => {
  const post = jest.spyOn(http, 'post').mockImplementation(() => answer([]));
  await chatApi.history(guest, 10);
  expect(post).toHaveBeenLastCalledWith(
    '/api/chat/history',
    { guestId: 'g_abc', limit: 10, skip: 10 },
    { headers: { [GUEST_TOKEN_HEADER]: 'tok' } },
  );
  await chatApi.history(member, 0);
  expect(post).toHaveBeenLastCalledWith(
    '/api/chat/history',
    { userId: 'm_1', limit: 10, skip: 0 },
    undefined,
  );

  // Spec §7's conversation package: a text's payload is the text itself.
  await chatApi.send(guest, 'c-1', { message_type: 'text', payload: 'hi' }, 'wallet-chat:g_abc');
  expect(post).toHaveBeenLastCalledWith(
    '/api/chat/send-message',
    {
      sender: 'customer',
      session_id: 'wallet-chat:g_abc',
      guestId: 'g_abc',
      clientId: 'c-1',
      message: { message_type: 'text', payload: 'hi' },
    },
    { headers: { [GUEST_TOKEN_HEADER]: 'tok' } },
  );
  // A member whose id the token does not show: the server derives the room alone.
  await chatApi.send({ ...member, memberId: null }, 'c-2', { message_type: 'text', payload: 'hi' }, null);
  expect(post).toHaveBeenLastCalledWith(
    '/api/chat/send-message',
    { sender: 'customer', clientId: 'c-2', message: { message_type: 'text', payload: 'hi' } },
    undefined,
  );
});

test('the room is the prefix and the member id the token names, or the guest id (spec §4)', () => {
  expect(memberIdOf(jwt({ sub: 'mem-42', sid: 's' }))).toBe('mem-42');
  expect(memberIdOf(jwt({ sid: 's' }))).toBeNull();
  expect(memberIdOf('not-a-jwt')).toBeNull();
  expect(memberIdOf('a.%%%.b')).toBeNull();
  expect(roomOf('wallet-chat:', member)).toBe('wallet-chat:m_1');
  expect(roomOf('wallet-chat:', guest)).toBe('wallet-chat:g_abc');
  expect(roomOf('wallet-chat:', { ...member, memberId: null })).toBeNull();
});

test('mark-as-read is a PUT to /api/chat/read-customer/', async () => {
  const put = jest.spyOn(http, 'put').mockImplementation(() => answer({}));
  await chatApi.markRead(guest);
  expect(put).toHaveBeenCalledWith(
    '/api/chat/read-customer/',
    { guestId: 'g_abc' },
    {
      headers: { [GUEST_TOKEN_HEADER]: 'tok' },
    },
  );
});

test('uploads are multipart `file` to the kind’s route, with the 300 s timeout and progress', async () => {
  const post = jest.spyOn(http, 'post').mockImplementation((_url, _form, config) => {
    config?.onUploadProgress?.({ loaded: 25, total: 100 } as never);
    return answer({ path: '/api/chat/files/f?exp=1&sig=s', fileId: 'f' });
  });
  const progress = jest.fn();
  const file = new File(['x'], 'clip.mp4', { type: 'video/mp4' });
  await expect(chatApi.upload(guest, 'video', file, progress)).resolves.toEqual({
    path: '/api/chat/files/f?exp=1&sig=s',
    fileId: 'f',
  });
  const [url, form, config] = post.mock.calls[0]!;
  expect(url).toBe('/api/chat/upload-video');
  expect((form as FormData).get('file')).toBe(file);
  expect(config).toMatchObject({ timeout: UPLOAD_TIMEOUT_MS, headers: { [GUEST_TOKEN_HEADER]: 'tok' } });
  expect(progress).toHaveBeenCalledWith(0.25);
});

test('two parts asking for a new guest at once make one guest', async () => {
  localStorage.clear();
  resetChatIdentity();
  const create = jest.spyOn(chatApi, 'createGuest').mockResolvedValue({ guestId: 'g_new', guestToken: 't' });
  const [a, b] = await Promise.all([chatIdentity(), chatIdentity()]);
  expect(create).toHaveBeenCalledTimes(1);
  expect(a).toEqual(b);
  expect(localStorage.getItem(GUEST_ID_KEY)).toBe('g_new');
  expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBe('t');
});

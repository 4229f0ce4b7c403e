import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, dbLabel, memberWithToken, type TestApp } from './helpers';
import {
  agentSays,
  join,
  listen,
  memberSays,
  newGuest,
  open,
  realtimeSuite,
  said,
  settle,
  sockets,
  state,
  text,
  textOf,
  until,
  type Heard,
  type Message,
} from './chat-realtime-support';

/**
 * The `/chat` namespace over time and under load (docs/chat.md "Realtime", "Limits"): a socket that was away gets
 * what it missed once and in order, a socket whose session ended is closed, and the sockets per IP are limited
 * (by the client's address behind a trusted proxy).
 */
realtimeSuite();
let t: TestApp;
let url: string;
beforeAll(() => {
  ({ t, url } = state);
});

describe(`support chat realtime: resumption, ended sessions, limits (${dbLabel})`, () => {
  test('a socket that was away while 3 messages were sent gets exactly those 3, in order, on join', async () => {
    const m = await memberWithToken(t.app);
    const room = `wallet-chat:${m.memberId}`;
    const first = await open({ token: m.token });
    await join(first, 0);
    expect((await memberSays(m.token, 'before')).statusCode).toBe(200);
    await until(() => said(first).length === 1);
    const lastSeq = (first.events[0]?.payload as Message).seq;
    first.socket.disconnect();

    expect((await agentSays(room, 'one')).statusCode).toBe(200);
    expect((await agentSays(room, 'two')).statusCode).toBe(200);
    expect((await memberSays(m.token, 'three (from my other phone)')).statusCode).toBe(200);

    const back = await open({ token: m.token });
    const answer = await join(back, lastSeq);
    expect(answer.messages?.map((x) => [x.seq, x.sender, textOf(x)])).toEqual([
      [2, 'other', 'one'],
      [3, 'other', 'two'],
      [4, 'customer', 'three (from my other phone)'],
    ]);
    expect(answer.more).toBe(false);
    // Nothing of it comes again as an event; the next message does.
    await settle();
    expect(said(back)).toEqual([]);
    expect((await agentSays(room, 'four')).statusCode).toBe(200);
    await until(() => said(back).length === 1);
    expect(said(back)).toEqual(['other: four']);
    // A lastSeq that is not a count is refused.
    expect((await join(back, -1)).code).toBe('KEY_INVALID');
  });

  test("a member's socket is closed once its session ended (logout), at its next action", async () => {
    const m = await memberWithToken(t.app);
    const h = await open({ token: m.token });
    await join(h, 0);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(out.statusCode).toBe(200);
    const closed = new Promise<string>((resolve) => h.socket.on('disconnect', resolve));
    h.socket.emit('send', { clientId: 'after-logout', message: text('still here?') });
    expect(await closed).toBe('io server disconnect');
    await expect(open({ token: m.token })).rejects.toThrow('invalid-token');
  });

  test('sockets per IP are limited (20): of 21 opened at once one is refused; a place frees when one closes', async () => {
    await until(async () => (await t.app.chatRealtime.socketsOf('127.0.0.1')) === 0);
    const guest = await newGuest();
    const opened = await Promise.allSettled(
      Array.from({ length: 21 }, () => open({ guestToken: guest.guestToken })),
    );
    expect(opened.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    expect(opened.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual([
      'Error: REQUEST_LIMIT',
    ]);
    expect(await t.app.chatRealtime.socketsOf('127.0.0.1')).toBe(20);
    const one = opened.find((o): o is PromiseFulfilledResult<Heard> => o.status === 'fulfilled');
    one?.value.socket.disconnect();
    await until(async () => (await t.app.chatRealtime.socketsOf('127.0.0.1')) === 19);
    await expect(open({ guestToken: guest.guestToken })).resolves.toBeDefined();
    // Refused handshakes hold no place.
    await expect(open({ guestToken: 'g_forged' })).rejects.toThrow('REQUEST_LIMIT');
    for (const s of sockets.splice(0)) s.disconnect();
    await until(async () => (await t.app.chatRealtime.socketsOf('127.0.0.1')) === 0);
    await expect(open({ guestToken: 'g_forged' })).rejects.toThrow('UNAUTHORIZED');
    expect(await t.app.chatRealtime.socketsOf('127.0.0.1')).toBe(0);
  });
});

describe(`support chat realtime behind a reverse proxy (${dbLabel})`, () => {
  test("the per-IP count is the client's address as the trusted proxy forwards it; untrusted, the header is ignored", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const base = await listen(proxied.app);
      const guest = await newGuest(proxied.app);
      const via = (forwardedFor: string) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(`${base}/chat`, {
            auth: { guestToken: guest.guestToken },
            extraHeaders: { 'x-forwarded-for': forwardedFor },
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
          });
          sockets.push(socket);
          socket.on('connect', () => resolve(socket));
          socket.on('connect_error', reject);
        });
      await via('198.51.100.7, 203.0.113.5');
      await via('203.0.113.5');
      expect(await proxied.app.chatRealtime.socketsOf('203.0.113.5')).toBe(2);
      expect(await proxied.app.chatRealtime.socketsOf('127.0.0.1')).toBe(0);
      // The app without TRUST_PROXY counts the peer, whatever the header says.
      const direct = connect(`${url}/chat`, {
        auth: { guestToken: (await newGuest()).guestToken },
        extraHeaders: { 'x-forwarded-for': '203.0.113.9' },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(direct);
      await new Promise((resolve) => direct.on('connect', () => resolve(undefined)));
      expect(await t.app.chatRealtime.socketsOf('203.0.113.9')).toBe(0);
      expect(await t.app.chatRealtime.socketsOf('127.0.0.1')).toBe(1);
    } finally {
      for (const s of sockets.splice(0)) s.disconnect();
      await proxied.close();
    }
  });
});

import { buildApp } from '../src/app';
import { body, dbLabel, memberWithToken, OPS_CONSOLE, testDatabaseUrl, type TestApp } from './helpers';
import {
  agentSays,
  clientId,
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
 * The support chat's `/chat` namespace (features/chat/realtime.ts, docs/chat.md "Realtime") on a listening
 * server, with socket.io-client as the widget and the agents' inbox use it: who may connect, which room a socket
 * hears (never one it names), and messages stored over HTTP or a socket reaching every socket of the
 * conversation once — across two server processes with PostgreSQL and Redis. Resumption, ended sessions and the
 * per-IP limit: chat-realtime-limits.test.ts.
 */
realtimeSuite();
let t: TestApp;
let url: string;
let support: string;
let finance: string;
beforeAll(() => {
  ({ t, url, support, finance } = state);
});

describe(`support chat realtime (${dbLabel})`, () => {
  test('no credentials, a forged guest token, a bad member token or a finance operator cannot connect', async () => {
    await expect(open({})).rejects.toThrow('UNAUTHORIZED');
    const guest = await newGuest();
    const other = await newGuest();
    // Another guest's id under this guest's signature, or a signature changed by one character.
    const sig = guest.guestToken.split('.')[1] ?? '';
    await expect(open({ guestToken: `${other.guestId}.${sig}` })).rejects.toThrow('UNAUTHORIZED');
    const flipped = `${guest.guestId}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    await expect(open({ guestToken: flipped })).rejects.toThrow('UNAUTHORIZED');
    await expect(open({ guestToken: 'g_nothing' })).rejects.toThrow('UNAUTHORIZED');
    await expect(open({ token: 'not-a-jwt' })).rejects.toThrow('invalid-token');
    await expect(open({ cookie: finance })).rejects.toThrow('UNAUTHORIZED');
    await expect(open({ cookie: 'not-a-session' })).rejects.toThrow('UNAUTHORIZED');
    // A page of another site cannot open the inbox's socket with the console's cookie; the console's own page can.
    await expect(open({ cookie: support, origin: 'https://evil.example' })).rejects.toThrow('UNAUTHORIZED');
    await expect(open({ cookie: support, origin: url })).resolves.toBeDefined();
    // The real ones connect.
    await expect(open({ guestToken: guest.guestToken })).resolves.toBeDefined();
    await expect(open({ cookie: support })).resolves.toBeDefined();
  });

  test("a member's socket hears an agent's answer; the agent hears the member's socket send, each once", async () => {
    const m = await memberWithToken(t.app);
    const room = `wallet-chat:${m.memberId}`;
    const [member, agent] = await Promise.all([open({ token: m.token }), open({ cookie: support })]);
    // Spec §4: the widget joins the room named from the prefix and its user id.
    expect((await join(member, 0, room)).messages).toEqual([]);

    const sent = (await member.socket.timeout(3000).emitWithAck('send', {
      sender: 'customer',
      session_id: room,
      userId: m.memberId,
      deviceToken: 'device-1',
      clientId: 'w-1',
      message: text('my withdrawal is late'),
    })) as {
      id: string;
      seq: number;
      createdAt: string;
    };
    expect(sent).toMatchObject({ seq: 1, id: expect.any(String), createdAt: expect.any(String) });
    await until(() => said(agent).length === 1);

    expect((await agentSays(room, 'we are checking it')).statusCode).toBe(200);
    await until(() => said(member).length === 2);
    await settle();
    expect(said(member)).toEqual(['customer: my withdrawal is late', 'other: we are checking it']);
    expect(said(agent)).toEqual(['customer: my withdrawal is late', 'other: we are checking it']);
    // Spec §7: a `messaging` event carries the message with spec §3's fields.
    const heard = (h: Heard, seq: number) =>
      h.events.find((e) => e.name === 'messaging' && (e.payload as Message).seq === seq)?.payload as Message;
    const question = heard(agent, 1);
    const answer = heard(member, 2);
    const phone = expect.stringMatching(/^0\d{9}$/);
    expect(question).toMatchObject({
      sender: 'customer',
      message: { message_type: 'text', payload: 'my withdrawal is late' },
      createdAt: sent.createdAt,
      session_id: room,
      userId: m.memberId,
      guestId: null,
      username: phone,
      name: 'Somchai Jaidee',
      deviceToken: 'device-1',
    });
    expect(answer).toMatchObject({
      sender: 'other',
      agent: 'sue-support',
      message: { message_type: 'text', payload: 'we are checking it' },
      createdAt: expect.any(String),
      session_id: room,
      conversationId: room,
      userId: m.memberId,
      guestId: null,
      username: phone,
      name: 'Somchai Jaidee',
      deviceToken: null,
    });
    expect(heard(member, 1)).toEqual(question);
    expect(heard(agent, 2)).toEqual(answer);
    // No other name for it.
    expect(member.events.some((e) => e.name === 'chat:message')).toBe(false);
    // The agents' inbox row follows the conversation.
    expect(agent.events.some((e) => e.name === 'chat:conversation')).toBe(true);

    // A resend of the same clientId answers the first and tells no one again.
    const again = (await member.socket
      .timeout(3000)
      .emitWithAck('send', { clientId: 'w-1', message: text('my withdrawal is late') })) as { id: string };
    expect(again.id).toBe(sent.id);
    // A refusal is answered, not thrown: an agent-only type from a customer.
    const refused = (await member.socket.timeout(3000).emitWithAck('send', {
      clientId: 'w-2',
      message: { message_type: 'buttons', payload: { text: 'x', buttons: [] } },
    })) as { code: string };
    expect(refused.code).toBe('KEY_INVALID');

    // The agent reads it: the member hears chat:read; the agent's typing reaches the member.
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/ops/chat/conversations/${encodeURIComponent(room)}/read`,
      cookies: { wl_ops: support },
      headers: OPS_CONSOLE,
      payload: {},
    });
    expect(read.statusCode).toBe(200);
    agent.socket.emit('typing', { conversationId: room });
    await until(() => member.events.some((e) => e.name === 'chat:typing'));
    await until(() => member.events.some((e) => e.name === 'chat:read'));
    expect(member.events.filter((e) => e.name === 'chat:read' || e.name === 'chat:typing')).toEqual(
      expect.arrayContaining([
        { name: 'chat:read', payload: { conversationId: room, by: 'agent', seq: 2 } },
        { name: 'chat:typing', payload: { conversationId: room, by: 'agent' } },
      ]),
    );
    await settle();
    expect(said(member)).toHaveLength(2);
    expect(said(agent)).toHaveLength(2);
  });

  test("a guest joins only its own signed room: a forged guest id or another's room is refused, and never heard", async () => {
    const guest = await newGuest();
    const victim = await newGuest();
    const m = await memberWithToken(t.app);
    const memberRoom = `wallet-chat:${m.memberId}`;
    const victimRoom = `wallet-chat:${victim.guestId}`;
    const ownRoom = `wallet-chat:${guest.guestId}`;
    expect((await memberSays(m.token, 'private to me')).statusCode).toBe(200);
    const victimSaid = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-message',
      headers: { 'x-guest-token': victim.guestToken },
      payload: { guestId: victim.guestId, clientId: clientId(), message: text('private to the victim') },
    });
    expect(victimSaid.statusCode).toBe(200);
    const g = await open({ guestToken: guest.guestToken });

    // Another guest's id (this socket's token does not sign it), another member's room: refused, nothing joined.
    const forged: unknown[] = [
      victimRoom,
      { room: victimRoom, lastSeq: 0 },
      { guestId: victim.guestId, lastSeq: 0 },
      { session_id: victimRoom },
      { room: ownRoom, guestId: victim.guestId },
      memberRoom,
      { userId: m.memberId },
      `wallet-chat:g_${'A'.repeat(22)}`,
    ];
    for (const body of forged) {
      const refused = (await g.socket.timeout(3000).emitWithAck('join', body)) as { code?: string };
      expect([body, refused]).toEqual([body, { code: 'KEY_INVALID', message: 'KEY_INVALID' }]);
    }
    expect((await agentSays(victimRoom, 'answer to the victim')).statusCode).toBe(200);
    await settle();
    expect(said(g)).toEqual([]);

    // Its own room, by name (spec §4), is joined: the answer is its own (empty) conversation.
    const joined = (await g.socket.timeout(3000).emitWithAck('join', ownRoom)) as { messages: Message[] };
    expect(joined.messages).toEqual([]);
    // A send naming another conversation is refused; the guest's own package is stored in its own.
    for (const claim of [{ session_id: memberRoom }, { userId: m.memberId }, { guestId: victim.guestId }]) {
      const refused = (await g.socket
        .timeout(3000)
        .emitWithAck('send', { ...claim, clientId: clientId(), message: text('into another') })) as {
        code?: string;
      };
      expect(refused.code).toBe('KEY_INVALID');
    }
    const sent = (await g.socket.timeout(3000).emitWithAck('send', {
      sender: 'customer',
      session_id: ownRoom,
      guestId: guest.guestId,
      clientId: 'g-1',
      message: text('hello from a guest'),
    })) as { seq: number };
    expect(sent.seq).toBe(1);
    // Typing naming the member's room is not relayed to it either (customers have no room argument).
    g.socket.emit('typing', { conversationId: memberRoom });

    expect((await agentSays(memberRoom, 'answer to the member')).statusCode).toBe(200);
    expect((await agentSays(victimRoom, 'again to the victim')).statusCode).toBe(200);
    expect((await agentSays(ownRoom, 'answer to the guest')).statusCode).toBe(200);
    await until(() => said(g).length === 2);
    await settle();
    expect(said(g)).toEqual(['customer: hello from a guest', 'other: answer to the guest']);
    const memberHistory = await t.app.inject({
      method: 'POST',
      url: '/api/chat/history',
      headers: { authorization: `Bearer ${m.token}` },
      payload: { limit: 10, skip: 0 },
    });
    expect(body<Message[]>(memberHistory).data.map((x) => textOf(x))).toEqual([
      'answer to the member',
      'private to me',
    ]);
  });
});

// Two server processes on one PostgreSQL database and one Redis: the process that stores a message emits it once
// to the room; the socket.io Redis adapter carries it to the sockets of the other.
(testDatabaseUrl && process.env.TEST_REDIS_URL ? describe : describe.skip)(
  `support chat across two server processes (${dbLabel})`,
  () => {
    test('the sockets per IP are counted on both processes together; a place freed on one is free on the other', async () => {
      const second = await buildApp(t.config);
      try {
        const secondUrl = await listen(second);
        await until(async () => (await t.app.chatRealtime.socketsOf('127.0.0.1')) === 0);
        const guest = await newGuest();
        const auth = { guestToken: guest.guestToken };
        const onFirst = await Promise.all(Array.from({ length: 12 }, () => open(auth)));
        const onSecond = await Promise.allSettled(Array.from({ length: 9 }, () => open(auth, secondUrl)));
        expect(onSecond.filter((o) => o.status === 'fulfilled')).toHaveLength(8);
        expect(onSecond.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual([
          'Error: REQUEST_LIMIT',
        ]);
        expect(await t.app.chatRealtime.socketsOf('127.0.0.1')).toBe(20);
        expect(await second.chatRealtime.socketsOf('127.0.0.1')).toBe(20);
        await expect(open(auth)).rejects.toThrow('REQUEST_LIMIT');
        onFirst[0]?.socket.disconnect();
        await until(async () => (await second.chatRealtime.socketsOf('127.0.0.1')) === 19);
        await expect(open(auth, secondUrl)).resolves.toBeDefined();
      } finally {
        for (const s of sockets.splice(0)) s.disconnect();
        await second.close();
      }
    });

    test('a message stored on one process reaches a socket connected to the other, once', async () => {
      const second = await buildApp(t.config);
      try {
        const secondUrl = await listen(second);
        const m = await memberWithToken(t.app);
        const room = `wallet-chat:${m.memberId}`;
        // The member's widget on the second process, the agent's inbox on the first.
        const member = await open({ token: m.token }, secondUrl);
        const agent = await open({ cookie: support });
        await join(member, 0);

        // The agent's answer is stored by the first process.
        expect((await agentSays(room, 'stored on the first')).statusCode).toBe(200);
        await until(() => said(member).length === 1);
        // The member's socket send is stored by the second; the agent on the first hears it.
        await member.socket
          .timeout(3000)
          .emitWithAck('send', { clientId: 'x-1', message: text('sent on the second') });
        await until(() => said(agent).length === 2);
        // An agent's answer stored by the second process (HTTP there) reaches both.
        expect((await agentSays(room, 'stored on the second', second)).statusCode).toBe(200);
        await until(() => said(member).length === 3 && said(agent).length === 3);
        await settle();
        const expected = [
          'other: stored on the first',
          'customer: sent on the second',
          'other: stored on the second',
        ];
        expect(said(member)).toEqual(expected);
        expect(said(agent)).toEqual(expected);
      } finally {
        for (const s of sockets.splice(0)) s.disconnect();
        await second.close();
      }
    });
  },
);

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ManualClock } from '../src/platform/clock';
import type { ChatMessage, ReadEvent } from '../src/features/chat/model';
import { chatCalls, roomOf, text } from './chat-support';
import { body, createTestApp, dbLabel, memberWithToken, setSetting, type TestApp } from './helpers';

/**
 * The support chat's customer side (docs/chat.md): rooms derived from the caller's identity (forged ids and
 * tokens refused, nothing stored), the per-conversation sequence under parallel sends, clientId replays, paging,
 * read receipts, the per-sender limit. Uploads: chat-files.test.ts.
 */
let t: TestApp;
const clock = new ManualClock(Date.parse('2026-03-04T10:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const { newGuest, call, send, history, historyOf, storedCount } = chatCalls(() => t);

describe(`chat rooms are the caller's own (${dbLabel})`, () => {
  test('config answers the room prefix; a guest gets a g_ id and a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chat/config' });
    expect(body(res).data).toEqual({ PREFIX: 'wallet-chat:' });
    const g = await newGuest();
    expect(g.guestId).toMatch(/^g_[A-Za-z0-9_-]{22}$/);
    expect(g.guestToken.startsWith(`${g.guestId}.`)).toBe(true);
  });

  test('guest ids are limited per IP: the 11th within the hour is REQUEST_LIMIT', async () => {
    const from = { method: 'POST' as const, url: '/api/chat/guest', remoteAddress: '10.9.9.9' };
    for (let i = 0; i < 10; i += 1) expect((await t.app.inject(from)).statusCode).toBe(200);
    const res = await t.app.inject(from);
    expect(res.statusCode).toBe(429);
    expect(body(res).code).toBe('REQUEST_LIMIT');
  });

  test('reading writes nothing: history, a socket-less read mark, then the first message creates the conversation', async () => {
    const g = await newGuest();
    const me = { guest: g };
    const rows = async () => {
      const r = await sql<{ n: number }>`select count(*)::int as n from chat_conversations
        where id = ${roomOf(g.guestId)}`.execute(t.app.ctx.db);
      return Number(r.rows[0]?.n ?? 0);
    };
    expect(await historyOf(me)).toEqual([]);
    expect(await historyOf(me, { afterSeq: 0 })).toEqual([]);
    const read = await call(me, 'PUT', '/api/chat/read-customer/', { guestId: g.guestId });
    expect([read.statusCode, body(read).data]).toEqual([
      200,
      { conversationId: roomOf(g.guestId), by: 'customer', seq: 0 },
    ]);
    expect(await rows()).toBe(0);
    expect((await send(me, text('hello'))).statusCode).toBe(200);
    expect(await rows()).toBe(1);
    expect((await historyOf(me)).map((m) => m.message)).toEqual([text('hello')]);
  });

  test("a guest can neither read nor write another guest's or a member's conversation", async () => {
    const a = await newGuest();
    const b = await newGuest();
    const m = await memberWithToken(t.app);
    expect((await send({ guest: a }, text('mine'))).statusCode).toBe(200);
    const before = await storedCount();

    // B's own token, A's id (or a member's) in the body: 403, nothing stored.
    for (const claim of [{ guestId: a.guestId }, { userId: m.memberId }]) {
      const w = await send({ guest: b }, text('into A'), claim);
      expect(w.statusCode).toBe(403);
      expect((await history({ guest: b }, claim)).statusCode).toBe(403);
      expect((await call({ guest: b }, 'PUT', '/api/chat/read-customer/', claim)).statusCode).toBe(403);
    }
    // A's id with a token not made by the server (B's signature, random, none): 401.
    const forged = [
      `${a.guestId}.${b.guestToken.split('.')[1] ?? ''}`,
      `${a.guestId}.${randomBytes(32).toString('base64url')}`,
      a.guestId,
    ];
    for (const token of forged) {
      const caller = { headers: { 'x-guest-token': token } };
      const w = await send(caller, text('forged'), { guestId: a.guestId });
      expect(w.statusCode).toBe(401);
      expect(body(w).code).toBe('UNAUTHORIZED');
      expect((await history(caller, { guestId: a.guestId })).statusCode).toBe(401);
    }
    expect((await send({ headers: {} }, text('nobody'))).statusCode).toBe(401);

    expect(await storedCount()).toBe(before);
    const mine = await historyOf({ guest: a });
    expect(mine.map((x) => x.message.payload)).toEqual(['mine']);
    expect(await historyOf({ guest: b })).toEqual([]);
  });

  test("a member can neither read nor write another member's or a guest's conversation", async () => {
    const m1 = await memberWithToken(t.app);
    const m2 = await memberWithToken(t.app);
    const g = await newGuest();
    expect((await send({ token: m1.token }, text('m1 here'), { userId: m1.memberId })).statusCode).toBe(200);
    const before = await storedCount();

    for (const claim of [{ userId: m1.memberId }, { guestId: g.guestId }]) {
      expect((await send({ token: m2.token }, text('into m1'), claim)).statusCode).toBe(403);
      expect((await history({ token: m2.token }, claim)).statusCode).toBe(403);
    }
    // A token the server did not sign.
    const [h, p] = m1.token.split('.');
    const bad = await send({ token: `${h}.${p}.${randomBytes(32).toString('base64url')}` }, text('x'));
    expect(bad.statusCode).toBe(401);

    expect(await storedCount()).toBe(before);
    expect(await historyOf({ token: m2.token })).toEqual([]);
    const own = await historyOf({ token: m1.token });
    expect(own).toHaveLength(1);
    expect(own[0]?.conversationId).toBe(roomOf(m1.memberId));
  });
});

/** The fields spec §3 names on a chat message. */
const SPEC_FIELDS = [
  'sender',
  'message',
  'createdAt',
  'session_id',
  'userId',
  'guestId',
  'username',
  'name',
  'deviceToken',
] as const;

describe(`chat messages carry spec §3's fields (${dbLabel})`, () => {
  test("a guest's conversation: its package's fields, the agent's answer as `other`, a text's payload a string", async () => {
    const g = await newGuest();
    const room = roomOf(g.guestId);
    const sent = await send({ guest: g }, text(' hi there '), {
      sender: 'customer',
      session_id: room,
      guestId: g.guestId,
      deviceToken: 'fcm:APA91b-device_1',
      // Not taken from the body: a guest has no account name.
      username: '0812345678',
      name: 'Someone Else',
    });
    expect(sent.statusCode).toBe(200);
    const conv = await t.app.chat.conversationFor({ kind: 'guest', guestId: g.guestId });
    await t.app.chat.send(
      conv.id,
      { kind: 'agent', username: 'sup1' },
      { clientId: 's1', message: text('hello') },
    );

    const [answer, question] = await historyOf({ guest: g });
    for (const key of SPEC_FIELDS) {
      expect(question).toHaveProperty(key);
      expect(answer).toHaveProperty(key);
    }
    expect(question).toMatchObject({
      sender: 'customer',
      message: { message_type: 'text', payload: 'hi there' },
      createdAt: '2026-03-04T10:00:00.000Z',
      session_id: room,
      userId: null,
      guestId: g.guestId,
      username: null,
      name: null,
      deviceToken: 'fcm:APA91b-device_1',
    });
    expect(answer).toMatchObject({
      sender: 'other',
      agent: 'sup1',
      message: { message_type: 'text', payload: 'hello' },
      session_id: room,
      userId: null,
      guestId: g.guestId,
      username: null,
      name: null,
      deviceToken: null,
    });
    // The stored payload is the text itself too.
    const stored = await sql<{ payload: unknown }>`select payload from chat_messages
      where conversation_id = ${room} order by seq`.execute(t.app.ctx.db);
    expect(stored.rows.map((r) => r.payload)).toEqual(['hi there', 'hello']);
  });

  test("a member's conversation: userId, username and name from the account, whatever the body says", async () => {
    const m = await memberWithToken(t.app);
    const room = roomOf(m.memberId);
    const res = await send({ token: m.token }, text('my deposit'), {
      sender: 'customer',
      session_id: room,
      userId: m.memberId,
      username: 'not-me',
      name: 'Not Me',
    });
    expect(res.statusCode).toBe(200);
    const [mine] = await historyOf({ token: m.token }, { userId: m.memberId, limit: 10, skip: 0 });
    expect(mine).toMatchObject({
      sender: 'customer',
      message: { message_type: 'text', payload: 'my deposit' },
      session_id: room,
      userId: m.memberId,
      guestId: null,
      username: expect.stringMatching(/^0\d{9}$/),
      name: 'Somchai Jaidee',
      deviceToken: null,
    });
    expect(body<{ createdAt: string }>(res).data.createdAt).toBe(mine?.createdAt);
  });

  test('a package naming another room, another sender or a bad device token is refused, nothing stored', async () => {
    const g = await newGuest();
    const other = await newGuest();
    const m = await memberWithToken(t.app);
    const refusals: [object, number][] = [
      [{ session_id: roomOf(other.guestId) }, 403],
      [{ session_id: roomOf(m.memberId) }, 403],
      [{ session_id: other.guestId }, 403],
      [{ sender: 'other' }, 400],
      [{ deviceToken: 'has spaces' }, 400],
      [{ deviceToken: 'x'.repeat(256) }, 400],
    ];
    for (const [extra, status] of refusals) {
      const res = await send({ guest: g }, text('x'), extra);
      expect([JSON.stringify(extra), res.statusCode, body(res).code]).toEqual([
        JSON.stringify(extra),
        status,
        'KEY_INVALID',
      ]);
    }
    expect(await storedCount(roomOf(g.guestId))).toBe(0);
  });
});

describe(`chat messages (${dbLabel})`, () => {
  test('history: newest first with limit and skip; afterSeq: every later one, oldest first', async () => {
    const g = await newGuest();
    for (let i = 1; i <= 12; i += 1) {
      const res = await send({ guest: g }, text(`  n${i}  `));
      expect(body<{ seq: number }>(res).data.seq).toBe(i);
    }
    const page1 = await historyOf({ guest: g }, { limit: 10 });
    expect(page1.map((m) => m.seq)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    // Stored trimmed.
    expect(page1[0]?.message).toEqual({ message_type: 'text', payload: 'n12' });
    expect(page1[0]?.sender).toBe('customer');
    const page2 = await historyOf({ guest: g }, { limit: 10, skip: 10 });
    expect(page2.map((m) => m.seq)).toEqual([2, 1]);
    expect((await historyOf({ guest: g })).length).toBe(10);
    const after = await historyOf({ guest: g }, { afterSeq: 9 });
    expect(after.map((m) => m.seq)).toEqual([10, 11, 12]);
    expect((await history({ guest: g }, { limit: 11 })).statusCode).toBe(400);
  });

  test('only text, media and postback from customers; empty or oversized text refused', async () => {
    const g = await newGuest();
    const refused = [
      { message_type: 'buttons', payload: { text: 'x', buttons: [] } },
      { message_type: 'generic', payload: { elements: [] } },
      { message_type: 'text', payload: '   ' },
      { message_type: 'text', payload: 'x'.repeat(2001) },
      // A text's payload is the text itself, not an object holding it.
      { message_type: 'text', payload: { text: 'x' } },
      { message_type: 'html', payload: 'x' },
    ];
    for (const message of refused) {
      const res = await send({ guest: g }, message);
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe('KEY_INVALID');
    }
    expect(
      (await send({ guest: g }, { message_type: 'postback', payload: { title: 'Yes', payload: 'YES' } }))
        .statusCode,
    ).toBe(200);
    expect(await storedCount(roomOf(g.guestId))).toBe(1);
  });

  test('a repeated clientId answers the first message and stores nothing new, also in parallel', async () => {
    const g = await newGuest();
    const first = await send({ guest: g }, text('once'), { clientId: 'same-1' });
    const again = await send({ guest: g }, text('once (resent)'), { clientId: 'same-1' });
    expect(body(again).data).toEqual(body(first).data);
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => send({ guest: g }, text('burst'), { clientId: 'same-2' })),
    );
    const ids = new Set(parallel.map((r) => body<{ id: string }>(r).data.id));
    expect(ids.size).toBe(1);
    const stored = await historyOf({ guest: g });
    expect(stored.map((m) => [m.seq, m.clientId])).toEqual([
      [2, 'same-2'],
      [1, 'same-1'],
    ]);
  });

  test('50 parallel sends (customer and agents) get seq 1..50, no gap, no duplicate; onMessage fires once each', async () => {
    const g = await newGuest();
    const conv = await t.app.chat.conversationFor({ kind: 'guest', guestId: g.guestId });
    const seen: ChatMessage[] = [];
    const off = t.app.chat.onMessage((m) => {
      if (m.conversationId === conv.id) seen.push(m);
    });
    try {
      const customer = Array.from({ length: 25 }, (_, i) =>
        send({ guest: g }, text(`c${i}`)).then((r) => {
          expect(r.statusCode).toBe(200);
          return body<{ seq: number }>(r).data.seq;
        }),
      );
      const agents = Array.from({ length: 25 }, (_, i) =>
        t.app.chat
          .send(
            conv.id,
            { kind: 'agent', username: `agent${i % 3}` },
            { clientId: `a${i}`, message: text(`a${i}`) },
          )
          .then((r) => r.message.seq),
      );
      const seqs = await Promise.all([...customer, ...agents]);
      expect([...seqs].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      const all = await t.app.chat.history(conv.id, { afterSeq: 0 });
      expect(all.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(seen.map((m) => m.seq).sort((x, y) => x - y)).toEqual(all.map((m) => m.seq));
      expect((await t.app.chat.conversation(conv.id))?.lastSeq).toBe(50);
    } finally {
      off();
    }
  });

  test("read-customer marks the agents' messages read, not the customer's, and fires onRead", async () => {
    const m = await memberWithToken(t.app);
    const me = { token: m.token };
    await send(me, text('hello'));
    const conv = await t.app.chat.conversationFor({ kind: 'member', memberId: m.memberId });
    await t.app.chat.send(
      conv.id,
      { kind: 'agent', username: 'sup1' },
      { clientId: 'r1', message: text('hi') },
    );
    await t.app.chat.send(
      conv.id,
      { kind: 'agent', username: 'sup1' },
      { clientId: 'r2', message: text('?') },
    );
    expect((await historyOf(me)).every((x) => x.readAt === null)).toBe(true);
    const listed = (await t.app.chat.conversations()).find((c) => c.id === conv.id);
    expect(listed).toMatchObject({ kind: 'member', memberId: m.memberId, unread: 1, lastSeq: 3 });
    expect(listed?.phone).toMatch(/^0\d{9}$/);

    const reads: ReadEvent[] = [];
    const off = t.app.chat.onRead((e) => reads.push(e));
    try {
      const res = await call(me, 'PUT', '/api/chat/read-customer/', { userId: m.memberId });
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toEqual({ conversationId: conv.id, by: 'customer', seq: 3 });
      expect(reads).toEqual([{ conversationId: conv.id, by: 'customer', seq: 3 }]);
    } finally {
      off();
    }
    const after = await historyOf(me);
    expect(after.filter((x) => x.sender === 'other').every((x) => x.readAt !== null)).toBe(true);
    expect(after.find((x) => x.sender === 'customer')?.readAt).toBeNull();
    // The agents' side is unchanged: the customer's message is still unread for them.
    expect((await t.app.chat.conversation(conv.id))?.unread).toBe(1);
    await t.app.chat.markRead(conv.id, 'agent');
    expect((await t.app.chat.conversation(conv.id))?.unread).toBe(0);
  });

  test('30 messages a minute per sender, then REQUEST_LIMIT; a replay is still answered', async () => {
    const g = await newGuest();
    for (let i = 0; i < 30; i += 1) {
      expect((await send({ guest: g }, text(`m${i}`), { clientId: `rl-${i}` })).statusCode).toBe(200);
    }
    const over = await send({ guest: g }, text('one too many'));
    expect(over.statusCode).toBe(429);
    expect(body(over).code).toBe('REQUEST_LIMIT');
    expect((await send({ guest: g }, text('m0'), { clientId: 'rl-0' })).statusCode).toBe(200);
    expect(await storedCount(roomOf(g.guestId))).toBe(30);
  });
});

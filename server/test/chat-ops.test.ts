import { randomBytes } from 'node:crypto';
import {
  body,
  createTestApp,
  dbLabel,
  memberWithToken,
  operatorCookie,
  OPS_CONSOLE,
  setSetting,
  type TestApp,
} from './helpers';

/**
 * The agents' side of the support chat over HTTP (`/api/ops/chat`, docs/chat.md "HTTP (agents)"): a support
 * operator signed in to the console lists the conversations with their unread counts, reads a history, answers
 * with every message type (the customer reads them through the customers' routes) and marks a conversation read;
 * a finance operator is refused.
 */
let t: TestApp;
let support: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
  support = await operatorCookie(t.app, 'sam-support', 'support');
  finance = await operatorCookie(t.app, 'fay-finance', 'finance');
});
afterAll(() => t.close());

const asAgent = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    cookies: { wl_ops: cookie },
    headers: OPS_CONSOLE,
    ...(payload ? { payload } : {}),
  });

interface Message {
  id: string;
  seq: number;
  conversationId: string;
  sender: 'customer' | 'other';
  agent: string | null;
  message: { message_type: string; payload: string | Record<string, unknown> };
  session_id: string;
  userId: string | null;
  guestId: string | null;
  username: string | null;
  name: string | null;
  deviceToken: string | null;
  clientId: string | null;
  readAt: string | null;
}
interface Row {
  id: string;
  kind: 'member' | 'guest';
  memberId: string | null;
  phone: string | null;
  name: string | null;
  lastSeq: number;
  unread: number;
  lastMessage: Message | null;
}

let clientSeq = 0;
const clientId = () => `c-${(clientSeq += 1)}`;
const text = (s: string) => ({ message_type: 'text', payload: s });
/** A media payload's fields (the other types' payloads are objects too; a text's is a string). */
const fields = (m: Message | undefined) => (m?.message.payload ?? {}) as Record<string, unknown>;

/** A member writing to support through the customers' route. */
const memberSays = (token: string, s: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/send-message',
    headers: { authorization: `Bearer ${token}` },
    payload: { clientId: clientId(), message: text(s) },
  });

const conversations = async (cookie = support) =>
  body<Row[]>(await asAgent(cookie, 'GET', '/api/ops/chat/conversations')).data;
const path = (id: string) => `/api/ops/chat/conversations/${encodeURIComponent(id)}`;

function multipart(file: Buffer, filename: string) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload,
    headers: { ...OPS_CONSOLE, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

describe(`agents' chat routes (${dbLabel})`, () => {
  test('the inbox lists conversations latest first with unread counts; reading one clears its count', async () => {
    const a = await memberWithToken(t.app);
    const b = await memberWithToken(t.app);
    // A few milliseconds between the conversations: their order is their latest activity.
    const tick = () => new Promise((r) => setTimeout(r, 5));
    for (const s of ['hello', 'is anyone there?'])
      expect((await memberSays(a.token, s)).statusCode).toBe(200);
    await tick();
    const guest = body<{ guestId: string; guestToken: string }>(
      await t.app.inject({ method: 'POST', url: '/api/chat/guest' }),
    ).data;
    const fromGuest = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send-message',
      headers: { 'x-guest-token': guest.guestToken },
      payload: {
        guestId: guest.guestId,
        clientId: clientId(),
        message: text('a question before signing up'),
      },
    });
    expect(fromGuest.statusCode).toBe(200);
    await tick();
    expect((await memberSays(b.token, 'my deposit')).statusCode).toBe(200);

    const rows = await conversations();
    const mine = rows.filter(
      (r) => [a.memberId, b.memberId].includes(r.memberId ?? '') || r.kind === 'guest',
    );
    expect(mine.map((r) => [r.kind, r.memberId, r.unread, r.lastSeq])).toEqual([
      ['member', b.memberId, 1, 1],
      ['guest', null, 1, 1],
      ['member', a.memberId, 2, 2],
    ]);
    const rowA = mine[2]!;
    expect(rowA.id).toBe(`wallet-chat:${a.memberId}`);
    expect(rowA.phone).toMatch(/^0\d{9}$/);
    expect(rowA.name).toBe('Somchai Jaidee');
    expect(rowA.lastMessage?.message.payload).toBe('is anyone there?');
    expect(mine[1]?.id).toBe(`wallet-chat:${guest.guestId}`);

    const read = await asAgent(support, 'POST', `${path(rowA.id)}/read`, {});
    expect(body(read).data).toEqual({ conversationId: rowA.id, by: 'agent', seq: 2 });
    expect((await conversations()).find((r) => r.id === rowA.id)?.unread).toBe(0);
    // The member sees its messages read.
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/chat/history',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { limit: 10, skip: 0 },
    });
    expect(body<Message[]>(history).data.map((m) => m.readAt === null)).toEqual([false, false]);
  });

  test('history newest first with paging by seq, or everything after a seq oldest first', async () => {
    const m = await memberWithToken(t.app);
    for (let i = 1; i <= 5; i += 1) expect((await memberSays(m.token, `line ${i}`)).statusCode).toBe(200);
    const id = `wallet-chat:${m.memberId}`;
    const texts = (res: { body: string }) => body<Message[]>(res).data.map((x) => x.message.payload);
    expect(texts(await asAgent(support, 'GET', `${path(id)}/messages?limit=2`))).toEqual([
      'line 5',
      'line 4',
    ]);
    expect(texts(await asAgent(support, 'GET', `${path(id)}/messages?limit=2&before=4`))).toEqual([
      'line 3',
      'line 2',
    ]);
    expect(texts(await asAgent(support, 'GET', `${path(id)}/messages?afterSeq=3`))).toEqual([
      'line 4',
      'line 5',
    ]);
    const unknown = await asAgent(support, 'GET', `${path('wallet-chat:nobody')}/messages`);
    expect([unknown.statusCode, body(unknown).code]).toEqual([404, 'NO_DATA']);
  });

  test('an agent sends every message type under its own name; the member reads them; a resend stores nothing', async () => {
    const m = await memberWithToken(t.app);
    expect((await memberSays(m.token, 'help')).statusCode).toBe(200);
    const id = `wallet-chat:${m.memberId}`;

    const upload = await t.app.inject({
      method: 'POST',
      url: `${path(id)}/upload-image`,
      cookies: { wl_ops: support },
      ...multipart(PNG, 'promo.png'),
    });
    expect(upload.statusCode).toBe(200);
    const { fileId } = body<{ fileId: string; path: string }>(upload).data;
    // A file's type is its bytes: HTML named .png is refused.
    const html = await t.app.inject({
      method: 'POST',
      url: `${path(id)}/upload-image`,
      cookies: { wl_ops: support },
      ...multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png'),
    });
    expect([html.statusCode, body(html).code]).toEqual([400, 'KEY_INVALID']);

    const messages = [
      text('Hello, how can we help?'),
      {
        message_type: 'buttons',
        payload: {
          text: 'Choose one',
          buttons: [
            { type: 'web', title: 'Promotions', payload: 'https://example.com/promo' },
            { type: 'call', title: 'Call us', payload: '+66812345678' },
            { type: 'postback', title: 'Deposit', payload: 'DEPOSIT' },
          ],
        },
      },
      {
        message_type: 'quick_replies',
        payload: { text: 'Which bank?', quick_replies: [{ title: 'KBANK', payload: 'BANK_KBANK' }] },
      },
      {
        message_type: 'generic',
        payload: {
          elements: [
            {
              image_url: 'https://example.com/card.png',
              title: 'Welcome bonus',
              subtitle: '100%',
              buttons: [{ type: 'postback', title: 'Get it', payload: 'BONUS' }],
            },
          ],
        },
      },
      { message_type: 'postback', payload: { title: 'Deposit', payload: 'DEPOSIT' } },
      { message_type: 'media', payload: { url: true, fileType: 'image', filePath: fileId } },
    ];
    const sent: Message[] = [];
    for (const message of messages) {
      const res = await asAgent(support, 'POST', `${path(id)}/messages`, { clientId: clientId(), message });
      expect(res.statusCode).toBe(200);
      sent.push(body<Message>(res).data);
    }
    expect(sent.map((s) => [s.seq, s.sender, s.agent, s.message.message_type])).toEqual([
      [2, 'other', 'sam-support', 'text'],
      [3, 'other', 'sam-support', 'buttons'],
      [4, 'other', 'sam-support', 'quick_replies'],
      [5, 'other', 'sam-support', 'generic'],
      [6, 'other', 'sam-support', 'postback'],
      [7, 'other', 'sam-support', 'media'],
    ]);
    // Spec §3's fields: an agent's message is `other`, in the member's conversation; a text's payload is the text.
    expect(sent[0]).toMatchObject({
      sender: 'other',
      message: { message_type: 'text', payload: 'Hello, how can we help?' },
      session_id: id,
      userId: m.memberId,
      guestId: null,
      username: expect.stringMatching(/^0\d{9}$/),
      name: 'Somchai Jaidee',
      deviceToken: null,
      createdAt: expect.any(String),
    });
    expect(fields(sent[1])).toMatchObject({ text: 'Choose one' });
    // The media message links the file by a signed URL the member's <img> can load.
    const link = String(fields(sent[5]).filePath);
    expect(link).toMatch(new RegExp(`^/api/chat/files/${fileId}\\?exp=\\d+&sig=`));
    const image = await t.app.inject({ method: 'GET', url: link });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // The same clientId again: the first message answers, nothing new is stored.
    const again = await asAgent(support, 'POST', `${path(id)}/messages`, {
      clientId: sent[0]?.clientId ?? 'x',
      message: text('Hello, how can we help?'),
    });
    expect(body<Message>(again).data.id).toBe(sent[0]?.id);

    const history = await t.app.inject({
      method: 'POST',
      url: '/api/chat/history',
      headers: { authorization: `Bearer ${m.token}` },
      payload: { limit: 10, skip: 0 },
    });
    expect(body<Message[]>(history).data.map((x) => x.message.message_type)).toEqual([
      'media',
      'postback',
      'generic',
      'quick_replies',
      'buttons',
      'text',
      'text',
    ]);

    // Not a message type, an http web button, or a conversation no customer opened.
    const bad = await asAgent(support, 'POST', `${path(id)}/messages`, {
      clientId: clientId(),
      message: { message_type: 'html', payload: { text: '<b>x</b>' } },
    });
    expect([bad.statusCode, body(bad).code]).toEqual([400, 'KEY_INVALID']);
    const http = await asAgent(support, 'POST', `${path(id)}/messages`, {
      clientId: clientId(),
      message: {
        message_type: 'buttons',
        payload: { text: 'x', buttons: [{ type: 'web', title: 'x', payload: 'http://example.com' }] },
      },
    });
    expect([http.statusCode, body(http).code]).toEqual([400, 'KEY_INVALID']);
    const nowhere = await asAgent(support, 'POST', `${path('wallet-chat:nobody')}/messages`, {
      clientId: clientId(),
      message: text('hi'),
    });
    expect([nowhere.statusCode, body(nowhere).code]).toEqual([404, 'NO_DATA']);
  });

  test('agent uploads: a 2 MB image and a video by their bytes; over 10 MB an image is refused 413', async () => {
    const m = await memberWithToken(t.app);
    expect((await memberSays(m.token, 'send me the video')).statusCode).toBe(200);
    const id = `wallet-chat:${m.memberId}`;
    const up = (kind: 'image' | 'video', file: Buffer, name: string) =>
      t.app.inject({
        method: 'POST',
        url: `${path(id)}/upload-${kind}`,
        cookies: { wl_ops: support },
        ...multipart(file, name),
      });
    // Larger than the JSON body limit (1 MB): a multipart upload is limited by its own size only.
    const big = await up('image', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png');
    expect(big.statusCode).toBe(200);
    const tooBig = await up('image', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'huge.png');
    expect([tooBig.statusCode, body(tooBig).code]).toEqual([413, 'KEY_INVALID']);
    // An MP4 (ftyp box, isom brand) is a video; as an image it is refused, and a PNG is no video.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(12),
      randomBytes(32),
    ]);
    expect((await up('image', mp4, 'clip.png')).statusCode).toBe(400);
    expect((await up('video', PNG, 'still.mp4')).statusCode).toBe(400);
    const video = await up('video', mp4, 'clip.mp4');
    expect(video.statusCode).toBe(200);
    const { fileId } = body<{ fileId: string }>(video).data;
    const sent = await asAgent(support, 'POST', `${path(id)}/messages`, {
      clientId: clientId(),
      message: { message_type: 'media', payload: { url: true, fileType: 'video', filePath: fileId } },
    });
    expect(sent.statusCode).toBe(200);
    const link = String(fields(body<Message>(sent).data).filePath);
    const file = await t.app.inject({ method: 'GET', url: link });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'video/mp4']);
    // A file of another conversation cannot be named.
    const other = await memberWithToken(t.app);
    expect((await memberSays(other.token, 'hi')).statusCode).toBe(200);
    const foreign = await asAgent(support, 'POST', `${path(`wallet-chat:${other.memberId}`)}/messages`, {
      clientId: clientId(),
      message: { message_type: 'media', payload: { url: true, fileType: 'video', filePath: fileId } },
    });
    expect([foreign.statusCode, body(foreign).code]).toEqual([400, 'KEY_INVALID']);
  });

  test('a finance operator is refused 403 on every chat route, and nothing is written', async () => {
    const m = await memberWithToken(t.app);
    expect((await memberSays(m.token, 'hello')).statusCode).toBe(200);
    const id = `wallet-chat:${m.memberId}`;
    const calls: [string, 'GET' | 'POST', string, object?][] = [
      ['list', 'GET', '/api/ops/chat/conversations'],
      ['history', 'GET', `${path(id)}/messages`],
      ['send', 'POST', `${path(id)}/messages`, { clientId: clientId(), message: text('from finance') }],
      ['read', 'POST', `${path(id)}/read`, {}],
    ];
    for (const [, method, url, payload] of calls) {
      const res = await asAgent(finance, method, url, payload);
      expect([url, res.statusCode, body(res).code]).toEqual([url, 403, 'KEY_INVALID']);
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: `${path(id)}/upload-image`,
      cookies: { wl_ops: finance },
      ...multipart(PNG, 'x.png'),
    });
    expect([upload.statusCode, body(upload).code]).toEqual([403, 'KEY_INVALID']);
    const row = (await conversations()).find((r) => r.id === id);
    expect([row?.lastSeq, row?.unread]).toEqual([1, 1]);
    // And without the console's header a support agent's write is refused too (CSRF).
    const noHeader = await t.app.inject({
      method: 'POST',
      url: `${path(id)}/messages`,
      cookies: { wl_ops: support },
      payload: { clientId: clientId(), message: text('x') },
    });
    expect([noHeader.statusCode, body(noHeader).code]).toEqual([403, 'KEY_INVALID']);
  });
});

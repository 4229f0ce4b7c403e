import { randomBytes } from 'node:crypto';
import { ManualClock } from '../src/platform/clock';
import { chatCalls, PNG, roomOf } from './chat-support';
import { body, createTestApp, dbLabel, setSetting, type TestApp } from './helpers';

/**
 * The support chat's files (docs/chat.md "Files"): uploads typed by their bytes, size limits, served only through
 * signed links of their own conversation.
 */
let t: TestApp;
const clock = new ManualClock(Date.parse('2026-03-04T10:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const { newGuest, send, upload, historyOf, storedCount } = chatCalls(() => t);

describe(`chat files (${dbLabel})`, () => {
  test('a PNG is stored and served by its signed link with its type, inline and nosniff; a media message links it', async () => {
    const g = await newGuest();
    const res = await upload({ guest: g }, 'image', PNG, 'photo.png');
    expect(res.statusCode).toBe(200);
    const { fileId, path } = body<{ fileId: string; path: string }>(res).data;
    expect(path).toMatch(new RegExp(`^/api/chat/files/${fileId}\\?exp=\\d+&sig=`));

    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-disposition'])).toMatch(/^inline/);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const sent = await send(
      { guest: g },
      {
        message_type: 'media',
        payload: { url: true, fileType: 'image', filePath: fileId, message: 'look' },
      },
    );
    expect(sent.statusCode).toBe(200);
    const [media] = await historyOf({ guest: g });
    const payload = media?.message.payload as { filePath: string; fileType: string };
    expect(payload.fileType).toBe('image');
    expect(payload.filePath).toMatch(/^\/api\/chat\/files\/.+\?exp=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url: payload.filePath })).statusCode).toBe(200);
  });

  test('the type is what the bytes are: HTML named .png, a PNG as video, a GIF as image', async () => {
    const g = await newGuest();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const refused = await upload({ guest: g }, 'image', html, 'cat.png', 'image/png');
    expect(refused.statusCode).toBe(400);
    expect(body(refused).code).toBe('KEY_INVALID');
    expect((await upload({ guest: g }, 'video', PNG, 'clip.mp4', 'video/mp4')).statusCode).toBe(400);
    const gif = Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]);
    const ok = await upload({ guest: g }, 'image', gif, 'x.bin', 'application/octet-stream');
    expect(ok.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: body<{ path: string }>(ok).data.path });
    expect(served.headers['content-type']).toBe('image/gif');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(32)]);
    const video = await upload({ guest: g }, 'video', mp4, 'v.mp4', 'video/mp4');
    expect(video.statusCode).toBe(200);
    expect((await upload({ headers: {} }, 'image', PNG, 'p.png')).statusCode).toBe(401);
  });

  test('an image up to 10 MB is taken (beyond the JSON body limit); over it is 413', async () => {
    const g = await newGuest();
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const ok = await upload({ guest: g }, 'image', big, 'big.png');
    expect(ok.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: body<{ path: string }>(ok).data.path });
    expect(served.rawPayload.length).toBe(big.length);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024, 7)]);
    const refused = await upload({ guest: g }, 'image', tooBig, 'huge.png');
    expect(refused.statusCode).toBe(413);
    expect(body(refused).code).toBe('KEY_INVALID');
  });

  test('an unsigned, tampered, expired or other-conversation link is refused; a message cannot name another room’s file', async () => {
    const a = await newGuest();
    const b = await newGuest();
    const fa = body<{ fileId: string; path: string }>(await upload({ guest: a }, 'image', PNG, 'a.png')).data;
    const fb = body<{ fileId: string; path: string }>(await upload({ guest: b }, 'image', PNG, 'b.png')).data;
    const query = fa.path.split('?')[1] ?? '';
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    expect((await get(`/api/chat/files/${fa.fileId}`)).statusCode).toBe(400);
    expect((await get(`/api/chat/files/${fa.fileId}?exp=9999999999999&sig=x`)).statusCode).toBe(404);
    const tampered = fa.path.replace(/exp=(\d+)/, (_, e: string) => `exp=${Number(e) + 1}`);
    expect((await get(tampered)).statusCode).toBe(404);
    // A's signature on B's file.
    expect((await get(`/api/chat/files/${fb.fileId}?${query}`)).statusCode).toBe(404);

    const other = await send(
      { guest: a },
      {
        message_type: 'media',
        payload: { url: true, fileType: 'image', filePath: fb.fileId },
      },
    );
    expect(other.statusCode).toBe(400);
    expect(await storedCount(roomOf(a.guestId))).toBe(0);

    expect((await get(fa.path)).statusCode).toBe(200);
    clock.advance(61 * 60_000);
    expect((await get(fa.path)).statusCode).toBe(404);
  });
});

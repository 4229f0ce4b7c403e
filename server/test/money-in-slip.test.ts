import { randomBytes } from 'node:crypto';
import { ManualClock } from '../src/platform/clock';
import { SLIP_REASONS } from '../src/platform/errors';
import { asCli, createTestApp, body, dbLabel, setSetting, type TestApp } from './helpers';
import {
  bearerOf,
  call,
  expectBooksBalanced,
  expectError,
  newMember,
  walletAmount,
  type TestMember,
} from './money-in-support';

interface Slip {
  reference: string;
  createdAt: string;
  amount: number;
  status: string;
  note: string | null;
  link: string;
}

let t: TestApp;
let a: TestMember;
/**
 * 17:00 in Bangkok, away from the seeded daily closing window (23:50–00:10 Asia/Bangkok), so the suite does not
 * depend on the hour it runs at; each upload moves it a second on, so slips keep their order.
 */
const START = Date.parse('2026-03-04T10:00:00Z');
const clock = new ManualClock(START);
beforeAll(async () => {
  // Many uploads by one member: the per-member limits are the security suite's (server/test/security).
  t = await createTestApp({}, { clock, limits: { slipUploadsPerMinute: 1000, slipUploadsPerHour: 1000 } });
  await setSetting(t.app, 'registerOTP', false);
  a = await newMember(t.app);
});
afterAll(() => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
/** A distinct image each call (so it is a different slip). */
const png = () => Buffer.concat([PNG, randomBytes(64)]);
const jpeg = () => Buffer.concat([JPEG, randomBytes(64)]);

function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (p.filename) chunks.push(Buffer.from(`Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`));
    chunks.push(
      Buffer.from('\r\n'),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = async (
  file: Buffer | undefined,
  filename = 'slip.png',
  amount?: number,
  m: TestMember = a,
  key?: string,
) => {
  const parts: Parameters<typeof multipart>[0] = [];
  if (amount !== undefined) parts.push({ name: 'amount', value: String(amount) });
  if (file) parts.push({ name: 'file', value: file, filename, type: 'image/png' });
  const { payload, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...bearerOf(m), 'content-type': contentType, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
  clock.advance(1000);
  return res;
};

describe(`slip upload (${dbLabel})`, () => {
  test('no file, not multipart, not an image by its bytes, or too large → refused', async () => {
    expectError(await upload(undefined), 400, 'SLIP_NO_FILE');
    expectError(await call(t.app, a, 'POST', '/api/wallet/slip', { file: 'x' }), 400, 'SLIP_NO_FILE');
    // A GIF and a text file renamed .png: refused by content, whatever the name and declared type.
    expectError(await upload(Buffer.from('GIF89a-----------'), 'slip.png'), 400, 'SLIP_INVALID_FILE');
    expectError(await upload(Buffer.from('hello world, not an image'), 'slip.jpg'), 400, 'SLIP_INVALID_FILE');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expectError(await upload(big, 'big.png'), 413, 'SLIP_INVALID_FILE');
    expect((await call(t.app, a, 'POST', '/api/statement/slip', { page: 1, limit: 10 })).statusCode).toBe(
      200,
    );
    expect(
      body<{ total: number }>(await call(t.app, a, 'POST', '/api/statement/slip', { page: 1, limit: 10 }))
        .data.total,
    ).toBe(0);
  });

  test('a good slip (PNG or JPEG) is credited: typed amount, else the amount in the file name, else 100 baht', async () => {
    const before = await walletAmount(t.app, a);
    const typed = body<Slip>(await upload(png(), 'slip.png', 25_075)).data;
    expect(typed).toMatchObject({ status: 'SUCCESS', amount: 25_075, note: null });
    const named = body<Slip>(await upload(jpeg(), 'transfer-99.50.jpg')).data;
    expect(named).toMatchObject({ status: 'SUCCESS', amount: 9_950 });
    const plain = body<Slip>(await upload(png(), 'IMG_0001.png')).data;
    expect(plain).toMatchObject({ status: 'SUCCESS', amount: 10_000 });
    expect(await walletAmount(t.app, a)).toBe(before + 25_075 + 9_950 + 10_000);
    await expectBooksBalanced(t.app);
  });

  test('the same slip image again → FAILED SLIP_REFNO_DUPLICATED, credited once', async () => {
    const before = await walletAmount(t.app, a);
    const image = png();
    expect(body<Slip>(await upload(image, 'a.png', 5_000)).data.status).toBe('SUCCESS');
    const dup = body<Slip>(await upload(image, 'b.png', 5_000)).data;
    expect(dup).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await walletAmount(t.app, a)).toBe(before + 5_000);
  });

  test('every reason code of §4 by a marker in the file name', async () => {
    const before = await walletAmount(t.app, a);
    for (const reason of SLIP_REASONS) {
      const res = await upload(png(), `slip_${reason.toLowerCase()}.png`, 1_000);
      expect(res.statusCode).toBe(200);
      expect(body<Slip>(res).data).toMatchObject({ status: 'FAILED', note: reason });
    }
    expect(await walletAmount(t.app, a)).toBe(before);
    await expectBooksBalanced(t.app);
  });

  test('a NO_ANSWER marker gets no answer from the sandbox verifier: the slip waits, nothing is credited', async () => {
    const before = await walletAmount(t.app, a);
    const res = await upload(png(), 'slip-no_answer.png', 1_000);
    expect(res.statusCode).toBe(200);
    expect(body<Slip>(res).data).toMatchObject({ status: 'PROCESSING', note: null });
    expect(await walletAmount(t.app, a)).toBe(before);
  });

  test('a retried upload with the same Idempotency-Key is answered from the first, credited once', async () => {
    const before = await walletAmount(t.app, a);
    const image = png();
    const first = await upload(image, 'retry.png', 4_200, a, 'slip-key-1');
    const retry = await upload(image, 'retry.png', 4_200, a, 'slip-key-1');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(body<Slip>(retry).data).toEqual(body<Slip>(first).data);
    expect(body<Slip>(first).data.status).toBe('SUCCESS');
    expect(await walletAmount(t.app, a)).toBe(before + 4_200);
  });

  test('list and image URL: own slips only; the signed URL serves the image; a forged one does not', async () => {
    const list = body<{ total: number; slips: Slip[] }>(
      await call(t.app, a, 'POST', '/api/statement/slip', { page: 1, limit: 10 }),
    ).data;
    expect(list.total).toBe(7 + SLIP_REASONS.length);
    expect(list.slips).toHaveLength(10);
    const page2 = body<{ slips: Slip[] }>(
      await call(t.app, a, 'POST', '/api/statement/slip', { page: 2, limit: 10 }),
    ).data;
    expect(page2.slips).toHaveLength(list.total - 10);

    const ref = list.slips[0]?.reference as string;
    const res = await call(t.app, a, 'GET', `/api/statement/slip/reference/${ref}`);
    const { url } = body<{ url: string }>(res).data;
    const img = await t.app.inject({ url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(0, 8)).toEqual(PNG);
    expect((await t.app.inject({ url: url.replace(/sig=.{4}/, 'sig=AAAA') })).statusCode).toBe(404);

    const b = await newMember(t.app);
    expectError(await call(t.app, b, 'GET', `/api/statement/slip/reference/${ref}`), 404, 'NO_DATA');
    expect(
      body<{ total: number }>(await call(t.app, b, 'POST', '/api/statement/slip', { page: 1, limit: 10 }))
        .data.total,
    ).toBe(0);
  });

  test("the operator's slip settings hold: uploads off, a file above maxSizeBytes, a type not accepted; nothing stored", async () => {
    const seeded = body<Record<string, unknown>>(await asCli(t.app, 'GET', '/api/ops/content/slip/*')).data;
    const settle = async (change: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/ops/content/slip/*',
        headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
        payload: { ...seeded, ...change },
      });
      expect(res.statusCode).toBe(200);
    };
    const listed = async () =>
      body<{ total: number }>(await call(t.app, a, 'POST', '/api/statement/slip', { page: 1, limit: 10 }))
        .data.total;
    const before = { wallet: await walletAmount(t.app, a), slips: await listed() };
    try {
      await settle({ enabled: false });
      expectError(await upload(png(), 'slip-300.png'), 409, 'SLIP_UPLOAD_FAIL');
      await settle({ maxSizeBytes: 50 });
      expectError(await upload(png(), 'slip-300.png'), 413, 'SLIP_INVALID_FILE');
      await settle({ accept: ['image/jpeg'] });
      expectError(await upload(png(), 'slip-300.png'), 400, 'SLIP_INVALID_FILE');
      expect(await walletAmount(t.app, a)).toBe(before.wallet);
      expect(await listed()).toBe(before.slips);
      // The same settings let through what they allow: a JPEG under the limit.
      expect(body<Slip>(await upload(jpeg(), 'slip-300.jpg')).data.status).toBe('SUCCESS');
      // An accepted type the server cannot read is refused as a setting, before anything is stored.
      const odd = await t.app.inject({
        method: 'PUT',
        url: '/api/ops/content/slip/*',
        headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
        payload: { ...seeded, accept: ['image/gif'] },
      });
      expect(odd.statusCode).toBe(400);
      expect(body(odd)).toMatchObject({ code: 'KEY_INVALID', field: '/accept/0' });
    } finally {
      await settle({});
    }
  });

  test('inside the daily closing window of GET /api/lookup/slip an upload is refused (SLIP_UPLOAD_FAIL), nothing stored', async () => {
    const lookup = body<{ closedFrom: string; closedUntil: string; timezone: string }>(
      await t.app.inject({ url: '/api/lookup/slip' }),
    ).data;
    expect(lookup).toMatchObject({ closedFrom: '23:50', closedUntil: '00:10', timezone: 'Asia/Bangkok' });
    const listed = async () =>
      body<{ total: number }>(await call(t.app, a, 'POST', '/api/statement/slip', { page: 1, limit: 10 }))
        .data.total;
    const before = { wallet: await walletAmount(t.app, a), slips: await listed() };
    const at = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
    try {
      for (const inside of ['2026-03-04T16:50:00Z', '2026-03-04T16:59:59Z', '2026-03-04T17:09:59Z']) {
        at(inside); // 23:50, 23:59:59 and 00:09:59 in Bangkok
        expectError(await upload(png(), 'slip-300.png'), 409, 'SLIP_UPLOAD_FAIL');
      }
      expect(await walletAmount(t.app, a)).toBe(before.wallet);
      expect(await listed()).toBe(before.slips);

      at('2026-03-04T17:10:00Z'); // 00:10 in Bangkok: open again
      expect(body<Slip>(await upload(png(), 'slip-300.png')).data.status).toBe('SUCCESS');
      at('2026-03-04T16:49:59Z'); // 23:49:59 in Bangkok: still open
      expect(body<Slip>(await upload(png(), 'slip-300.png')).data.status).toBe('SUCCESS');
      expect(await walletAmount(t.app, a)).toBe(before.wallet + 2 * 30_000);
    } finally {
      at(new Date(START).toISOString());
    }
  });
});

import { createCipheriv, createHash, webcrypto } from 'node:crypto';
import {
  decryptGiftLink,
  encryptGiftLink,
  TRUELINK_CLIENT_SECRET,
} from '../src/features/deposits/truelink-crypto';
import { createTestApp, body, dbLabel, setSetting, type TestApp } from './helpers';
import {
  bearerOf,
  call,
  expectBooksBalanced,
  expectError,
  newMember,
  walletAmount,
  type TestMember,
} from './money-in-support';

let t: TestApp;
let a: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
  a = await newMember(t.app);
});
afterAll(() => t.close());

const WALLET = 'LUCKY WALLET';
const gift = (voucher: string) => `https://gift.truemoney.com/campaign/?v=${voucher}`;
const redeem = (link: string, m: TestMember = a, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/truelink',
    headers: { ...bearerOf(m), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { link },
  });

describe('gift-link encryption', () => {
  test('round trip; a tampered or foreign value does not decrypt', () => {
    const wire = encryptGiftLink(gift('150bAbCdEf123456'), WALLET);
    expect(wire).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(decryptGiftLink(wire)).toEqual({ link: gift('150bAbCdEf123456'), walletName: WALLET });
    const [v, iv, sealed] = wire.split('.') as [string, string, string];
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[3] = (bytes[3] ?? 0) ^ 0x01;
    const flipped = `${v}.${iv}.${bytes.toString('base64url')}`;
    expect(decryptGiftLink(flipped)).toBeUndefined();
    expect(decryptGiftLink('')).toBeUndefined();
    expect(decryptGiftLink(gift('150bAbCdEf123456'))).toBeUndefined();
  });

  test('what Web Crypto produces in the browser decrypts on the server', async () => {
    const key = await webcrypto.subtle.importKey(
      'raw',
      await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(TRUELINK_CLIENT_SECRET)),
      'AES-GCM',
      false,
      ['encrypt'],
    );
    const iv = webcrypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(
      await webcrypto.subtle.encrypt(
        { name: 'AES-GCM', iv },
        key,
        new TextEncoder().encode(`${gift('9bXyz0123456')}::${WALLET}`),
      ),
    );
    const wire = `v1.${Buffer.from(iv).toString('base64url')}.${Buffer.from(sealed).toString('base64url')}`;
    expect(decryptGiftLink(wire)).toEqual({ link: gift('9bXyz0123456'), walletName: WALLET });
    // And the same bytes as node's cipher (key = SHA-256 of the constant).
    const c = createCipheriv('aes-256-gcm', createHash('sha256').update(TRUELINK_CLIENT_SECRET).digest(), iv);
    const node = Buffer.concat([c.update(`${gift('9bXyz0123456')}::${WALLET}`), c.final(), c.getAuthTag()]);
    expect(Buffer.from(sealed)).toEqual(node);
  });
});

describe(`wallet gift link (${dbLabel})`, () => {
  test('malformed, empty, not encrypted, other host or unknown wallet → TRUELINK_INVALID', async () => {
    expectError(await redeem(''), 400, 'TRUELINK_INVALID');
    expectError(await redeem('garbage'), 400, 'TRUELINK_INVALID');
    expectError(await redeem(gift('150bAbCdEf123456')), 400, 'TRUELINK_INVALID');
    expectError(
      await redeem(encryptGiftLink('https://evil.example/campaign/?v=150bAbCdEf123456', WALLET)),
      400,
      'TRUELINK_INVALID',
    );
    expectError(await redeem(encryptGiftLink(gift('short'), WALLET)), 400, 'TRUELINK_INVALID');
    expectError(
      await redeem(encryptGiftLink(gift('150bAbCdEf123456'), 'SOMEONE ELSE')),
      400,
      'TRUELINK_INVALID',
    );
    // An emptied voucher.
    expectError(await redeem(encryptGiftLink(gift('0bAbCdEf12345678'), WALLET)), 400, 'TRUELINK_INVALID');
  });

  test('below the 2-baht minimum → TRUELINK_INVALID, nothing redeemed', async () => {
    const before = await walletAmount(t.app, a);
    expectError(await redeem(encryptGiftLink(gift('1bAbCdEf12345678'), WALLET)), 400, 'TRUELINK_INVALID');
    expect(await walletAmount(t.app, a)).toBe(before);
  });

  test('success: the voucher amount is credited; the same link again → TRUELINK_DUPLICATE (any member)', async () => {
    const before = await walletAmount(t.app, a);
    const wire = encryptGiftLink(gift('150bAbCdEf123456'), WALLET);
    const res = await redeem(wire);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ amount: 15_000, status: 'SUCCESS' });
    expect(await walletAmount(t.app, a)).toBe(before + 15_000);
    expectError(await redeem(wire), 409, 'TRUELINK_DUPLICATE');
    // Re-encrypted (another iv) and by another member: still the same voucher.
    const b = await newMember(t.app);
    expectError(
      await redeem(encryptGiftLink(gift('150bAbCdEf123456'), WALLET), b),
      409,
      'TRUELINK_DUPLICATE',
    );
    // Exactly 2 baht is enough; a code without an amount marker holds 50 baht.
    expect(body(await redeem(encryptGiftLink(gift('2bAbCdEf12345678'), WALLET))).data).toEqual({
      amount: 200,
      status: 'SUCCESS',
    });
    expect(body(await redeem(encryptGiftLink(gift('AbCdEf1234567890'), WALLET))).data).toEqual({
      amount: 5_000,
      status: 'SUCCESS',
    });
    expect(await walletAmount(t.app, a)).toBe(before + 15_000 + 200 + 5_000);
    await expectBooksBalanced(t.app);
  });

  test('a retried request with the same Idempotency-Key gets the first answer and credits once', async () => {
    const before = await walletAmount(t.app, a);
    const wire = encryptGiftLink(gift('30bRetry12345678'), WALLET);
    const first = await redeem(wire, a, 'gift-1');
    const retry = await redeem(wire, a, 'gift-1');
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(body(retry).data).toEqual(body(first).data);
    expect(await walletAmount(t.app, a)).toBe(before + 3_000);
    expectError(
      await redeem(encryptGiftLink(gift('31bOther12345678'), WALLET), a, 'gift-1'),
      409,
      'KEY_INVALID',
    );
    expect((await call(t.app, a, 'GET', '/api/wallet')).statusCode).toBe(200);
  });
});

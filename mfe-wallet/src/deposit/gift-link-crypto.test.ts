import { createDecipheriv, createHash, webcrypto } from 'node:crypto';
import { encryptGiftLink, GIFT_LINK_CLIENT_SECRET } from './gift-link-crypto';

beforeAll(() => {
  if (!globalThis.crypto?.subtle)
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

/** The server's decryption of scheme v1, written out with node:crypto. */
function decrypt(wire: string): string {
  const [version, iv64, sealed64] = wire.split('.');
  expect(version).toBe('v1');
  const iv = Buffer.from(iv64!, 'base64url');
  const sealed = Buffer.from(sealed64!, 'base64url');
  const key = createHash('sha256').update(GIFT_LINK_CLIENT_SECRET, 'utf8').digest();
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

test('scheme v1: the server decrypts link::walletName', async () => {
  const wire = await encryptGiftLink(' https://gift.example/v?x=1 ', 'WALLET SHOP');
  expect(wire).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
  expect(decrypt(wire)).toBe('https://gift.example/v?x=1::WALLET SHOP');
});

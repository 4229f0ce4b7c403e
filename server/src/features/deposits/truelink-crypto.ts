import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The wallet gift link travels encrypted from the client (spec §7: "encrypted on the client with a fixed
 * client-side secret"). The secret is in the client bundle, so this hides the link from casual logging and
 * proxies; it is not a security boundary — the server treats the decrypted value as untrusted input.
 *
 * Scheme v1 (docs/money-in.md; the front end implements it with Web Crypto):
 *   key        = SHA-256(UTF-8(TRUELINK_CLIENT_SECRET))            32 bytes, AES-256-GCM
 *   iv         = 12 random bytes
 *   plaintext  = UTF-8(link + "::" + walletName)
 *   sealed     = AES-GCM(key, iv, plaintext), 128-bit tag appended (Web Crypto's output)
 *   wire value = "v1." + base64url(iv) + "." + base64url(sealed)    (base64url without padding)
 */
export const TRUELINK_CLIENT_SECRET = 'wallet-site:truelink:v1:8f3c2a1e';

const key = (): Buffer => createHash('sha256').update(TRUELINK_CLIENT_SECRET, 'utf8').digest();

export function encryptGiftLink(link: string, walletName: string, iv: Buffer = randomBytes(12)): string {
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const sealed = Buffer.concat([
    cipher.update(`${link}::${walletName}`, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The `{link, walletName}` inside a wire value, or undefined when it is not one (wrong format, tag, key). */
export function decryptGiftLink(wire: string): { link: string; walletName: string } | undefined {
  const m = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{23,4000})$/.exec(wire.trim());
  if (!m) return undefined;
  const iv = Buffer.from(m[1] as string, 'base64url');
  const sealed = Buffer.from(m[2] as string, 'base64url');
  if (iv.length !== 12 || sealed.length <= 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), iv);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - 16)),
      decipher.final(),
    ]).toString('utf8');
    const at = plain.lastIndexOf('::');
    if (at < 0) return undefined;
    return { link: plain.slice(0, at), walletName: plain.slice(at + 2) };
  } catch {
    return undefined;
  }
}

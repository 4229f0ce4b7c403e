/**
 * Client-side encryption of a wallet gift link (spec §7: `link::walletName`, encrypted on the client with a fixed
 * client-side secret). Scheme v1, the one the server decrypts (server/src/money-in/truelink-crypto.ts):
 *
 * - key = SHA-256(UTF-8(secret)), an AES-256-GCM key; iv = 12 random bytes;
 * - plaintext = UTF-8(`${link}::${walletName}`); sealed = ciphertext with the 128-bit tag appended (Web Crypto);
 * - wire value = `v1.` + base64url(iv) + `.` + base64url(sealed), base64url without padding.
 *
 * `walletName` must be one of the deposit lookup's `wallets[].walletAccountName`. The secret is in the bundle, so
 * this keeps the raw link out of logs and proxies; it is not a secret from the member.
 */
export const GIFT_LINK_CLIENT_SECRET = 'wallet-site:truelink:v1:8f3c2a1e';

const IV_BYTES = 12;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function keyFrom(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return crypto.subtle.importKey('raw', digest, { name: 'AES-GCM' }, false, ['encrypt']);
}

/** The `link` field of `POST /api/wallet/truelink`. */
export async function encryptGiftLink(
  link: string,
  walletName: string,
  secret: string = GIFT_LINK_CLIENT_SECRET,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await keyFrom(secret);
  const plain = new TextEncoder().encode(`${link.trim()}::${walletName}`);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  return `v1.${base64url(iv)}.${base64url(sealed)}`;
}

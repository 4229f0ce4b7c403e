/**
 * Client-side encryption of a wallet gift link (spec §7: `link::walletName`, encrypted on the client with a fixed
 * client-side secret). PROVISIONAL until the server engineer fixes the algorithm in docs/money-in.md; the server
 * must decrypt exactly this:
 *
 * - key: SHA-256 of the UTF-8 secret, used as an AES-256-GCM key;
 * - iv: 12 random bytes; tag: 128 bits, appended to the ciphertext (Web Crypto's layout);
 * - plaintext: UTF-8 of `${link}::${walletName}`;
 * - output: base64 of `iv ‖ ciphertext ‖ tag`.
 *
 * The secret is in the bundle, so this only keeps the raw link out of logs and casual view; it is not a secret
 * from the member.
 */
export const GIFT_LINK_CLIENT_SECRET = 'wallet-truelink-client-v1';

const IV_BYTES = 12;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
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
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return toBase64(out);
}

/**
 * The provably fair draw recomputed in the browser with Web Crypto only (no server, no Node): the same algorithm
 * as the server's (docs/spin.md, server/src/features/spin/fair-draw.ts). The outcome of spin `nonce` is
 *
 *   bytes  = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`), round = 0, 1, 2, …
 *   words  = the 8 big-endian 32-bit unsigned integers of `bytes`, for round 0, then round 1, …
 *   limit  = 2^32 − (2^32 mod W), W = the sum of the slice weights
 *   r      = the first word < limit (rejection sampling: no modulo bias), then r mod W
 *   slice  = the first slice whose cumulative weight exceeds r (slices in the wheel's order)
 *
 * and the revealed server seed is the one committed to when its SHA-256 (of the seed's text) equals the hash
 * published before the spins. Seeds, client seeds and messages are UTF-8 text.
 */

const TWO_32 = 2 ** 32;
const MAX_ROUNDS = 1000;
const utf8 = new TextEncoder();

/** Web Crypto's digest functions; absent outside a secure context (plain http on a non-local host). */
function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('Web Crypto is not available');
  return api;
}

/** Whether this browser can recompute a draw (Web Crypto needs a secure context). */
export const canVerify = (): boolean => Boolean(globalThis.crypto?.subtle);

const hex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a text (UTF-8), lowercase hex: the commitment to a server seed. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await subtle().digest('SHA-256', utf8.encode(text)));
}

/** r in [0, total): the unbiased number of spin `nonce`. */
export async function drawNumber(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  total: number,
): Promise<number> {
  if (!Number.isSafeInteger(total) || total < 1 || total > TWO_32)
    throw new Error(`bad total weight ${total}`);
  const limit = TWO_32 - (TWO_32 % total);
  const key = await subtle().importKey(
    'raw',
    utf8.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const bytes = await subtle().sign('HMAC', key, utf8.encode(`${clientSeed}:${nonce}:${round}`));
    const view = new DataView(bytes);
    for (let offset = 0; offset < 32; offset += 4) {
      const word = view.getUint32(offset, false);
      if (word < limit) return word % total;
    }
  }
  throw new Error('draw did not terminate');
}

/** The index of the slice `r` falls in, by cumulative weights. */
export function sliceIndex(weights: readonly number[], r: number): number {
  let cumulative = 0;
  for (let i = 0; i < weights.length; i += 1) {
    cumulative += weights[i] ?? 0;
    if (r < cumulative) return i;
  }
  throw new Error(`number ${r} beyond the total weight ${cumulative}`);
}

/** The slice index spin `nonce` lands on. */
export async function drawSlice(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  weights: readonly number[],
): Promise<number> {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return sliceIndex(weights, await drawNumber(serverSeed, clientSeed, nonce, total));
}

/** What a past spin says about itself (the fields of `POST /api/spinwheel/draws` a recomputation needs). */
export interface RecordedDraw {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  weights: readonly number[];
  codes: readonly string[];
  sliceIndex: number;
  code: string;
}

export type Verification =
  /** The seed is the committed one and the draw lands where the server said. */
  | { verified: true; index: number; code: string }
  /**
   * `hash`: the revealed seed is not the one committed to; `slice`: the recomputed slice is another one
   * (`code` is where it lands); `invalid`: the record cannot be recomputed (weights, codes).
   */
  | { verified: false; reason: 'hash' | 'slice' | 'invalid'; index?: number; code?: string };

/** Recomputes one revealed spin: the seed against its published hash, then the slice against the recorded one. */
export async function verifyDraw(draw: RecordedDraw): Promise<Verification> {
  if ((await sha256Hex(draw.serverSeed)) !== draw.serverSeedHash.toLowerCase())
    return { verified: false, reason: 'hash' };
  let index: number;
  try {
    index = await drawSlice(draw.serverSeed, draw.clientSeed, draw.nonce, draw.weights);
  } catch {
    return { verified: false, reason: 'invalid' };
  }
  const code = draw.codes[index];
  if (code === undefined) return { verified: false, reason: 'invalid' };
  if (index !== draw.sliceIndex || code !== draw.code)
    return { verified: false, reason: 'slice', index, code };
  return { verified: true, index, code };
}

import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The provably fair draw (docs/spin.md). Before a member spins, the server has committed to a secret server seed
 * by publishing its SHA-256; each spin uses the next nonce. The outcome of spin `nonce` is
 *
 *   bytes  = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`), round = 0, 1, 2, …
 *   words  = the 8 big-endian 32-bit unsigned integers of `bytes`, for round 0, then round 1, …
 *   limit  = 2^32 − (2^32 mod W), W = the sum of the slice weights
 *   r      = the first word < limit (rejection sampling: no modulo bias), then r mod W
 *   slice  = the first slice whose cumulative weight exceeds r (slices in the wheel's order)
 *
 * Once the server seed is revealed, anyone can recompute every spin made with it (mfe-spin's verify page does, in
 * the browser, with Web Crypto).
 */

const TWO_32 = 2 ** 32;

/** A new server seed: 32 random bytes, hex. */
export const newServerSeed = (): string => randomBytes(32).toString('hex');

/** A default client seed when the member has not chosen one: 16 random bytes, hex. */
export const newClientSeed = (): string => randomBytes(16).toString('hex');

/** The commitment published before the spins: SHA-256 of the server seed's hex text, hex. */
export const seedHash = (serverSeed: string): string =>
  createHash('sha256').update(serverSeed, 'utf8').digest('hex');

/** r in [0, total): the unbiased draw of spin `nonce`. */
export function drawNumber(serverSeed: string, clientSeed: string, nonce: number, total: number): number {
  if (!Number.isSafeInteger(total) || total < 1 || total > TWO_32)
    throw new Error(`bad total weight ${total}`);
  const limit = TWO_32 - (TWO_32 % total);
  for (let round = 0; round < 1000; round += 1) {
    const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`, 'utf8').digest();
    for (let i = 0; i < 32; i += 4) {
      const word = bytes.readUInt32BE(i);
      if (word < limit) return word % total;
    }
  }
  // 8,000 words all above the limit cannot happen (each is rejected with probability < 1/2).
  throw new Error('draw did not terminate');
}

/** The index of the slice the number falls in, by cumulative weights. */
export function sliceIndex(weights: readonly number[], r: number): number {
  let cumulative = 0;
  for (let i = 0; i < weights.length; i += 1) {
    cumulative += weights[i] ?? 0;
    if (r < cumulative) return i;
  }
  throw new Error(`number ${r} beyond the total weight ${cumulative}`);
}

/** The slice index spin `nonce` lands on. */
export function drawSlice(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  weights: readonly number[],
): number {
  const total = weights.reduce((s, w) => s + w, 0);
  return sliceIndex(weights, drawNumber(serverSeed, clientSeed, nonce, total));
}

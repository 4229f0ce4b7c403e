import { createHash, createHmac, webcrypto } from 'node:crypto';
import { drawNumber, drawSlice, sha256Hex, sliceIndex, verifyDraw, type RecordedDraw } from './fair-draw';

beforeAll(() => {
  if (!globalThis.crypto?.subtle)
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

const TWO_32 = 2 ** 32;
const SEED = '3f'.repeat(32);

/** The documented algorithm (docs/spin.md) written out with node:crypto: the words of HMAC rounds, in order. */
function nodeWords(serverSeed: string, clientSeed: string, nonce: number, round: number): number[] {
  const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`, 'utf8').digest();
  return Array.from({ length: 8 }, (_, i) => bytes.readUInt32BE(i * 4));
}

function nodeDraw(serverSeed: string, clientSeed: string, nonce: number, total: number): number {
  const limit = TWO_32 - (TWO_32 % total);
  for (let round = 0; round < 1000; round += 1) {
    const word = nodeWords(serverSeed, clientSeed, nonce, round).find((w) => w < limit);
    if (word !== undefined) return word % total;
  }
  throw new Error('no draw');
}

/** The first nonce (from 0) whose words satisfy `wanted`, searched with node:crypto. */
function findNonce(wanted: (nonce: number) => boolean, max = 1_000_000): number {
  for (let nonce = 0; nonce < max; nonce += 1) if (wanted(nonce)) return nonce;
  throw new Error('no vector found');
}

test('the commitment is the SHA-256 of the seed text, as node computes it', async () => {
  expect(await sha256Hex(SEED)).toBe('67ef9de3b81d374fd9cb2d95844f2db27236cdedb89a36f68d9f18c0091b6cf2');
  expect(await sha256Hex('ราคา ລາຄາ')).toBe(createHash('sha256').update('ราคา ລາຄາ', 'utf8').digest('hex'));
});

test('fixed vectors: the same numbers as the node computation', async () => {
  expect(await drawNumber(SEED, 'player-seed', 0, 100)).toBe(17);
  expect(await drawNumber(SEED, 'player-seed', 1, 100)).toBe(29);
  expect(await drawNumber(SEED, 'player-seed', 7, 1000)).toBe(51);
  for (const [nonce, total] of [
    [0, 1],
    [2, 6],
    [3, 37],
    [41, 10_000],
    [99, 2 ** 31 + 1],
    [5, TWO_32],
  ] as const) {
    expect(await drawNumber(SEED, 'abc_DEF-9', nonce, total)).toBe(nodeDraw(SEED, 'abc_DEF-9', nonce, total));
  }
});

describe('rejection sampling (W = 3 × 2^30: limit 3 × 2^30, a quarter of the words rejected)', () => {
  const total = 3 * 2 ** 30;
  const limit = TWO_32 - (TWO_32 % total);

  test('the limit is the largest multiple of W below 2^32', () => {
    expect(limit).toBe(3 * 2 ** 30);
  });

  test('a first word at or above the limit is skipped: the second word decides', async () => {
    // A vector where the first word is rejected and taking it (mod W) would give another number.
    const nonce = findNonce((n) => {
      const [first, second] = nodeWords(SEED, 'client', n, 0);
      return first! >= limit && second! < limit && first! % total !== second! % total;
    });
    const [first, second] = nodeWords(SEED, 'client', nonce, 0);
    const r = await drawNumber(SEED, 'client', nonce, total);
    expect(r).toBe(second! % total);
    expect(r).not.toBe(first! % total);
    expect(r).toBe(nodeDraw(SEED, 'client', nonce, total));
  });

  test('when all eight words of round 0 are rejected, round 1 is used', async () => {
    const nonce = findNonce((n) => nodeWords(SEED, 'c', n, 0).every((w) => w >= limit));
    const firstAccepted = nodeWords(SEED, 'c', nonce, 1).find((w) => w < limit);
    if (firstAccepted === undefined) throw new Error('choose another vector');
    expect(await drawNumber(SEED, 'c', nonce, total)).toBe(firstAccepted % total);
  });
});

test('slices by cumulative weight, in the wheel’s order', () => {
  const weights = [5, 0, 3, 2];
  expect([0, 4, 5, 7, 8, 9].map((r) => sliceIndex(weights, r))).toEqual([0, 0, 2, 2, 3, 3]);
  expect(() => sliceIndex(weights, 10)).toThrow();
});

test('a drawn slice is the node draw placed on the weights', async () => {
  const weights = [50, 30, 15, 4, 1];
  for (const nonce of [0, 1, 2, 3, 4]) {
    const r = nodeDraw(SEED, 'me', nonce, 100);
    expect(await drawSlice(SEED, 'me', nonce, weights)).toBe(sliceIndex(weights, r));
  }
});

describe('verifying a recorded spin', () => {
  const weights = [40, 30, 20, 10];
  const codes = ['NONE', 'COIN1', 'CASH50', 'JACKPOT'];
  async function recorded(nonce: number): Promise<RecordedDraw> {
    const index = sliceIndex(weights, nodeDraw(SEED, 'mine', nonce, 100));
    return {
      serverSeed: SEED,
      serverSeedHash: createHash('sha256').update(SEED).digest('hex'),
      clientSeed: 'mine',
      nonce,
      weights,
      codes,
      sliceIndex: index,
      code: codes[index]!,
    };
  }

  test('an honest spin is verified, with the slice it lands on', async () => {
    const draw = await recorded(12);
    expect(await verifyDraw(draw)).toEqual({ verified: true, index: draw.sliceIndex, code: draw.code });
  });

  test('a seed that is not the committed one does not match', async () => {
    const draw = await recorded(12);
    expect(await verifyDraw({ ...draw, serverSeed: '40'.repeat(32) })).toEqual({
      verified: false,
      reason: 'hash',
    });
  });

  test('a recorded slice other than the recomputed one does not match, and says where it lands', async () => {
    const draw = await recorded(3);
    const other = (draw.sliceIndex + 1) % codes.length;
    expect(await verifyDraw({ ...draw, sliceIndex: other, code: codes[other]! })).toEqual({
      verified: false,
      reason: 'slice',
      index: draw.sliceIndex,
      code: draw.code,
    });
  });

  test('another client seed or nonce than the one recorded changes the outcome somewhere', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, nonce) => {
        const draw = await recorded(nonce);
        return (await verifyDraw({ ...draw, clientSeed: 'not-mine' })).verified;
      }),
    );
    expect(outcomes).toContain(false);
  });

  test('weights that cannot be drawn from are reported, not thrown', async () => {
    const draw = await recorded(1);
    expect(await verifyDraw({ ...draw, weights: [] })).toEqual({ verified: false, reason: 'invalid' });
  });
});

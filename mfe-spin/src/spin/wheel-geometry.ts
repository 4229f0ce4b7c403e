/**
 * The wheel's geometry, in degrees, clockwise, with 0 at the top (12 o'clock, where the pointer is).
 *
 * Sector `i` of `n` covers the wheel angles `[i·s, (i+1)·s)` with `s = 360 / n`, in setup order. Turning the wheel
 * clockwise by `rotation` brings the wheel angle `a` to the screen angle `a + rotation`, so the pointer (screen
 * angle 0) shows the wheel angle `-rotation`. Pure functions: the canvas drawing, the animation and the tests use
 * the same rule.
 */

/** One full turn. */
export const FULL_TURN = 360;

/** `angle` brought into `[0, 360)`. */
export function normalizeDegrees(angle: number): number {
  const r = angle % FULL_TURN;
  const n = r < 0 ? r + FULL_TURN : r;
  // -0 and 360 - ε rounding up to 360 both mean the top.
  return n === FULL_TURN || Object.is(n, -0) ? 0 : n;
}

/** The angle each of `count` sectors covers. */
export function sectorSweep(count: number): number {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`a wheel needs at least one sector: ${count}`);
  return FULL_TURN / count;
}

/** Where sector `index` starts and ends on the wheel (before any rotation), and its centre. */
export function sectorAngles(index: number, count: number): { start: number; end: number; centre: number } {
  const sweep = sectorSweep(count);
  if (!Number.isInteger(index) || index < 0 || index >= count)
    throw new RangeError(`no sector ${index} on a wheel of ${count}`);
  const start = index * sweep;
  return { start, end: start + sweep, centre: start + sweep / 2 };
}

/** The sector under the pointer when the wheel is turned by `rotation` degrees. */
export function sectorAtPointer(rotation: number, count: number): number {
  const sweep = sectorSweep(count);
  const underPointer = normalizeDegrees(-rotation);
  return Math.min(count - 1, Math.floor(underPointer / sweep));
}

/**
 * The rotation (from 0) that stops the wheel with the centre of sector `index` under the pointer — plus `offset`
 * degrees inside the sector (positive: further clockwise on the wheel) — after `turns` full turns. The result is
 * `turns · 360 + r` with `r` in `[0, 360)`.
 */
export function targetRotation(index: number, count: number, turns = 0, offset = 0): number {
  const { centre } = sectorAngles(index, count);
  return turns * FULL_TURN + normalizeDegrees(-(centre + offset));
}

/**
 * How far the wheel turns from `from` to stop on sector `index` (centre plus `offset`) after `turns` full turns:
 * always forward (clockwise), at least `turns` turns and less than `turns + 1`.
 */
export function spinDistance(from: number, index: number, count: number, turns: number, offset = 0): number {
  return turns * FULL_TURN + normalizeDegrees(targetRotation(index, count, 0, offset) - from);
}

/**
 * The largest offset from a sector's centre the landing may use: 70 % of half the sector, so the pointer is
 * plainly inside it (never on a border where the eye could doubt which sector won).
 */
export function maxLandingOffset(count: number): number {
  return (sectorSweep(count) / 2) * 0.7;
}

import {
  maxLandingOffset,
  normalizeDegrees,
  sectorAngles,
  sectorAtPointer,
  spinDistance,
  targetRotation,
} from './wheel-geometry';

const COUNTS = Array.from({ length: 15 }, (_, i) => i + 2); // 2 … 16 sectors

test('sectors follow the setup order clockwise from the top, each 360/n wide', () => {
  expect(sectorAngles(0, 4)).toEqual({ start: 0, end: 90, centre: 45 });
  expect(sectorAngles(3, 4)).toEqual({ start: 270, end: 360, centre: 315 });
  expect(sectorAngles(1, 3)).toEqual({ start: 120, end: 240, centre: 180 });
  expect(() => sectorAngles(4, 4)).toThrow(RangeError);
  expect(() => sectorAngles(0, 0)).toThrow(RangeError);
});

test('the sector under the pointer: unturned, the top shows sector 0; turning clockwise brings the last ones', () => {
  expect(sectorAtPointer(0, 8)).toBe(0);
  // Turned 10° clockwise, the pointer sees the wheel angle 350°: the last of 8 sectors.
  expect(sectorAtPointer(10, 8)).toBe(7);
  expect(sectorAtPointer(-10, 8)).toBe(0);
  expect(sectorAtPointer(-50, 8)).toBe(1);
  expect(sectorAtPointer(360 * 4 + 270, 4)).toBe(1);
  expect(sectorAtPointer(-720, 6)).toBe(0);
});

test.each(COUNTS)(
  'with %i sectors the target rotation puts the centre of every sector under the pointer',
  (n) => {
    const sweep = 360 / n;
    for (let i = 0; i < n; i += 1) {
      for (const turns of [0, 1, 3, 4, 5, 17]) {
        const rotation = targetRotation(i, n, turns);
        expect(Math.floor(rotation / 360)).toBe(turns);
        // The wheel angle under the pointer is the sector's centre.
        expect(normalizeDegrees(-rotation)).toBeCloseTo((i + 0.5) * sweep, 9);
        expect(sectorAtPointer(rotation, n)).toBe(i);
      }
    }
  },
);

test.each(COUNTS)(
  'with %i sectors any landing offset within the allowed range stays inside the sector',
  (n) => {
    const limit = maxLandingOffset(n);
    expect(limit).toBeLessThan(180 / n);
    for (let i = 0; i < n; i += 1) {
      for (const offset of [-limit, -limit / 2, 0, limit / 3, limit]) {
        expect(sectorAtPointer(targetRotation(i, n, 4, offset), n)).toBe(i);
      }
    }
  },
);

test('a spin always turns forward, whole turns plus less than one, from wherever the wheel stands', () => {
  for (const from of [0, 37.5, 359.9, 1234]) {
    for (let i = 0; i < 8; i += 1) {
      const distance = spinDistance(from, i, 8, 3);
      expect(distance).toBeGreaterThanOrEqual(3 * 360);
      expect(distance).toBeLessThan(4 * 360);
      expect(sectorAtPointer(from + distance, 8)).toBe(i);
    }
  }
});

test('angles normalise into [0, 360)', () => {
  expect(normalizeDegrees(720)).toBe(0);
  expect(normalizeDegrees(-90)).toBe(270);
  expect(normalizeDegrees(-0)).toBe(0);
  expect(normalizeDegrees(1e-15 - 360)).toBeLessThan(360);
});

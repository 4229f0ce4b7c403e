import {
  chooseSpin,
  FRAME_MS,
  FRICTION,
  frictionPlan,
  planDuration,
  planSpin,
  REDUCED_MOTION_MS,
  rotationAt,
  runSpin,
  STOP_VELOCITY,
} from './spin-animation';
import { manualFrames } from './test-fixtures';
import { sectorAtPointer } from './wheel-geometry';

/** Runs a plan frame by frame on a hand-stepped clock; returns every rotation shown. */
function play(plan: ReturnType<typeof frictionPlan>, frameMs = FRAME_MS) {
  const frames = manualFrames();
  const shown: number[] = [];
  let done: number | null = null;
  runSpin(
    plan,
    frames.scheduler,
    (r) => shown.push(r),
    (r) => {
      done = r;
    },
  );
  let guard = 0;
  while (frames.pending() > 0 && guard < 100_000) {
    frames.step(frameMs);
    guard += 1;
  }
  return { shown, done: done as number | null };
}

test('the friction spin slows by 0.991 a frame and ends exactly on the target rotation', () => {
  for (const [index, seed] of [
    [0, 0.1],
    [3, 0.5],
    [7, 0.99],
  ] as const) {
    const choice = chooseSpin(8, () => seed, false);
    const plan = planSpin(0, index, 8, choice, false);
    const { shown, done } = play(plan);
    const target = plan.from + plan.distance;

    // 3 to 5 full turns.
    expect(plan.distance).toBeGreaterThanOrEqual(3 * 360);
    expect(plan.distance).toBeLessThan(5 * 360);
    // Stops exactly there, on the server's sector.
    expect(done).toBe(target);
    expect(shown[shown.length - 1]).toBe(target);
    expect(sectorAtPointer(done!, 8)).toBe(index);
    // Each frame moves 0.991 times the frame before (the last one snaps onto the target).
    const steps = shown.map((r, i) => r - (i === 0 ? plan.from : shown[i - 1]!));
    for (let i = 1; i < steps.length - 1; i += 1) expect(steps[i]! / steps[i - 1]!).toBeCloseTo(FRICTION, 9);
    // Never backwards, never past the target, and slow at the end.
    expect(steps.every((s) => s >= 0)).toBe(true);
    expect(Math.max(...shown)).toBe(target);
    expect(steps[steps.length - 2]!).toBeLessThan(STOP_VELOCITY * 1.2);
  }
});

test('the steps of the planned frames add up to the distance exactly (velocity from the target)', () => {
  const plan = frictionPlan(0, 1500);
  let sum = 0;
  let v = plan.velocity;
  for (let k = 0; k < plan.frames; k += 1) {
    sum += v;
    v *= FRICTION;
  }
  expect(sum).toBeCloseTo(1500, 6);
  expect(rotationAt(plan, plan.frames)).toBe(1500);
  expect(rotationAt(plan, plan.frames + 50)).toBe(1500);
});

test('a slow screen (late frames) lands on the same rotation, never beyond it', () => {
  const plan = planSpin(
    0,
    5,
    12,
    chooseSpin(12, () => 0.3, false),
    false,
  );
  const { shown, done } = play(plan, 45);
  expect(done).toBe(plan.distance);
  expect(Math.max(...shown)).toBe(plan.distance);
  expect(sectorAtPointer(done!, 12)).toBe(5);
});

test('turns and offsets are drawn from the random source within 3–5 turns and inside the sector', () => {
  expect(chooseSpin(8, () => 0, false).turns).toBe(3);
  expect(chooseSpin(8, () => 0.999999, false).turns).toBe(4);
  expect(Math.abs(chooseSpin(8, () => 0.999999, false).offset)).toBeLessThan(22.5);
  expect(chooseSpin(8, () => 0.5, true).turns).toBe(0);
});

test('reduced motion: a short ease within one turn that still lands on the sector', () => {
  const plan = planSpin(
    0,
    6,
    8,
    chooseSpin(8, () => 0.7, true),
    true,
  );
  expect(planDuration(plan)).toBeLessThanOrEqual(400);
  expect(planDuration(plan)).toBeCloseTo(REDUCED_MOTION_MS, 6);
  expect(plan.distance).toBeLessThan(360);
  const { shown, done } = play(plan);
  expect(shown.length).toBeLessThanOrEqual(Math.ceil(400 / FRAME_MS));
  expect(done).toBe(plan.distance);
  expect(sectorAtPointer(done!, 8)).toBe(6);
});

test('a stopped spin draws nothing more', () => {
  const frames = manualFrames();
  const onFrame = jest.fn();
  const onDone = jest.fn();
  const stop = runSpin(frictionPlan(0, 1200), frames.scheduler, onFrame, onDone);
  frames.step();
  stop();
  frames.step();
  expect(onFrame).toHaveBeenCalledTimes(1);
  expect(onDone).not.toHaveBeenCalled();
});

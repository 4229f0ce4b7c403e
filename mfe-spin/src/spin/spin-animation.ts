import { FULL_TURN, maxLandingOffset, spinDistance } from './wheel-geometry';

/**
 * The spin's motion (spec §9: 3 to 5 full turns, friction 0.991). The server has already chosen the sector; the
 * motion is planned backwards from it, so the wheel stops exactly where the answer says.
 *
 * Model: the wheel moves `v` degrees in a frame of 1/60 s and `v` is multiplied by the friction after every frame,
 * `v_k = v0 · f^k`. After `t` frames it has turned `v0 · (1 − f^t) / (1 − f)`. Given the distance `D` to the target
 * and the number of frames `N` after which the wheel is slow enough to stop, `v0 = D · (1 − f) / (1 − f^N)` makes
 * the sum of the `N` steps exactly `D`. Positions are read from the elapsed time (the closed form above with `t`
 * in frames of 1/60 s), so a 120 Hz screen shows the same motion with more frames, and a late frame never adds
 * distance; the last frame is exactly the target.
 */

/** Velocity kept after each frame of 1/60 s. */
export const FRICTION = 0.991;
/** One frame of the friction model. */
export const FRAME_MS = 1000 / 60;
/** The wheel stops once a frame would move it less than this (degrees): about 6° a second. */
export const STOP_VELOCITY = 0.1;
/** Full turns of a spin: at least 3, below 5 (3 or 4 whole turns plus the part that reaches the sector). */
export const MIN_TURNS = 3;
export const MAX_TURNS = 5;
/** With `prefers-reduced-motion: reduce`: a short ease-out within one turn. */
export const REDUCED_MOTION_MS = 300;

export interface SpinPlan {
  /** Rotation at the start (degrees). */
  from: number;
  /** Degrees to turn, clockwise; the wheel ends at `from + distance`. */
  distance: number;
  /** Length of the motion in frames of 1/60 s. */
  frames: number;
  /** `friction`: the decelerating spin; `reduced`: the short one for reduced motion. */
  kind: 'friction' | 'reduced';
  /** First frame's step (degrees), for the friction kind. */
  velocity: number;
  friction: number;
}

/** The friction motion covering exactly `distance` degrees from `from`. */
export function frictionPlan(
  from: number,
  distance: number,
  friction = FRICTION,
  stopVelocity = STOP_VELOCITY,
): SpinPlan {
  if (!(distance > 0)) return { from, distance: 0, frames: 0, kind: 'friction', velocity: 0, friction };
  const roughStart = distance * (1 - friction) + stopVelocity;
  const frames = Math.max(1, Math.round(Math.log(stopVelocity / roughStart) / Math.log(friction)));
  const velocity = (distance * (1 - friction)) / (1 - friction ** frames);
  return { from, distance, frames, kind: 'friction', velocity, friction };
}

/** The reduced-motion plan: `distance` in `REDUCED_MOTION_MS`, easing out. */
export function reducedPlan(from: number, distance: number): SpinPlan {
  return {
    from,
    distance,
    frames: REDUCED_MOTION_MS / FRAME_MS,
    kind: 'reduced',
    velocity: 0,
    friction: FRICTION,
  };
}

/** Rotation `frame` frames (may be fractional) into the plan; exactly `from + distance` from its last frame on. */
export function rotationAt(plan: SpinPlan, frame: number): number {
  if (frame >= plan.frames) return plan.from + plan.distance;
  if (frame <= 0) return plan.from;
  if (plan.kind === 'reduced') {
    const p = frame / plan.frames;
    return plan.from + plan.distance * (1 - (1 - p) ** 3);
  }
  return plan.from + (plan.velocity * (1 - plan.friction ** frame)) / (1 - plan.friction);
}

/** The plan's duration in milliseconds. */
export function planDuration(plan: SpinPlan): number {
  return plan.frames * FRAME_MS;
}

export interface SpinChoice {
  /** Whole turns before the last part (3 or 4; 0 with reduced motion). */
  turns: number;
  /** Degrees from the sector's centre where the pointer stops, within `maxLandingOffset`. */
  offset: number;
}

/** Draws the turns and the landing offset with `random` (a `Math.random`-like source in `[0, 1)`). */
export function chooseSpin(count: number, random: () => number, reducedMotion: boolean): SpinChoice {
  const turns = reducedMotion ? 0 : MIN_TURNS + Math.floor(random() * (MAX_TURNS - MIN_TURNS));
  const offset = (random() * 2 - 1) * maxLandingOffset(count);
  return { turns: Math.min(turns, MAX_TURNS - 1), offset };
}

/** The whole spin from `from` onto sector `index` of `count`: its motion. */
export function planSpin(
  from: number,
  index: number,
  count: number,
  choice: SpinChoice,
  reducedMotion: boolean,
): SpinPlan {
  const distance = spinDistance(from, index, count, choice.turns, choice.offset);
  return reducedMotion ? reducedPlan(from, distance) : frictionPlan(from, distance);
}

/** The frames of the page: `requestAnimationFrame` and the clock; tests pass a scheduler they step by hand. */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
  /** Milliseconds, monotonic. */
  now(): number;
}

export const browserFrames: FrameScheduler = {
  request: (callback) => window.requestAnimationFrame(() => callback()),
  cancel: (handle) => window.cancelAnimationFrame(handle),
  now: () => performance.now(),
};

/**
 * Runs `plan` on `frames`: `onFrame` with the rotation of every frame (the last one exactly the target), then
 * `onDone` with the target. Returns a function that stops it (no further calls).
 */
export function runSpin(
  plan: SpinPlan,
  frames: FrameScheduler,
  onFrame: (rotation: number) => void,
  onDone: (rotation: number) => void,
): () => void {
  const startedAt = frames.now();
  let handle: number | null = null;
  let stopped = false;
  const step = () => {
    if (stopped) return;
    const frame = (frames.now() - startedAt) / FRAME_MS;
    const rotation = rotationAt(plan, frame);
    onFrame(rotation);
    if (frame >= plan.frames) {
      handle = null;
      onDone(rotation);
    } else {
      handle = frames.request(step);
    }
  };
  handle = frames.request(step);
  return () => {
    stopped = true;
    if (handle !== null) frames.cancel(handle);
  };
}

/** How many full turns `distance` degrees are. */
export function turnsOf(distance: number): number {
  return distance / FULL_TURN;
}

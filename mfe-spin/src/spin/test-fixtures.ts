import { act } from '@testing-library/react';
import { ApiError, bus, http, IDEMPOTENCY_HEADER, translateErrorCode, type BusEvents } from '@wallet/shared';
import type { Coupon, Slice, SpinAnswer, SpinSetup } from './api';
import { FRAME_MS, type FrameScheduler } from './spin-animation';

/** Test data and doubles of the wheel page (shapes from `@wallet/api-types`). */

export function slice(code: string, label: string, bgColor: string, overrides: Partial<Slice> = {}): Slice {
  return {
    code,
    label,
    bgColor,
    textColor: '#ffffff',
    htmlDescription: `<p>${label} prize</p><script>window.hacked = true</script>`,
    ...overrides,
  };
}

export const SLICES: Slice[] = [
  slice('CASH10', '10 baht', '#1d4ed8'),
  slice('COIN1', '+1 coin', '#fde047', { textColor: '#1f2937' }),
  slice('CASH20', '20 baht', '#b91c1c'),
  slice('NOTHING', 'Try again', '#e5e7eb', {
    textColor: '#111827',
    htmlDescription: '<p>No prize this time</p>',
  }),
  slice('CASH50', '50 baht', '#047857'),
  slice('COIN2', '+2 coins', '#f59e0b'),
];

export function setup(userCoin = 3, slices: Slice[] | null = SLICES): SpinSetup {
  return {
    activeSpinwheel: slices ? { name: 'Lucky wheel', slice: slices } : null,
    userCoin,
    fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'client', nextNonce: 0 },
  };
}

export function spinAnswer(sliceIndex: number, remainingCoin = 2, slices: Slice[] = SLICES): SpinAnswer {
  const landed = slices[sliceIndex]!;
  return {
    success: true,
    result: {
      code: landed.code,
      label: landed.label,
      remainingCoin,
      sliceIndex,
      drawId: 'd'.repeat(24),
      nonce: 0,
      serverSeedHash: 'ab'.repeat(32),
      clientSeed: 'client',
      couponId: landed.code === 'NOTHING' ? null : 'c'.repeat(24),
    },
    error: null,
  };
}

export function coupon(n: number, overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: n.toString(16).padStart(24, '0'),
    prize: { name: `Cash ${n}`, slice: `${n} baht`, kind: 'money' },
    amount: n * 100,
    createdAt: '2026-11-24T03:00:00.000Z',
    expiresAt: '2026-12-01T03:00:00.000Z',
    ...overrides,
  };
}

/** A refusal as the HTTP client gives it: catalogue code, translated message, optional field. */
export function refusal(code: string, status = 400, field?: string): ApiError {
  return new ApiError(code, status, translateErrorCode(code), field);
}

/** A call whose answer never arrived. */
export function lostAnswer(): ApiError {
  return new ApiError('NETWORK_ERROR', null, translateErrorCode('NETWORK_ERROR'));
}

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  body: unknown;
  idempotencyKey: string | undefined;
}

type Handler = (body: unknown) => unknown;

/**
 * The network edge: the shared HTTP client's `get` and `post` answer from `handlers` (`'GET /api/…'`), as the
 * client resolves them (the unwrapped payload; a thrown `ApiError` is a refusal). Every call is recorded with its
 * body and Idempotency-Key. A call without a handler fails the test.
 */
export function mockNetwork(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const answer = async (method: Call['method'], url: string, body: unknown, config: unknown) => {
    const headers = (config as { headers?: Record<string, string> } | undefined)?.headers ?? {};
    calls.push({ method, url, body, idempotencyKey: headers[IDEMPOTENCY_HEADER] });
    const handler = handlers[`${method} ${url}`];
    if (!handler) throw new Error(`unexpected call ${method} ${url}`);
    return { data: await handler(body) };
  };
  jest
    .spyOn(http, 'get')
    .mockImplementation(((url: string, config?: unknown) => answer('GET', url, undefined, config)) as never);
  jest
    .spyOn(http, 'post')
    .mockImplementation(((url: string, body?: unknown, config?: unknown) =>
      answer('POST', url, body, config)) as never);
  return {
    calls,
    count: (method: Call['method'], url: string) =>
      calls.filter((c) => c.method === method && c.url === url).length,
    of: (method: Call['method'], url: string) => calls.filter((c) => c.method === method && c.url === url),
  };
}

/** The page's usual answers: a wheel, coins, coupons and a baht profile. */
export function wheelNetwork(
  options: {
    setup?: () => SpinSetup;
    coupons?: () => Coupon[];
    spin?: Handler;
    claim?: Handler;
    currency?: 'THB' | 'LAK';
  } = {},
) {
  return mockNetwork({
    'GET /api/spinwheel/setup': () => (options.setup ?? (() => setup()))(),
    'GET /api/spinwheel/coupon': () => (options.coupons ?? (() => []))(),
    'GET /api/account/profile': () => ({ currency: options.currency ?? 'THB' }),
    'POST /api/spinwheel/spin': options.spin ?? (() => spinAnswer(2)),
    'POST /api/spinwheel/coupon/claim': options.claim ?? (() => ({})),
  });
}

export interface CanvasCall {
  name: string;
  args: unknown[];
  /** `fillStyle` when the call was made. */
  fillStyle: string;
}

/**
 * A recording 2D context for jsdom (which has no canvas): every drawing call with its arguments and the fill
 * style at that moment; text is measured at 0.6 em a character.
 */
export function installCanvasStub() {
  const calls: CanvasCall[] = [];
  const state = {
    fillStyle: '#000000',
    strokeStyle: '#000000',
    font: '10px sans-serif',
    lineWidth: 1,
    textAlign: 'start',
    textBaseline: 'alphabetic',
  };
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push({ name, args, fillStyle: state.fillStyle });
    };
  const ctx = new Proxy(state, {
    get(target, prop: string) {
      if (prop in target) return target[prop as keyof typeof target];
      if (prop === 'measureText')
        return (text: string) => {
          const px = Number(/(\d+(?:\.\d+)?)px/.exec(state.font)?.[1] ?? 10);
          return { width: text.length * px * 0.6 };
        };
      return record(prop);
    },
    set(target, prop: string, value: unknown) {
      (target as Record<string, unknown>)[prop] = value;
      return true;
    },
  });
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
  return {
    calls,
    clear: () => calls.splice(0, calls.length),
    /** The fill styles of every `fill()`, in order. */
    fills: () => calls.filter((c) => c.name === 'fill').map((c) => c.fillStyle),
    /** The texts drawn, with their colour. */
    texts: () =>
      calls.filter((c) => c.name === 'fillText').map((c) => ({ text: c.args[0], color: c.fillStyle })),
    /** The wheel's rotation of the last drawing (radians of the first `rotate` after the last `setTransform`). */
    lastRotation: () => {
      const start = calls.map((c) => c.name).lastIndexOf('setTransform');
      const rotate = calls.slice(start).find((c) => c.name === 'rotate');
      return rotate ? (rotate.args[0] as number) : null;
    },
  };
}

/** Frames stepped by hand, with their own clock (1/60 s a frame unless told). */
export function manualFrames() {
  let time = 1_000;
  let nextId = 1;
  const queue = new Map<number, () => void>();
  const scheduler: FrameScheduler = {
    request: (callback) => {
      const id = nextId++;
      queue.set(id, callback);
      return id;
    },
    cancel: (id) => {
      queue.delete(id);
    },
    now: () => time,
  };
  const step = (ms = FRAME_MS) => {
    time += ms;
    const due = [...queue.values()];
    queue.clear();
    for (const callback of due) callback();
  };
  return {
    scheduler,
    step: (ms?: number) => act(() => step(ms)),
    /** Steps frames until the animation asks for none; returns how many frames it took. */
    runToEnd: (limit = 100_000) => {
      let frames = 0;
      act(() => {
        while (queue.size > 0 && frames < limit) {
          step();
          frames += 1;
        }
      });
      return frames;
    },
    pending: () => queue.size,
  };
}

/** Records the payloads of one bus event while a test runs. */
export function record<K extends keyof BusEvents>(event: K): { events: BusEvents[K][]; stop: () => void } {
  const events: BusEvents[K][] = [];
  const subscription = bus.on(event).subscribe((payload) => events.push(payload));
  return { events, stop: () => subscription.unsubscribe() };
}

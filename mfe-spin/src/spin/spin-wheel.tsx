import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '@wallet/shared';
import type { Slice, SpinOutcome, Wheel } from './api';
import { browserFrames, chooseSpin, planSpin, runSpin, type FrameScheduler } from './spin-animation';
import { drawWheel, setUpCanvas, wheelSize } from './wheel-draw';
import { normalizeDegrees, sectorAtPointer } from './wheel-geometry';

/** Spec §9: the wheel is set up again 500 ms after the window stopped resizing. */
export const RESIZE_DEBOUNCE_MS = 500;
/** Spec §4, §9: the prize modal opens 2 s after the wheel stopped. */
export const PRIZE_DELAY_MS = 2000;

export type SpinPhase = 'idle' | 'spinning' | 'landed';

export interface SpinWheelProps {
  wheel: Wheel;
  coins: number;
  /** Asks the server for a spin: the outcome, or `null` when it was refused (the refusal is already shown). */
  onSpin: () => Promise<SpinOutcome | null>;
  /** 2 s after the wheel stopped (and was reset): the outcome and the slice it landed on. */
  onPrize: (outcome: SpinOutcome, slice: Slice | undefined) => void;
  /** The centre button, for focus to return to when the prize modal closes. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** Frames and clock of the animation; tests step them by hand. */
  frames?: FrameScheduler;
  /** Source of the turns and the landing offset, `[0, 1)`. */
  random?: () => number;
  /** Overrides `prefers-reduced-motion`. */
  reducedMotion?: boolean;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

const pixelRatio = () => (window.devicePixelRatio > 0 ? window.devicePixelRatio : 1);

/** The sector the outcome names: its `sliceIndex`, unless the shown wheel is older and has that code elsewhere. */
function landingIndex(slices: readonly Slice[], outcome: SpinOutcome): number {
  if (slices[outcome.sliceIndex]?.code === outcome.code) return outcome.sliceIndex;
  const byCode = slices.findIndex((slice) => slice.code === outcome.code);
  return byCode >= 0 ? byCode : outcome.sliceIndex;
}

/**
 * The prize wheel (spec §2, §4, §9) on a canvas: one sector per slice, clockwise from the pointer at the top, and a
 * round button in the centre with the coin count. A tap asks the server, then turns the wheel 3 to 5 times with
 * friction 0.991 onto the sector of the answer (or briefly, with reduced motion); the other sectors darken to
 * 25 %, and 2 s later the wheel resets and `onPrize` runs. The canvas carries its state for tests and e2e:
 * `data-state` (idle | spinning | landed), and once a spin ended `data-rotation` (its final rotation, degrees in
 * [0, 360)) and `data-landed` (the sector under the pointer at that rotation).
 */
export function SpinWheel({
  wheel,
  coins,
  onSpin,
  onPrize,
  buttonRef,
  frames = browserFrames,
  random = Math.random,
  reducedMotion,
}: SpinWheelProps) {
  const { t } = useTranslation('spin');
  const listId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const ownButtonRef = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownButtonRef;
  const slices = wheel.slice;
  const [phase, setPhase] = useState<SpinPhase>('idle');
  const phaseRef = useRef<SpinPhase>('idle');
  const [landing, setLanding] = useState<{ rotation: number; index: number } | null>(null);
  const [size, setSize] = useState(() => wheelSize(window.innerWidth));
  const [ratio, setRatio] = useState(pixelRatio);
  const rotation = useRef(0);
  const highlight = useRef<number | null>(null);
  const stopAnimation = useRef<(() => void) | null>(null);
  const prizeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  const latest = useRef({ slices, size, ratio, onPrize });
  useLayoutEffect(() => {
    latest.current = { slices, size, ratio, onPrize };
  });

  const paint = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const { slices: shown, size: css, ratio: dpr } = latest.current;
    drawWheel(ctx, {
      size: css,
      pixelRatio: dpr,
      rotation: rotation.current,
      slices: shown,
      highlight: highlight.current,
      fontFamily: window.getComputedStyle(canvas).fontFamily,
    });
  }, []);

  const enter = (next: SpinPhase) => {
    phaseRef.current = next;
    setPhase(next);
  };

  // Set up for the current size and screen, and draw.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    setUpCanvas(canvas, size, ratio);
    paint();
  }, [size, ratio, slices, paint]);

  // Web fonts (Thai, Lao) may arrive after the first drawing: draw the labels again with them.
  useEffect(() => {
    let live = true;
    void document.fonts?.ready.then(() => live && paint());
    return () => {
      live = false;
    };
  }, [paint]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onResize = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        setSize(wheelSize(window.innerWidth));
        setRatio(pixelRatio());
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer) clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopAnimation.current?.();
      if (prizeTimer.current) clearTimeout(prizeTimer.current);
    };
  }, []);

  const spin = async () => {
    if (phaseRef.current !== 'idle' || coins <= 0) return;
    enter('spinning');
    const outcome = await onSpin();
    if (!mounted.current) return;
    const shown = latest.current.slices;
    const index = outcome ? landingIndex(shown, outcome) : -1;
    if (!outcome || index < 0 || index >= shown.length) {
      enter('idle');
      if (outcome) latest.current.onPrize(outcome, undefined);
      return;
    }
    const reduced = reducedMotion ?? prefersReducedMotion();
    const count = shown.length;
    const plan = planSpin(rotation.current, index, count, chooseSpin(count, random, reduced), reduced);
    stopAnimation.current = runSpin(
      plan,
      frames,
      (at) => {
        rotation.current = at;
        paint();
      },
      (at) => {
        stopAnimation.current = null;
        const final = normalizeDegrees(at);
        rotation.current = final;
        highlight.current = index;
        paint();
        setLanding({ rotation: final, index: sectorAtPointer(final, count) });
        enter('landed');
        prizeTimer.current = setTimeout(() => {
          prizeTimer.current = null;
          rotation.current = 0;
          highlight.current = null;
          paint();
          enter('idle');
          latest.current.onPrize(outcome, latest.current.slices[index]);
        }, PRIZE_DELAY_MS);
      },
    );
  };

  const noCoins = coins <= 0;
  const landedSlice = landing ? slices[landing.index] : undefined;
  return (
    <div className="spin-wheel" data-testid="spin-wheel">
      <div className="spin-wheel__stage" style={{ width: size, height: size }}>
        <canvas
          ref={canvasRef}
          className="spin-wheel__canvas"
          data-testid="spin-canvas"
          role="img"
          aria-label={t('wheel.canvasLabel', { name: wheel.name })}
          aria-describedby={listId}
          data-state={phase}
          data-rotation={landing ? String(landing.rotation) : undefined}
          data-landed={landing ? String(landing.index) : undefined}
        />
        <span className="spin-wheel__pointer" aria-hidden="true" />
        <button
          ref={button}
          type="button"
          className="spin-wheel__button"
          data-testid="spin-button"
          disabled={phase !== 'idle' || noCoins}
          aria-busy={phase !== 'idle' || undefined}
          onClick={() => void spin()}
        >
          {/* The visible words are the name (no aria-label that could differ from what is seen). */}
          <span className="spin-wheel__button-verb">
            {phase === 'idle' ? t('wheel.spinShort') : t('wheel.spinning')}
          </span>{' '}
          <span className="spin-wheel__button-coins">{t('wheel.coins', { count: Math.max(0, coins) })}</span>
        </button>
      </div>
      <div id={listId} className="wl-visually-hidden">
        <p>{t('wheel.sectorsLabel')}</p>
        <ol>
          {slices.map((slice) => (
            <li key={slice.code}>{slice.label}</li>
          ))}
        </ol>
      </div>
      <p className="spin-wheel__status" role="status" aria-live="polite">
        {phase === 'landed' && landedSlice ? t('wheel.landed', { label: landedSlice.label }) : ''}
      </p>
      {noCoins && phase === 'idle' && (
        <p className="spin-wheel__hint" data-testid="spin-no-coins">
          {t('wheel.noCoins')}
        </p>
      )}
    </div>
  );
}

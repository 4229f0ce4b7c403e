import { useEffect, useRef, useState } from 'react';
import { Html } from './html';
import { useCommonT } from './use-common-t';

export interface CarouselSlide {
  image?: string | null;
  /** Server html, sanitized before it is shown. */
  html?: string | null;
}

export interface CarouselProps {
  slides: readonly CarouselSlide[];
  /**
   * Auto-advance every this many ms; off by default. It pauses while the mouse or a finger is on the carousel,
   * stops when the member presses pause or moves the keyboard focus into it (until play is pressed), and never
   * starts for a member who asked the system for reduced motion.
   */
  interval?: number;
  /** Starting slide. */
  initialIndex?: number;
  onIndexChange?: (index: number) => void;
  className?: string;
}

const SWIPE_PX = 40;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True while the member's system asks for reduced motion (followed live). */
function usePrefersReducedMotion(): boolean {
  const query = () =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(REDUCED_MOTION)
      : null;
  const [reduced, setReduced] = useState(() => query()?.matches ?? false);
  useEffect(() => {
    const list = query();
    if (!list) return undefined;
    const update = () => setReduced(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * Focus that came from the keyboard (or assistive technology): the member is reading the carousel with it. A
 * window that focuses its first button as it opens after a tap does not count.
 */
function keyboardFocus(target: Element): boolean {
  try {
    return target.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * Banner carousel: image plus sanitized html per slide, previous/next buttons, dots (24 px targets), swipe on
 * phones, and, when it advances by itself, a pause/play button (WCAG 2.2.2).
 */
export function Carousel({ slides, interval, initialIndex = 0, onIndexChange, className }: CarouselProps) {
  const t = useCommonT();
  const count = slides.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, count - 1)));
  /** The member's choice with the pause/play button. */
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [touching, setTouching] = useState(false);
  /** Focus came into the carousel: it holds still until focus leaves or the member presses play. */
  const [focusHold, setFocusHold] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const touchStart = useRef<number | null>(null);
  const current = count === 0 ? 0 : Math.min(index, count - 1);

  const rotates = Boolean(interval) && count > 1 && !reducedMotion;
  /** Held still until the member presses play (the button shows play); hovering and touching only pause. */
  const held = stopped || focusHold;
  const moving = rotates && !held && !hovered && !touching;

  const go = (next: number) => {
    if (count === 0) return;
    const wrapped = ((next % count) + count) % count;
    setIndex(wrapped);
    onIndexChange?.(wrapped);
  };

  // One step per `interval`, counted again from each change (a tap on a dot gets a full interval to read).
  useEffect(() => {
    if (!moving || !interval) return undefined;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [moving, interval, count, current]);

  if (count === 0) return null;
  const slide = slides[current];

  return (
    <section
      className={`wl-carousel${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      data-moving={moving ? 'true' : 'false'}
      onPointerEnter={(event) => event.pointerType !== 'touch' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType !== 'touch' && setHovered(false)}
      onFocus={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null) && keyboardFocus(event.target))
          setFocusHold(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusHold(false);
      }}
      onTouchStart={(event) => {
        touchStart.current = event.touches[0]?.clientX ?? null;
        setTouching(true);
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = event.changedTouches[0]?.clientX;
        touchStart.current = null;
        setTouching(false);
        if (start === null || end === undefined) return;
        if (end - start > SWIPE_PX) go(current - 1);
        else if (start - end > SWIPE_PX) go(current + 1);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') go(current - 1);
        else if (event.key === 'ArrowRight') go(current + 1);
      }}
    >
      <div
        className="wl-carousel__slide"
        role="group"
        aria-roledescription="slide"
        aria-label={`${current + 1} / ${count}`}
        aria-live={moving ? 'off' : 'polite'}
      >
        {slide?.image && <img className="wl-carousel__image" src={slide.image} alt="" loading="lazy" />}
        {slide?.html && <Html className="wl-carousel__html" html={slide.html} />}
      </div>
      {count > 1 && (
        <div className="wl-carousel__controls">
          {rotates && (
            <button
              type="button"
              className="wl-carousel__step wl-carousel__rotation"
              data-testid="carousel-rotation"
              aria-label={held ? t('carousel.play') : t('carousel.pause')}
              title={held ? t('carousel.play') : t('carousel.pause')}
              onClick={() => {
                setFocusHold(false);
                setStopped(!held);
              }}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                {held ? (
                  <path d="M4 2.5v11l9.5-5.5z" fill="currentColor" />
                ) : (
                  <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" fill="currentColor" />
                )}
              </svg>
            </button>
          )}
          <button
            type="button"
            className="wl-carousel__step wl-carousel__step--prev"
            aria-label={t('carousel.previous')}
            onClick={() => go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="wl-carousel__dots">
            {slides.map((_, i) => (
              <button
                // Slides have no identity of their own; their position is what the dot stands for.
                key={i}
                type="button"
                className={`wl-carousel__dot${i === current ? ' wl-carousel__dot--current' : ''}`}
                aria-label={t('carousel.goTo', { index: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="wl-carousel__step wl-carousel__step--next"
            aria-label={t('carousel.next')}
            onClick={() => go(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}

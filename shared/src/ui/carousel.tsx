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
  /** Auto-advance every this many ms; off by default, and paused while a finger or the pointer is on it. */
  interval?: number;
  /** Starting slide. */
  initialIndex?: number;
  onIndexChange?: (index: number) => void;
  className?: string;
}

const SWIPE_PX = 40;

/** Banner carousel: image plus sanitized html per slide, previous/next buttons, dots, and swipe on phones. */
export function Carousel({ slides, interval, initialIndex = 0, onIndexChange, className }: CarouselProps) {
  const t = useCommonT();
  const count = slides.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, count - 1)));
  const [paused, setPaused] = useState(false);
  const touchStart = useRef<number | null>(null);
  const current = count === 0 ? 0 : Math.min(index, count - 1);

  const go = (next: number) => {
    if (count === 0) return;
    const wrapped = ((next % count) + count) % count;
    setIndex(wrapped);
    onIndexChange?.(wrapped);
  };

  useEffect(() => {
    if (!interval || paused || count < 2) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [interval, paused, count]);

  if (count === 0) return null;
  const slide = slides[current];

  return (
    <section
      className={`wl-carousel${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onTouchStart={(event) => {
        touchStart.current = event.touches[0]?.clientX ?? null;
        setPaused(true);
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = event.changedTouches[0]?.clientX;
        touchStart.current = null;
        setPaused(false);
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
        aria-live={interval && !paused ? 'off' : 'polite'}
      >
        {slide?.image && <img className="wl-carousel__image" src={slide.image} alt="" loading="lazy" />}
        {slide?.html && <Html className="wl-carousel__html" html={slide.html} />}
      </div>
      {count > 1 && (
        <div className="wl-carousel__controls">
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

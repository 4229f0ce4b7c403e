import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * How far below (and above) the screen an element counts as near: half a screen, so that what a member scrolls to
 * has usually loaded before it shows.
 */
export const NEAR_MARGIN = '50% 0px 50% 0px';

type Listener = () => void;

/** One observer for every element watched with the same margin (a list of cards shares it). */
const observers = new Map<string, { observer: IntersectionObserver; listeners: Map<Element, Listener> }>();

function watch(element: Element, margin: string, onNear: Listener): () => void {
  let entry = observers.get(margin);
  if (!entry) {
    const listeners = new Map<Element, Listener>();
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          if (!record.isIntersecting) continue;
          const listener = listeners.get(record.target);
          listeners.delete(record.target);
          observer.unobserve(record.target);
          listener?.();
        }
      },
      { rootMargin: margin },
    );
    entry = { observer, listeners };
    observers.set(margin, entry);
  }
  const { observer, listeners } = entry;
  listeners.set(element, onNear);
  observer.observe(element);
  return () => {
    if (listeners.delete(element)) observer.unobserve(element);
  };
}

/**
 * Whether an element has come near the screen yet (and stays true once it has): for decorative pictures far down a
 * page, which then cost neither a request nor the main thread's painting on the first load (a CSS background has no
 * `loading="lazy"`, and Chromium paints a page's images well beyond the screen). Without IntersectionObserver
 * (old browsers, jsdom) everything is near at once.
 */
export function useNearViewport<T extends Element>(
  margin: string = NEAR_MARGIN,
): [ref: RefObject<T | null>, near: boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    return watch(element, margin, () => setNear(true));
  }, [near, margin]);
  return [ref, near];
}

import { useEffect, useRef, useState } from 'react';
import { bus } from '../bus/bus';
import type { BusEvents } from '../bus/events';
import { TOAST_DURATION_MS } from './toast';
import { useCommonT } from './use-common-t';

interface ShownToast extends Readonly<BusEvents['toast']> {
  id: number;
  /** When it was raised (ms since the epoch), for `toast:clear`. */
  raisedAt: number;
}

export interface ToastViewportProps {
  /** How long each toast stays; spec §9 says 4 s. */
  duration?: number;
}

/**
 * Shows every `toast` bus event for 4 s, newest at the bottom, in a polite live region so screen readers read
 * it. Mount it once, in the host; remotes only emit. A tap dismisses a toast early.
 */
export function ToastViewport({ duration = TOAST_DURATION_MS }: ToastViewportProps) {
  const t = useCommonT();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    const dismiss = (id: number) => {
      clearTimeout(pending.get(id));
      pending.delete(id);
      setToasts((list) => list.filter((item) => item.id !== id));
    };
    const subscription = bus.on('toast').subscribe((event) => {
      const id = ++nextId.current;
      setToasts((list) => [...list, { ...event, id, raisedAt: Date.now() }]);
      pending.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    });
    const clearing = bus.on('toast:clear').subscribe(({ raisedBefore, raisedSince }) => {
      setToasts((list) => {
        const gone = list.filter(
          (item) =>
            item.raisedAt < raisedBefore && (raisedSince === undefined || item.raisedAt >= raisedSince),
        );
        gone.forEach((item) => {
          clearTimeout(pending.get(item.id));
          pending.delete(item.id);
        });
        return gone.length ? list.filter((item) => !gone.includes(item)) : list;
      });
    });
    return () => {
      subscription.unsubscribe();
      clearing.unsubscribe();
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
    };
  }, [duration]);

  const dismiss = (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((item) => item.id !== id));
  };

  return (
    <div className="wl-toasts" role="status" aria-live="polite" aria-label={t('toast.region')}>
      {toasts.map((item) => (
        // A tap anywhere on a toast takes it away (it may lie over what the member wants to reach); the
        // button is the way for the keyboard and screen readers.
        <div
          key={item.id}
          className={`wl-toast wl-toast--${item.kind}`}
          data-kind={item.kind}
          onClick={() => dismiss(item.id)}
        >
          <span className="wl-toast__icon" aria-hidden="true" />
          <span className="wl-toast__message">{item.message}</span>
          <button
            type="button"
            className="wl-toast__dismiss"
            aria-label={t('toast.dismiss')}
            onClick={() => dismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

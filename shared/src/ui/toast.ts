import { bus } from '../bus/bus';
import type { ToastKind } from '../bus/events';
import { toApiError } from '../http/client';

/** Spec §8/§9: a toast stays 4 seconds. */
export const TOAST_DURATION_MS = 4000;

function show(kind: ToastKind, message: string): void {
  if (message) bus.emit('toast', { kind, message });
}

/**
 * Shows a toast from anywhere (any remote, any plain function): it is an event on the shared bus, displayed by
 * the one `ToastViewport` the host mounts. `message` must already be translated.
 */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};

/**
 * A toast raised this recently is kept by a clearing: it reports the very action that closed the window or left
 * the page (`toast.success(...)` then `onClose()`), so it must outlive that close.
 */
export const TOAST_CLEAR_GRACE_MS = 300;

/**
 * Removes every toast shown now (a step, a page or a window they belonged to is gone), except one raised in the
 * last moment by the action that caused it (see `TOAST_CLEAR_GRACE_MS`).
 */
export function dismissToasts(): void {
  bus.emit('toast:clear', { raisedBefore: Date.now() - TOAST_CLEAR_GRACE_MS });
}

/**
 * Removes the toasts raised since `openedAt` (ms since the epoch): the shared `Modal` calls it when it closes, so
 * the messages of a window go with it. A toast raised in the last moment (the window's outcome) stays.
 */
export function dismissToastsRaisedSince(openedAt: number): void {
  bus.emit('toast:clear', { raisedSince: openedAt, raisedBefore: Date.now() - TOAST_CLEAR_GRACE_MS });
}

/** Error toast with the translated message of a failed call (`ApiError`), or the generic error text otherwise. */
export function toastError(error: unknown): void {
  toast.error(toApiError(error).message);
}

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

/** Error toast with the translated message of a failed call (`ApiError`), or the generic error text otherwise. */
export function toastError(error: unknown): void {
  toast.error(toApiError(error).message);
}

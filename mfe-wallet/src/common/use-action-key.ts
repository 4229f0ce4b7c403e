import { useCallback, useRef } from 'react';
import { isApiError, newIdempotencyKey } from '@wallet/shared';

/**
 * One idempotency key per member action. The same action (same `signature`: what is moved where) retried after
 * an answer that never arrived (timeout, network) reuses its key, so the server moves the money at most once.
 * Once the server has answered — success or a refusal, which it stores against the key — the next tap is a new
 * action with a new key.
 */
export function useActionKey() {
  const pending = useRef<{ signature: string; key: string } | null>(null);

  const keyFor = useCallback((signature: string): string => {
    if (pending.current?.signature === signature) return pending.current.key;
    const key = newIdempotencyKey();
    pending.current = { signature, key };
    return key;
  }, []);

  /** Call with the outcome of the call made with the key. */
  const settle = useCallback((error?: unknown) => {
    // REQUEST_LIMIT: the first attempt with this key is still running on the server; its answer is still to come.
    const unanswered =
      error !== undefined && (!isApiError(error) || error.status === null || error.code === 'REQUEST_LIMIT');
    if (!unanswered) pending.current = null;
  }, []);

  return { keyFor, settle };
}

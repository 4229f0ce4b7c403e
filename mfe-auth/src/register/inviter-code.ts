import { useEffect } from 'react';
import { useSearchParams } from '@wallet/shared';

/** Spec §3: the inviter code from a registration link is kept in localStorage under `code`. */
export const INVITER_CODE_KEY = 'code';

function readStored(): string {
  try {
    return window.localStorage.getItem(INVITER_CODE_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The inviter code of this visitor: the `?code=` query parameter when present (and then stored), otherwise the
 * one stored by an earlier visit; empty when there is none.
 */
export function useInviterCode(): string {
  const [params] = useSearchParams();
  const fromLink = params.get(INVITER_CODE_KEY)?.trim() ?? '';

  useEffect(() => {
    if (!fromLink) return;
    try {
      window.localStorage.setItem(INVITER_CODE_KEY, fromLink);
    } catch {
      // Without storage the code still applies to this visit.
    }
  }, [fromLink]);

  return fromLink || readStored();
}

/** After a successful registration the code has served its purpose on this device. */
export function forgetInviterCode(): void {
  try {
    window.localStorage.removeItem(INVITER_CODE_KEY);
  } catch {
    // Nothing to forget.
  }
}

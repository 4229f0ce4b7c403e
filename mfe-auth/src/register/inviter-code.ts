import { useEffect, useState } from 'react';
import { useSearchParams } from '@wallet/shared';

/** Spec §3: the inviter code from a registration link is kept in localStorage under `code`. */
export const INVITER_CODE_KEY = 'code';

function readStored(): string {
  try {
    return window.localStorage.getItem(INVITER_CODE_KEY)?.trim() ?? '';
  } catch {
    return '';
  }
}

export interface InviterCode {
  /**
   * The inviter code of this visitor: the `?code=` query parameter when present (and then stored), otherwise the
   * one stored by an earlier visit; empty when there is none, or once it was dropped.
   */
  code: string;
  /**
   * Forgets the code the server refused (unknown, or a stale link): out of storage, and ignored for the rest of
   * this visit even though the link still carries it, so nothing kept keeps the visitor from registering.
   */
  drop: () => void;
}

export function useInviterCode(): InviterCode {
  const [params] = useSearchParams();
  const fromLink = params.get(INVITER_CODE_KEY)?.trim() ?? '';
  const [dropped, setDropped] = useState<readonly string[]>([]);
  const linkInForce = fromLink !== '' && !dropped.includes(fromLink);

  useEffect(() => {
    if (!linkInForce) return;
    try {
      window.localStorage.setItem(INVITER_CODE_KEY, fromLink);
    } catch {
      // Without storage the code still applies to this visit.
    }
  }, [fromLink, linkInForce]);

  const candidate = linkInForce ? fromLink : readStored();
  const code = candidate !== '' && !dropped.includes(candidate) ? candidate : '';

  const drop = () => {
    forgetInviterCode();
    const refused = [fromLink, code].filter((c) => c !== '');
    setDropped((current) => [...current, ...refused.filter((c) => !current.includes(c))]);
  };

  return { code, drop };
}

/** After a successful registration, or a refusal of the code, it has served its purpose on this device. */
export function forgetInviterCode(): void {
  try {
    window.localStorage.removeItem(INVITER_CODE_KEY);
  } catch {
    // Nothing to forget.
  }
}

import { redirect } from 'react-router-dom';
import { clearSession, hasToken } from '@wallet/shared';
import { lookupApi } from '../api';

/** Class on `<body>` while the terminated check before `/login` is running. */
export const TERMINATED_MARK = 'terminated';

/** Signed-in group (`/user/*`): without a stored token, go to `/login`. */
export function requireSession(): Response | null {
  return hasToken() ? null : redirect('/login');
}

/**
 * Runs before every navigation to `/login` (spec §2): the body is marked terminated, the active lookup is asked,
 * and a service that is gone sends the visitor to `/terminated`; otherwise the mark is cleared. A failed lookup
 * is not a verdict: the visitor gets the sign-in page.
 */
export async function terminatedCheck(): Promise<Response | null> {
  document.body.classList.add(TERMINATED_MARK);
  let gone = false;
  try {
    gone = (await lookupApi.active()).terminated === 'gone';
  } catch {
    gone = false;
  }
  if (gone) return redirect('/terminated');
  document.body.classList.remove(TERMINATED_MARK);
  return null;
}

/** Entering the logged-out shell while holding a token ends that session (spec §2). */
export function endHeldSession(): null {
  if (hasToken()) clearSession();
  return null;
}

import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { clearSession, DelayedLoader, hasToken } from '@wallet/shared';
import { lookupApi } from '../api';

/**
 * The route guards of spec §2, as components around what they guard: each decides before the guarded part renders
 * (a protected page never renders without a token, `/login` never renders before the terminated check).
 */

/** Class on `<body>` while the terminated check before `/login` is running. */
export const TERMINATED_MARK = 'terminated';

/** Signed-in group (`/user/*`): without a stored token, nothing of it renders and the visitor goes to `/login`. */
export function RequireSession({ children }: { children: ReactNode }) {
  return hasToken() ? children : <Navigate to="/login" replace />;
}

/**
 * The terminated check (spec §2): the body is marked terminated, the active lookup is asked, and `true` means the
 * service is gone (the mark stays: the page is left for `/terminated`); otherwise the mark is cleared. A failed
 * lookup is not a verdict: the visitor gets the sign-in page.
 */
export async function terminatedCheck(): Promise<boolean> {
  document.body.classList.add(TERMINATED_MARK);
  let gone = false;
  try {
    gone = (await lookupApi.active()).terminated === 'gone';
  } catch {
    gone = false;
  }
  if (!gone) document.body.classList.remove(TERMINATED_MARK);
  return gone;
}

/**
 * Runs the terminated check on every navigation to `path` (`/login`) before anything under it renders: until the
 * answer, the waiting indicator; a service that is gone sends the visitor to `/terminated`. Other paths render
 * at once.
 */
export function TerminatedCheck({ path, children }: { path: string; children: ReactNode }) {
  // A new object per navigation, also when going back to an entry seen before.
  const location = useLocation();
  const applies = location.pathname === path;
  // The navigation whose check has answered, and the answer.
  const [verdict, setVerdict] = useState<{ location: Location; gone: boolean }>();

  // A layout effect: the body is marked before the browser paints the navigation.
  useLayoutEffect(() => {
    if (!applies) return undefined;
    let current = true;
    void terminatedCheck().then((gone) => {
      if (current) setVerdict({ location, gone });
    });
    return () => {
      current = false;
    };
  }, [applies, location]);

  if (!applies) return children;
  if (verdict?.location !== location) return <DelayedLoader active />;
  return verdict.gone ? <Navigate to="/terminated" replace /> : children;
}

/**
 * Entering the logged-out shell while holding a token ends that session (spec §2). A layout effect: the session is
 * gone before any remote of the shell mounts (parcels mount in later effects).
 */
export function EndHeldSession({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (hasToken()) clearSession();
  }, []);
  return children;
}

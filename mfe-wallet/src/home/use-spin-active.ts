import { useEffect, useState } from 'react';
import { homeApi } from '../common/wallet-api';

/**
 * Whether the prize wheel is on, from `GET /api/spinwheel/active` (issue 10: the home no longer reads the wallet
 * snapshot's `spin` field). Read once when the home mounts; until the answer arrives, and when the call fails, the
 * wheel counts as off, so the home shows the refresh-all widget rather than a link to a wheel that may be closed.
 */
export function useSpinActive(): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    let live = true;
    homeApi.spinActive().then(
      (answer) => live && setActive(answer?.isActive === true),
      () => live && setActive(false),
    );
    return () => {
      live = false;
    };
  }, []);
  return active;
}

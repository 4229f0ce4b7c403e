import { useRead } from '@wallet/shared/query';
import { homeApi } from '../common/wallet-api';

/**
 * Whether the prize wheel is on, from `GET /api/spinwheel/active` (issue 10: the home no longer reads the wallet
 * snapshot's `spin` field). Read when the home mounts; until the answer arrives, and when the call fails, the
 * wheel counts as off, so the home shows the refresh-all widget rather than a link to a wheel that may be closed.
 */
export function useSpinActive(): boolean {
  const { data, failed } = useRead({ key: ['wallet', 'spin-active'], read: homeApi.spinActive });
  return !failed && data?.isActive === true;
}

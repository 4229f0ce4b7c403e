import { createRemoteParcel } from '@wallet/shared';
import { OpsBonuses } from '../ops/ops-bonuses';
import { opsCatalogs } from '../ops/catalogs';

// The operators' console mounts it at /ops/bonuses (ops-console/src/shell/remote-screen-slot.tsx), with its own
// namespace `bonus-ops`: a member's page never loads these strings.
export default createRemoteParcel(OpsBonuses, 'mfe_bonus/OpsBonuses', {
  build: process.env.WALLET_BUILD_ID,
  catalogs: opsCatalogs,
});

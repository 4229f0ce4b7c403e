import { createRemoteParcel } from '@wallet/shared';
import { OpsWheels } from '../ops/ops-wheels';
import { opsCatalogs } from '../ops/catalogs';

// The operators' console mounts it at /ops/wheels (ops-console/src/shell/remote-screen-slot.tsx), with its own
// namespace `spin-ops`: a member's page never loads these strings.
export default createRemoteParcel(OpsWheels, 'mfe_spin/OpsWheels', {
  build: process.env.WALLET_BUILD_ID,
  catalogs: opsCatalogs,
});

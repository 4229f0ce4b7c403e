import { createRemoteParcel } from '@wallet/shared';
import { OpsMembersScreen } from '../ops/members/members-screen';
import { membersCatalogs } from '../ops/catalogs';

// The operators' Members screen, mounted by the console at /ops/members (docs/operators.md "The console").
export default createRemoteParcel(OpsMembersScreen, 'mfe_wallet/OpsMembers', {
  build: process.env.WALLET_BUILD_ID,
  catalogs: membersCatalogs,
});

import { createRemoteParcel } from '@wallet/shared';
import { VerifyPage } from '../verify/verify-page';
import { catalogs } from '../catalogs';

export default createRemoteParcel(VerifyPage, 'mfe_spin/Verify', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

import { createRemoteParcel } from '@wallet/shared';
import { SpinPage } from '../spin/spin-page';
import { catalogs } from '../catalogs';

export default createRemoteParcel(SpinPage, 'mfe_spin/Spin', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

import { createRemoteParcel } from '@wallet/shared';
import { HomePage } from '../home/home-page';
import { catalogs } from '../catalogs';

export default createRemoteParcel(HomePage, 'mfe_wallet/Home', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

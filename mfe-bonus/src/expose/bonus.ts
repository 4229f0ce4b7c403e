import { createRemoteParcel } from '@wallet/shared';
import { BonusPage } from '../bonus/bonus-page';
import { catalogs } from '../catalogs';

export default createRemoteParcel(BonusPage, 'mfe_bonus/Bonus', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

import { createRemoteParcel } from '@wallet/shared';
import { ConditionsModal } from '../common/conditions/conditions-modal';
import { catalogs } from '../catalogs';

export default createRemoteParcel(ConditionsModal, 'mfe_bonus/Conditions', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

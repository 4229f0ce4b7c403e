import { createRemoteParcel } from '@wallet/shared';
import { StatementPage } from '../statement/statement-page';
import { catalogs } from '../catalogs';

export default createRemoteParcel(StatementPage, 'mfe_bonus/Statement', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

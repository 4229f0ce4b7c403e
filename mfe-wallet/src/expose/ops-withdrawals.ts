import { createRemoteParcel } from '@wallet/shared';
import { queuesCatalogs } from '../ops/catalogs';
import { WithdrawalsScreen } from '../ops/queues/withdrawals-screen';

/** Withdrawals by status: the console mounts it at /ops/withdrawals with the signed-in operator. */
export default createRemoteParcel(WithdrawalsScreen, 'mfe_wallet/OpsWithdrawals', {
  build: process.env.WALLET_BUILD_ID,
  catalogs: queuesCatalogs,
});

import { createRemoteParcel } from '@wallet/shared';
import { queuesCatalogs } from '../ops/catalogs';
import { SlipsScreen } from '../ops/queues/slips-screen';

/** Slips in review: the console mounts it at /ops/slips with the signed-in operator ({ operator, remoteModule }). */
export default createRemoteParcel(SlipsScreen, 'mfe_wallet/OpsSlips', {
  build: process.env.WALLET_BUILD_ID,
  catalogs: queuesCatalogs,
});

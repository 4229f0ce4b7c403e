import { createRemoteParcel } from '@wallet/shared';
import { queuesCatalogs } from '../ops/catalogs';
import { IncomingScreen } from '../ops/queues/incoming-screen';

/** Deliveries that credited nothing: the console mounts it at /ops/incoming with the signed-in operator. */
export default createRemoteParcel(IncomingScreen, 'mfe_wallet/OpsIncoming', {
  build: process.env.WALLET_BUILD_ID,
  catalogs: queuesCatalogs,
});

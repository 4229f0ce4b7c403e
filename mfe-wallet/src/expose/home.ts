import { createRemoteParcel } from '@wallet/shared';
import { HomePage } from '../home/home-page';

export default createRemoteParcel(HomePage, 'mfe_wallet/Home', { build: process.env.WALLET_BUILD_ID });

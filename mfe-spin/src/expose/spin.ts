import { createRemoteParcel } from '@wallet/shared';
import { SpinPage } from '../spin/spin-page';

export default createRemoteParcel(SpinPage, 'mfe_spin/Spin', { build: process.env.WALLET_BUILD_ID });

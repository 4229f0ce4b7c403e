import '../auth.css';
import { createRemoteParcel } from '@wallet/shared';
import { LoginPage } from '../login/login-page';
import { catalogs } from '../catalogs';

/** `mfe_auth/Login`: mounted by the host as a single-spa parcel. */
export default createRemoteParcel(LoginPage, 'mfe_auth/Login', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

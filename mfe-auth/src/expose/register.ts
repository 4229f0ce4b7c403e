import '../auth.css';
import { createRemoteParcel } from '@wallet/shared';
import { RegisterPage } from '../register/register-page';
import { catalogs } from '../catalogs';

/** `mfe_auth/Register`: mounted by the host as a single-spa parcel. */
export default createRemoteParcel(RegisterPage, 'mfe_auth/Register', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

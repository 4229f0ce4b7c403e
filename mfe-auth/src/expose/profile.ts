import '../auth.css';
import { createRemoteParcel } from '@wallet/shared';
import { ProfilePage } from '../profile/profile-page';
import { catalogs } from '../catalogs';

/** `mfe_auth/Profile`: mounted by the host as a single-spa parcel. */
export default createRemoteParcel(ProfilePage, 'mfe_auth/Profile', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});

import { mountDevHarness } from '../../../tooling/dev-harness';
import login from '../expose/login';
import profile from '../expose/profile';
import register from '../expose/register';

mountDevHarness('mfe_auth', {
  Login: { config: login, path: '/login' },
  Register: { config: register, path: '/register' },
  Profile: { config: profile, path: '/user/profile' },
});

import { mountDevHarness } from '../../../tooling/dev-harness';
import home from '../expose/home';

mountDevHarness('mfe_wallet', { Home: { config: home, path: '/user/home' } });

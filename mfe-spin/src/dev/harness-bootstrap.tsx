import { mountDevHarness } from '../../../tooling/dev-harness';
import spin from '../expose/spin';
import verify from '../expose/verify';

mountDevHarness('mfe_spin', {
  Spin: { config: spin, path: '/user/spin' },
  Verify: { config: verify, path: '/user/spin/verify' },
});

import { mountDevHarness } from '../../../tooling/dev-harness';
import spin from '../expose/spin';

mountDevHarness('mfe_spin', { Spin: { config: spin } });

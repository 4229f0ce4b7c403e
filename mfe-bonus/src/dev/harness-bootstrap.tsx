import { mountDevHarness } from '../../../tooling/dev-harness';
import bonus from '../expose/bonus';
import conditions from '../expose/conditions';
import statement from '../expose/statement';

mountDevHarness('mfe_bonus', {
  Bonus: { config: bonus, path: '/user/bonus' },
  Statement: { config: statement, path: '/user/statement' },
  Conditions: { config: conditions },
});

const { createAppConfig } = require('../tooling/webpack.app');

module.exports = createAppConfig({
  dir: __dirname,
  kind: 'remote',
  // Standalone harness, used by `npm run dev` only; the production build ships remoteEntry.js and the exposes.
  entry: './src/dev/harness.ts',
  exposes: {
    './Bonus': './src/expose/bonus.ts',
    './Statement': './src/expose/statement.ts',
    './Conditions': './src/expose/conditions.ts',
    // The bonus definitions and promotions screen of the operators' console (/ops/bonuses).
    './OpsBonuses': './src/expose/ops-bonuses.ts',
  },
});

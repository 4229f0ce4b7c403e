const { createAppConfig } = require('../tooling/webpack.app');

module.exports = createAppConfig({
  dir: __dirname,
  kind: 'remote',
  // Standalone harness, used by `npm run dev` only; the production build ships remoteEntry.js and the exposes.
  entry: './src/dev/harness.ts',
  exposes: {
    './Home': './src/expose/home.ts',
    // Operator screens, mounted by the console at /ops/ (docs/operators.md "The console").
    './OpsSlips': './src/expose/ops-slips.ts',
    './OpsWithdrawals': './src/expose/ops-withdrawals.ts',
    './OpsIncoming': './src/expose/ops-incoming.ts',
    './OpsMembers': './src/expose/ops-members.ts',
  },
});

const { createAppConfig } = require('../tooling/webpack.app');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_spin',
  kind: 'remote',
  // Standalone harness, used by `npm run dev` only; the production build ships remoteEntry.js and the exposes.
  entry: './src/dev/harness.ts',
  title: 'mfe_spin harness',
  exposes: {
    './Spin': './src/expose/spin.ts',
    './Verify': './src/expose/verify.ts',
    // The lucky wheels screen of the operators' console (/ops/wheels).
    './OpsWheels': './src/expose/ops-wheels.ts',
  },
});

const { createAppConfig } = require('../tooling/webpack.app');

module.exports = createAppConfig({
  dir: __dirname,
  kind: 'remote',
  // Standalone harness, used by `npm run dev` only; the production build ships remoteEntry.js and the exposes.
  entry: './src/dev/harness.ts',
  exposes: {
    './Spin': './src/expose/spin.ts',
    './Verify': './src/expose/verify.ts',
    // The lucky wheels screen of the operators' console (/ops/wheels).
    './OpsWheels': './src/expose/ops-wheels.ts',
  },
});

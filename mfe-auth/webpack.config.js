const { createAppConfig } = require('../tooling/webpack.app');

module.exports = createAppConfig({
  dir: __dirname,
  kind: 'remote',
  // Standalone harness, used by `npm run dev` only; the production build ships remoteEntry.js and the exposes.
  entry: './src/dev/harness.ts',
  exposes: {
    './Login': './src/expose/login.ts',
    './Register': './src/expose/register.ts',
    './Profile': './src/expose/profile.ts',
  },
});

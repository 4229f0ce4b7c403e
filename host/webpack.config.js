const { createAppConfig } = require('../tooling/webpack.app');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'host',
  kind: 'host',
  entry: './src/main.ts',
  title: 'Wallet',
});

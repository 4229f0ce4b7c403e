const { createAppConfig } = require('../tooling/webpack.app');

// The operators' console: a page of its own at /ops/, built like the member shell (the one Module Federation
// runtime of its page, `@wallet/shared` provided from here) but served under /ops/ (server/src/platform/static.ts).
const appConfig = createAppConfig({
  dir: __dirname,
  name: 'ops_console',
  kind: 'host',
  entry: './src/main.ts',
  title: 'Wallet — operators',
});

module.exports = (env = {}, argv = {}) => {
  const config = appConfig(env, argv);
  config.output.publicPath = '/ops/';
  config.devServer = {
    ...config.devServer,
    port: 3010,
    historyApiFallback: { index: '/ops/index.html' },
    devMiddleware: { publicPath: '/ops/' },
  };
  return config;
};

const { createAppConfig } = require('../tooling/webpack.app');

module.exports = createAppConfig({
  dir: __dirname,
  kind: 'remote',
  // Standalone harness, used by `npm run dev` only; the production build ships remoteEntry.js and the exposes.
  entry: './src/dev/harness.ts',
  exposes: {
    './ChatWidget': './src/expose/chat-widget.ts',
    './AgentInbox': './src/expose/ops-inbox.ts',
  },
});

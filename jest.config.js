// `npx jest` at the root runs every front-end suite and the server suite.
module.exports = {
  projects: ['shared', 'host', 'mfe-auth', 'mfe-wallet', 'mfe-bonus', 'mfe-spin', 'mfe-chat', 'server'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
};

// `npx jest` at the root runs every front-end suite and the server suite.
const { remotes } = require('./remotes.json');

module.exports = {
  projects: ['shared', 'host', 'ops-console', ...remotes.map((remote) => remote.folder), 'server'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
  // A global option: Jest ignores it inside a project's config. Server suites start an embedded database in
  // their hooks (PGlite takes seconds on a loaded machine), so the 5 s default is too tight for them.
  testTimeout: 30000,
};

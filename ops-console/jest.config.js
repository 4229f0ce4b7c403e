const base = require('../tooling/jest.frontend.js')(__dirname, 'ops-console');

module.exports = {
  ...base,
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/test/setup.js'],
};

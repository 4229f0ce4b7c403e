const base = require('../tooling/jest.frontend.js')(__dirname, 'host');

module.exports = {
  ...base,
  testEnvironment: require.resolve('../tooling/jest-jsdom-fetch-environment.js'),
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/test/quiet-act.js'],
};

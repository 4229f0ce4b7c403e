const base = require('../tooling/jest.frontend.js')(__dirname, 'host');

module.exports = {
  ...base,
  testEnvironment: '<rootDir>/test/jsdom-environment.js',
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/test/quiet-act.js'],
};

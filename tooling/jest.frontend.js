// Jest settings every front-end workspace shares: jsdom, SWC for TS/TSX, CSS stubbed.
const path = require('node:path');

module.exports = function frontendJest(dir, displayName) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
        },
      ],
    },
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'jest-style-stub.js'),
      '\\.(png|jpg|jpeg|gif|svg|mp4|webm)$': path.join(__dirname, 'jest-file-stub.js'),
    },
    setupFiles: [path.join(__dirname, 'jest-polyfills.js')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-dom-setup.js')],
  };
};

// Jest settings every front-end workspace shares: jsdom, SWC for TS/TSX, CSS stubbed.
const fs = require('node:fs');
const path = require('node:path');

module.exports = function frontendJest(dir, displayName) {
  // A part with its own strings (src/catalogs.ts) has them registered before each test file, as its parcel does.
  const catalogs = path.join(dir, 'src', 'catalogs.ts');
  const ownStrings = fs.existsSync(catalogs);
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
    setupFilesAfterEnv: [
      path.join(__dirname, 'jest-dom-setup.js'),
      ...(ownStrings ? [path.join(__dirname, 'jest-register-catalogs.js')] : []),
      // Every mocked API answer must fit the server's route schema (jest-api-answers.js).
      path.join(__dirname, 'jest-api-answers.js'),
      // A fresh query cache for every test (jest-query-client.js).
      path.join(__dirname, 'jest-query-client.js'),
    ],
    globals: {
      __WALLET_PART_SRC__: path.join(dir, 'src'),
      ...(ownStrings ? { __WALLET_PART_CATALOGS__: catalogs } : {}),
    },
  };
};

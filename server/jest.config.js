// Node 20.19+ loads ESM-only dependencies with require(esm), but Jest's module runtime does not. Those few
// packages, and PGlite and @fastify/cookie (whose CommonJS builds use dynamic import()), are compiled to CommonJS by @swc/jest
// instead, so no --experimental-vm-modules flag is needed.
const esmOnly = ['content-disposition', 'cookie', '@fastify/cookie', '@electric-sql/pglite'];

module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
    '^.+\\.c?js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  testTimeout: 30000,
  // One migrated PGlite database per run, which every suite's app starts from (test/global-setup.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};

// Node 20.19+ loads ESM-only dependencies with require(esm), but Jest's module runtime does not. Those few
// packages, and PGlite and @fastify/cookie (whose CommonJS builds use dynamic import()), are compiled to CommonJS by @swc/jest
// instead, so no --experimental-vm-modules flag is needed.
const esmOnly = ['content-disposition', 'cookie', '@fastify/cookie', '@electric-sql/pglite'];

// Suites whose subject never meets the database: the migration suites and the production-mode start pin embedded
// PGlite themselves, the others test static files, the index page, headers, secrets, the SMS adapter, the monitoring
// files (ops/) or pure code. The PostgreSQL pass (TEST_DATABASE_URL set, `npm test` on CI) leaves them out: run
// there, they would prove on PGlite again what the PGlite pass proved already.
const sameOnEveryDatabase = [
  'test/bank-migration',
  'test/chat-migration',
  'test/howto-migration',
  'test/security/production-mode',
  'test/static',
  'test/ops-console-static',
  'test/index-page',
  'test/index-page-member',
  'test/index-page-parts',
  'test/security/headers',
  'test/secrets-env',
  'test/sms-gateways',
  'test/ops-monitoring',
  // Redis failover through Sentinel: its subject is Redis, whatever the database.
  'test/redis-failover',
  // Unit suites of pure code.
  'src/platform/db/batcher',
  'src/platform/db/pglite-dialect',
  'src/features/deposits/slip-window',
  'src/core/operations/plan',
  'src/features/deposits/options',
  'src/platform/metrics',
  'src/platform/redis',
].map((name) => `<rootDir>/${name}\\.test\\.ts$`);

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
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_DATABASE_URL ? sameOnEveryDatabase : [])],
  testTimeout: 30000,
  // One migrated PGlite database per run, which every suite's app starts from (test/global-setup.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
};

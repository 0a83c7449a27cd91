/** Tests are compiled by SWC (fast, emits decorator metadata); `npm run typecheck` covers types. */
const swc = require('./test/support/swc-options');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The small-disk tests need a private tmpfs (unshare): `npm run test:disk`, which CI runs.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/disk/'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc], '^.+\\.mjs$': ['@swc/jest', swc] },
  // jose 6 ships ESM only: let SWC turn it into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  setupFiles: ['<rootDir>/test/support/setup-env.ts'],
  // The database every test server starts from, migrated and seeded once per run (test/support/prepared-database.ts).
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // Files that start real processes first when jest has no time for them (a fresh clone): test/support/sequencer.js.
  testSequencer: '<rootDir>/test/support/sequencer.js',
  testTimeout: 60000,
  maxWorkers: 2,
};

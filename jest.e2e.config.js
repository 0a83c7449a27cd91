/**
 * End-to-end tests of the explorer web app in Chromium (playwright-core driving /usr/bin/chromium) against a
 * real `metacatalog serve` from the build: `npm run test:e2e`. Not part of `npm test`, which needs no browser.
 */
const swc = require('./test/support/swc-options');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  setupFiles: ['<rootDir>/test/support/setup-env.ts'],
  // Generous: a shared machine under load is slow; nothing here measures speed.
  testTimeout: 300000,
  maxWorkers: 1,
};

/** `npm run test:disk`: the embedded database on a small tmpfs in a private mount namespace (needs `unshare -rm`). */
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/test/disk'],
  testPathIgnorePatterns: ['/node_modules/'],
  // Real processes on their own folders: no test server here starts from the prepared database.
  globalSetup: undefined,
  maxWorkers: 1,
};

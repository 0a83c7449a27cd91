'use strict';
// `node -r ./test/support/register-ts.js src/main.ts …` runs the TypeScript sources as the built CLI runs
// dist/: tests start real metacatalog processes without a build step.
const { addHook } = require('pirates');
const { transformSync } = require('@swc/core');
const options = require('./swc-options');

addHook((code, filename) => transformSync(code, { ...options, filename }).code, {
  exts: ['.ts'],
  ignoreNodeModules: true,
});

#!/usr/bin/env node
'use strict';
// graphql-js runs extra (slow) checks on every instanceof unless NODE_ENV is production.
process.env.NODE_ENV = process.env.NODE_ENV || 'production';
// The CLI runs the compiled code: `npm run build` (or `npm start`) produces dist/.
let cli;
try {
  cli = require('../dist/src/main.js');
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND' && String(error.message).includes('dist/src/main.js')) {
    console.error('metacatalog is not built yet: run `npm run build` first.');
    process.exit(1);
  }
  throw error;
}
cli.main(process.argv);

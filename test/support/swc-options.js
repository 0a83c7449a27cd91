'use strict';
/** How SWC compiles the TypeScript sources for jest and for the processes tests start (decorator metadata included). */
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

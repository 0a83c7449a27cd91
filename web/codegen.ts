import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the explorer from the service's schema.graphql (`npm run codegen`); the output in
 * web/src/gql is committed and CI checks it is current, as it does schema.graphql.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['web/src/**/*.tsx', 'web/src/**/*.ts', '!web/src/gql/**'],
  generates: {
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { JSON: 'unknown', DateTime: 'string', UUID: 'string' },
      },
    },
  },
};

export default config;

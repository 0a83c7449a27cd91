import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The import rules of CONTRIBUTING.md ("Layers"), so that they hold without anyone remembering them.
    files: ['src/**/*.ts', 'migrations/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/common',
              from: ['./src/modules', './src/db', './src/app', './src/main.ts'],
              message: 'common/ is the shared kernel: it imports nothing of the service above it.',
            },
            {
              target: './src/db',
              from: ['./src/modules', './src/app', './src/main.ts'],
              message: 'db/ knows no module: the composition root (app/) hands it entities and seeders.',
            },
            {
              target: './src/modules',
              from: ['./src/app', './src/main.ts'],
              message: 'A module never imports the composition root: it is handed what it needs (e.g. boot).',
            },
            {
              target: './src/modules',
              from: './src/modules/**/*.resolver.ts',
              message: 'Resolvers are the top of a module: import services, entities and loaders instead.',
            },
            {
              target: './src/config.ts',
              from: ['./src/db', './src/modules', './src/app', './src/main.ts'],
              message: 'config.ts parses the environment with common/ helpers at most.',
            },
            {
              target: './migrations',
              from: './src',
              message: 'Migrations are plain SQL: they import nothing of the service.',
            },
          ],
        },
      ],
    },
  },
  {
    // The generated schema is the API's documentation (GraphiQL's explorer shows it): every type, field,
    // argument, input field and enum value is described, lists are Relay connections, names follow the
    // usual GraphQL conventions. Run `npm run schema` first when the decorators change.
    files: ['schema.graphql'],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig: { schema: './schema.graphql' } },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      '@graphql-eslint/require-description': [
        'error',
        {
          types: true,
          rootField: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
          DirectiveDefinition: true,
        },
      ],
      '@graphql-eslint/description-style': ['error', { style: 'block' }],
      '@graphql-eslint/relay-connection-types': 'error',
      // Exceptions the contract (../shared/API.md) fixes: short lists that never grow past a few dozen
      // (a namespace's properties, a provider's traits) are plain lists, not connections; the search hits
      // and tag-usage rows are computed per query, not Node entities with a global id.
      '@graphql-eslint/relay-edge-types': [
        'error',
        { withEdgeSuffix: true, shouldImplementNode: false, listTypeCanWrapOnlyEdgeType: false },
      ],
      '@graphql-eslint/relay-page-info': 'error',
      // Forward-only lists (searchProperties, resourceTagUsage) take first/after; the others add last/before.
      '@graphql-eslint/relay-arguments': ['error', { includeBoth: false }],
      '@graphql-eslint/naming-convention': [
        'error',
        {
          types: 'PascalCase',
          FieldDefinition: 'camelCase',
          InputValueDefinition: 'camelCase',
          Argument: 'camelCase',
          DirectiveDefinition: 'camelCase',
          EnumValueDefinition: 'UPPER_CASE',
          'FieldDefinition[parent.name.value=Query]': {
            forbiddenPrefixes: ['query', 'get'],
            forbiddenSuffixes: ['Query'],
          },
          'FieldDefinition[parent.name.value=Mutation]': {
            forbiddenPrefixes: ['mutation'],
            forbiddenSuffixes: ['Mutation'],
          },
          'FieldDefinition[parent.name.value=Subscription]': {
            forbiddenPrefixes: ['subscription'],
            forbiddenSuffixes: ['Subscription'],
          },
          'EnumTypeDefinition,EnumTypeExtension': {
            forbiddenPrefixes: ['Enum'],
            forbiddenSuffixes: ['Enum'],
          },
          'InterfaceTypeDefinition,InterfaceTypeExtension': {
            forbiddenPrefixes: ['Interface'],
            forbiddenSuffixes: ['Interface'],
          },
          // ResourceType is the contract's name (Glance's "resource type"), not a "…Type" suffix.
          'ObjectTypeDefinition[name.value!=ResourceType],ObjectTypeExtension': {
            forbiddenPrefixes: ['Type'],
            forbiddenSuffixes: ['Type'],
          },
        },
      ],
      // Not on: input-name (the contract's mutations take natural keys such as namespace, name, uuid beside
      // an input) and no-typename-prefix (the contract names Resource.resourceType).
      '@graphql-eslint/no-hashtag-description': 'error',
      '@graphql-eslint/no-unreachable-types': 'error',
      '@graphql-eslint/unique-enum-value-names': 'error',
      '@graphql-eslint/require-deprecation-reason': 'error',
      // Entities carry a global id; values computed per request (payloads, validation results, views,
      // counts) and the Relay plumbing have none.
      '@graphql-eslint/strict-id-in-types': [
        'error',
        {
          acceptedIdNames: ['id'],
          acceptedIdTypes: ['ID'],
          exceptions: {
            suffixes: ['Payload', 'Connection', 'Edge', 'Validation', 'View', 'Count'],
            types: [
              'PageInfo',
              'MetadataError',
              'PropertyItems',
              'PropertySearchHit',
              'ResourceTagUsage',
              'ResourceTypeAssociation',
            ],
          },
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

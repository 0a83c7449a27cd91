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

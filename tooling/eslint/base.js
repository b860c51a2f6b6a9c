// Shared lint rules for every workspace: typed TypeScript rules plus the project's own guard rails.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './no-import-cycle.js';

/**
 * Configuration is parsed once in each app's env.ts; reading process.env anywhere else
 * hides settings from the README's configuration table and skips validation. Test support shipped
 * from a package (`src/testing.ts`) reads the test run's switches, which are not configuration.
 */
export const restrictEnvAccess = {
  files: ['**/*.ts'],
  ignores: ['**/env.ts', '**/*.test.ts', '**/test/**', '**/bench/**', '**/scripts/**', '**/src/testing.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      {
        object: 'process',
        property: 'env',
        message: "Read configuration through the app's env.ts, which validates it once at start.",
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.next/**', '**/node_modules/**', '**/migrations/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', '**/bench/**/*.ts', '**/cli/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  restrictEnvAccess,
  // Issue 12 found two cycles in apps/mcp-server; every workspace's lint now refuses a new one.
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { svc: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'svc/no-import-cycle': 'error' },
  },
);

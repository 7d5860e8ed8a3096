/**
 * ESLint 9 flat config. typescript-eslint's recommended rules without type information (the
 * typecheck is its own step; linting stays fast), the React hooks rules for the web app, and
 * the right globals for each kind of file.
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    'dist/',
    'data/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    '.tmp/',
    'src/app/routeTree.gen.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/shared/**/*.ts'],
    // Shared code runs in tabs, workers and the server: only what all of them have.
    languageOptions: { globals: globals['shared-node-browser'] },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'tests/**/*.{ts,tsx}', '*.config.{js,ts}', '.ci/**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
]);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { featureZones } from './tools/lint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tools/**',
      'test-output/**',
      'tools/bench/scratch/**',
      'coverage/**',
      'apps/server/src/db/migrations/**',
      'apps/web/android/**',
      'apps/web/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read arbitrary JSON answers; strict any-tracking there only adds casts.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Boundaries (docs/architecture.md): a feature imports its own files and other features'
    // index.ts only; shared layers (lib, components, db, plugins) never import features or the
    // app shell; no import cycles.
    files: [
      'apps/*/src/**/*.{ts,tsx}',
      'apps/*/test/**/*.ts',
      'packages/*/src/**/*.ts',
      'tools/**/*.ts',
      'system/**/*.ts',
      'e2e/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are parsed for no-cycle (the plugin's default parses only .js).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('apps/web/src/features'),
            ...featureZones('apps/server/src/features'),
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib and components are shared: they never import features or the app.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features never import the app shell; the app composes features.',
            },
            {
              target: ['./apps/server/src/db', './apps/server/src/plugins'],
              from: ['./apps/server/src/features', './apps/server/src/admin'],
              message: 'db and plugins are shared: they never import features.',
            },
          ],
        },
      ],
    },
  },
  {
    // A workspace package is imported by its name, never by a relative path into it. The test
    // and bench harnesses (tools, system, e2e) build the server in-process and may reach into
    // apps/*, but the contracts only through their package exports.
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/*/test/**/*.ts', 'packages/*/src/**/*.ts'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    files: ['tools/**/*.ts', 'system/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/packages/contracts/**'],
              message: 'Import the contracts by name: @arcadia/contracts (or a subpath export).',
            },
          ],
        },
      ],
    },
  },
);

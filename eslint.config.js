// ESLint: the recommended JS and TypeScript rules, React hooks, and the layering of the architecture
// (docs/decisions.md, "Layering"): a forbidden import fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { layerZones } from './scripts/layers.mjs';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'tests/meta/fixtures/**',
      'tests/unit/layering/fixture/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: import.meta.dirname }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Kysely rows and JSON metadata are dynamic by nature; `any` is reviewed, not banned.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  { files: ['public/sw.js'], languageOptions: { globals: globals.serviceworker } },
);

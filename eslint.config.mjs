// ESLint: typescript-eslint's type-aware recommended rules over the extension, the webviews and the
// tests. The rules that matter most here: no floating promises (a rejection nobody handles), no
// unsafe `any` crossing a boundary, no misused promises in callbacks. `npm test` runs it with
// --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'out/**',
      '.vscode-test/**',
      'test-results/**',
      'test/workspace/**',
      'test/support/offline-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['warn', { fixStyle: 'inline-type-imports' }],
      // An async method that implements an async interface without awaiting is fine.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Scenario steps destructure the driver's methods, which are arrow properties bound by design.
    // Playwright's evaluate() is typed by the caller's assertion of what the page returns.
    files: ['test/e2e/**/*.ts', 'test/bench/**/*.ts'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // The empty extension the footprint bench measures beside Ledger Lens (plain CommonJS).
    files: ['test/bench/baseline-extension/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { sourceType: 'commonjs', globals: { exports: 'writable' } },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
      },
    },
  },
);

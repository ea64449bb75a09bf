// ESLint: typescript-eslint's type-aware recommended rules over the extension, the webviews and the
// tests. The rules that matter most here: no floating promises (a rejection nobody handles), no
// unsafe `any` crossing a boundary, no misused promises in callbacks. `npm test` runs it with
// --max-warnings 0 through test/tools/static-checks.mjs, which hands ESLint the TypeScript programs it
// has already type-checked (`programs`), so the types are worked out once; `npx eslint` on its own
// (an editor, a single file) uses the project service instead.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Mocha's globals: the tests' program declares them, the extension's and the webviews' must not use them. */
const MOCHA_GLOBALS = ['describe', 'it', 'before', 'after', 'beforeEach', 'afterEach', 'context', 'suite', 'test'];

/**
 * The configuration; `programs` are TypeScript programs covering every linted .ts file (the tests'
 * program, which holds src/ too, and the webviews'), or none to let typescript-eslint build its own.
 */
export function ledgerLensConfig({ programs } = {}) {
  return tseslint.config(
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
          ...(programs ? { programs } : { projectService: true }),
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
    {
      // The extension and the webviews are type-checked in the tests' program, where mocha's types are
      // loaded: a stray `describe` in src/ would type-check there, so it is refused here.
      files: ['src/**/*.ts', 'webview/**/*.ts'],
      rules: {
        'no-restricted-globals': [
          'error',
          ...MOCHA_GLOBALS.map(name => ({ name, message: 'mocha globals belong to the tests' })),
        ],
      },
    },
  );
}

export default ledgerLensConfig();

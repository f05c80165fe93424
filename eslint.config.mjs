// ESLint (flat config) with typescript-eslint and type information: `npx eslint .`, also run by `npm test`.
// src/ gets the full type-checked rule set; tests may read JSON of any shape (the `no-unsafe-*` rules are off there).
import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

const readonly = (names) => Object.fromEntries(names.map((n) => [n, 'readonly']));
const nodeGlobals = readonly(['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'AbortController', 'fetch', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'structuredClone', 'performance', '__dirname', 'require', 'exports', 'module']);
const browserGlobals = readonly(['window', 'document', 'navigator', 'acquireVsCodeApi', 'MutationObserver', 'WheelEvent', 'requestAnimationFrame', 'setTimeout', 'clearTimeout', 'setInterval', 'console', 'HTMLElement', 'Event', 'KeyboardEvent']);

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.cache/**', '.vscode-test/**', 'bench/tmp/**', 'test-results/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // Regular expressions meet server text: the two super-linear rules are errors so that no pattern can freeze the
  // extension host on a hostile input (issue #31); the rest of the recommended set keeps patterns plain.
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // node:test and mocha register tests synchronously; the promise they return is the runner's business.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }] },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': 'error',
      // A `let` that a closure reads before its one assignment (a server's handler and the server) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The `!` after an index access (`m[1]!`) states what `noUncheckedIndexedAccess` would make us check; src/
      // compiles under that flag, so the assertions stay even where the current settings find them unnecessary.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['**/*.ts'],
    rules: { 'no-undef': 'off' }, // TypeScript checks names itself
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Fakes implement async interfaces without awaiting anything; failure messages print whatever they got.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      // Tests call the callbacks of option objects they captured (validateInput of an input box).
      '@typescript-eslint/unbound-method': 'off',
      // The harness, the test server and the bench report on the terminal.
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { globals: nodeGlobals },
    rules: { 'no-console': 'off' },
  },
  {
    // Functions the bench sends into the browser page (page.evaluate) use its globals.
    files: ['bench/lib/**/*.mjs'],
    languageOptions: { globals: { ...nodeGlobals, ...browserGlobals } },
  },
  {
    files: ['bench/hello-world/**/*.js', 'bench/review-floor/**/*.js'],
    languageOptions: { globals: nodeGlobals, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['media/**/*.js'],
    languageOptions: { globals: browserGlobals, sourceType: 'script' },
  },
);

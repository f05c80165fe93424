// Mutation testing of the guarding modules (`npm run mutate`; not part of `npm test`: it takes minutes). StrykerJS
// copies the project into .stryker-tmp/, writes every mutant of the modules listed in scripts/mutation-guards.mjs
// into their source at once (mutant switching), compiles the copy once with tsc, then runs their unit tests
// (scripts/run-guard-tests.mjs) once per mutant with that mutant switched on by an environment variable. A mutant
// the tests still pass with is a change to a guard nobody would notice: the run fails under 90 % killed.
// Reports: the table on the terminal, reports/mutation/index.html and mutation.json.
import { mutatePatterns } from './scripts/mutation-guards.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: mutatePatterns(),
  testRunner: 'command',
  // One process per mutant that stops at the first failing test (a killed mutant needs no more).
  commandRunner: { command: 'node --test-reporter=./scripts/test-reporter-bail.mjs scripts/run-guard-tests.mjs' },
  // tsc type-checks too; Stryker marks the copies `// @ts-nocheck` (disableTypeChecks) so mutants still compile.
  buildCommand: 'npx tsc -p .',
  checkers: [],
  // Each mutant runs in a fresh process, so mutants in module-level constants (static ones) are tested as well.
  coverageAnalysis: 'off',
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // What the copy needs is src/, test/, scripts/ and the configs; build output and caches (.cache links to the
  // editors and browsers the harness installs) stay out. Stryker links node_modules into the copy.
  ignorePatterns: ['.cache', 'out', 'dist', 'reports', 'test-results', '.vscode-test', 'bench/tmp', '*.vsix'],
  // A busy machine (other builds running) slows the tests down; a mutant is a timeout only well past that.
  timeoutMS: 20000,
};

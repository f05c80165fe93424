// Runs the compiled unit tests of the guarding modules (scripts/mutation-guards.mjs) in this one process: Stryker's
// command runner starts it once per mutant, and `node --test` would start a process per file on top. node:test
// runs the tests these imports register and exits with 1 when one fails (a module that throws on load fails too).
// Usage: `npx tsc -p . && node scripts/run-guard-tests.mjs` (npm run mutate runs it in Stryker's sandbox).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledGuardTests } from './mutation-guards.mjs';

const files = compiledGuardTests();
const missing = files.filter((f) => !existsSync(f));
if (missing.length > 0) {
  console.error(`run-guard-tests: not compiled: ${missing.join(', ')} (run tsc -p . first)`);
  process.exit(1);
}
for (const file of files) await import(pathToFileURL(resolve(file)).href);

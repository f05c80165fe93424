// Runs the compiled unit tests of the guarding modules (scripts/mutation-guards.mjs) in this one process: Stryker's
// command runner starts it once per mutant, and `node --test` would start a process per file on top. node:test
// runs the tests these imports register and exits with 1 when one fails (a module that throws on load fails too).
// Under `npm run mutate` one mutant is switched on (Stryker's __STRYKER_ACTIVE_MUTANT__): only the tests of the
// guards whose compiled code holds its switch (`stryMutAct_9fa48("id")`) run, about a third of the time of all.
// Usage: `npx tsc -p . && node scripts/run-guard-tests.mjs` (npm run mutate runs it in Stryker's sandbox).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GUARDS, compiledPath, mutatedFiles } from './mutation-guards.mjs';

function guardsOf(mutantId) {
  const switchOf = new RegExp(`stryMutAct_9fa48\\(["']${mutantId}["']\\)`);
  const holding = GUARDS.filter((g) => mutatedFiles(g).some((file) => switchOf.test(readFileSync(compiledPath(file), 'utf8'))));
  return holding.length > 0 ? holding : GUARDS;
}

const mutantId = process.env.__STRYKER_ACTIVE_MUTANT__;
const guards = mutantId === undefined ? GUARDS : guardsOf(mutantId);
const files = [...new Set(guards.flatMap((g) => g.tests))].map(compiledPath);
const missing = files.filter((f) => !existsSync(f));
if (missing.length > 0) {
  console.error(`run-guard-tests: not compiled: ${missing.join(', ')} (run tsc -p . first)`);
  process.exit(1);
}
for (const file of files) await import(pathToFileURL(resolve(file)).href);

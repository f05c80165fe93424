// Runs every compiled unit test (out/test/unit/**/*.test.js) with Node's built-in test runner.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files.push(...collect(p));
    else if (name.endsWith('.test.js')) files.push(p);
  }
  return files;
}
const filter = process.argv[2];
const files = collect('out/test/unit').filter((f) => !filter || f.includes(filter)).sort();
// Without files `node --test` looks for tests everywhere (the harness and the UI suite included): stop instead.
if (files.length === 0) {
  console.error(`run-unit: no compiled unit test file under out/test/unit matches "${filter ?? ''}" (run tsc -p . first?)`);
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);

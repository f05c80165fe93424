// `npm run test:integration:each`: runs every in-host test file (test/integration/*.itest.ts) alone, each in a
// fresh VS Code with its own test server (the harness's GITEA_ITEST_FILES), one after the other, so a file that
// leans on what another file left behind, or on the order of the suite, shows up. Prints each file's result and
// time, then the total; exits non-zero when any file failed. `node scripts/itest-each.mjs a,b` runs only those.
// Needs `npx tsc -p .` and `node scripts/build.mjs` first (the npm script runs both). Heavy: one VS Code start per file.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const HARNESS = join(ROOT, 'out', 'test', 'harness', 'run-integration.js');
const LOGS = join(ROOT, 'test-results', 'itest-each');

const all = readdirSync(join(ROOT, 'test', 'integration')).filter((f) => f.endsWith('.itest.ts')).map((f) => f.slice(0, -'.itest.ts'.length)).sort();
const wanted = (process.argv[2] ?? '').split(',').map((n) => n.trim()).filter(Boolean);
const unknown = wanted.filter((n) => !all.includes(n));
if (unknown.length) {
  console.error(`itest-each: no test/integration/${unknown[0]}.itest.ts (files: ${all.join(', ')})`);
  process.exit(2);
}
for (const [file, hint] of [[HARNESS, 'npx tsc -p .'], [join(ROOT, 'dist', 'extension.js'), 'node scripts/build.mjs']]) {
  if (!existsSync(file)) {
    console.error(`itest-each: ${file} is missing: run \`${hint}\` first`);
    process.exit(2);
  }
}
const files = wanted.length ? wanted : all;
mkdirSync(LOGS, { recursive: true });

/** Runs the harness on one file; resolves to its summary line's counts and the time taken. */
function runOne(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const log = createWriteStream(join(LOGS, `${name}.log`));
    const child = spawn(process.execPath, [HARNESS], { cwd: ROOT, env: { ...process.env, GITEA_ITEST_FILES: name }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk) => {
      log.write(chunk);
      tail = (tail + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      log.end();
      const m = /^integration: (\d+) passed, (\d+) failed$/m.exec(tail);
      resolve({ name, code, passed: m ? Number(m[1]) : 0, failed: m ? Number(m[2]) : 0, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const t0 = Date.now();
const results = [];
console.log(`itest-each: ${files.length} file(s), each alone; logs in test-results/itest-each/`);
for (const name of files) {
  const r = await runOne(name);
  results.push(r);
  const ok = r.code === 0 && r.failed === 0 && r.passed > 0;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(28)} ${String(r.passed).padStart(3)} passed, ${r.failed} failed  ${r.seconds.toFixed(1)} s${ok ? '' : `  (exit ${r.code}; see test-results/itest-each/${name}.log)`}`);
}
const bad = results.filter((r) => !(r.code === 0 && r.failed === 0 && r.passed > 0));
const total = (Date.now() - t0) / 1000;
console.log(`itest-each: ${results.length - bad.length} of ${results.length} files passed alone, ${results.reduce((n, r) => n + r.passed, 0)} tests passed, ${results.reduce((n, r) => n + r.failed, 0)} failed; ${Math.floor(total / 60)} min ${Math.round(total % 60)} s in all`);
process.exit(bad.length ? 1 : 0);

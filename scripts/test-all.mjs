// `npm test`: the single command that runs every suite — compile, lint (ESLint), bundle, package the .vsix, then unit tests
// (node:test), the in-host integration suite and the UI suite, both inside a real VS Code (code-server): the newest
// release, then the oldest that package.json's engines.vscode admits (each suite on each editor is its own phase).
// Prints each phase, then one summary line `N passed, M failed`; exits non-zero when any phase fails.
// GITEA_TEST_PHASES=unit,integration picks phases by their first word; GITEA_TEST_EDITORS=newest (or oldest) one editor.
import { spawn } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const EDITORS = ['newest', 'oldest'];
/** The suites that run in a real VS Code, once per editor (GITEA_TEST_CODE_SERVER tells the harness which). */
const inEditor = (editor) => [
  { name: `integration ${editor}`, editor, cmd: process.execPath, args: ['out/test/harness/run-integration.js'], counts: /^integration: (\d+) passed, (\d+) failed$/ },
  { name: `e2e ${editor}`, editor, cmd: process.execPath, args: ['out/test/harness/run-e2e.js'], counts: /^e2e: (\d+) passed, (\d+) failed$/ },
];
const editors = process.env.GITEA_TEST_EDITORS?.split(',') ?? EDITORS;
const phases = [
  { name: 'compile', cmd: npx, args: ['tsc', '-p', '.'] },
  // A lint failure fails the run but does not stop the suites: both results are worth seeing.
  { name: 'lint', cmd: npx, args: ['eslint', '.'], keepGoing: true },
  { name: 'bundle + package', cmd: 'npm', args: ['run', 'package', '--silent'] },
  { name: 'unit', cmd: process.execPath, args: ['scripts/run-unit.mjs'], counts: /^# (pass|fail) (\d+)$/ },
  ...EDITORS.filter((e) => editors.includes(e)).flatMap(inEditor),
];
const only = process.env.GITEA_TEST_PHASES?.split(',');

/** `VS Code 1.96.4` for a phase's editor, from the harness's code-server choice (compiled by the first phase). */
async function editorLabel(editor) {
  try {
    const { createRequire } = await import('node:module');
    const plan = createRequire(import.meta.url)('../out/test/harness/toolPlan.js');
    const version = plan.selectedCodeServerVersion({ GITEA_TEST_CODE_SERVER: editor });
    return `code-server ${version}, VS Code ${version.replace(/^4\./, '1.')}`;
  } catch {
    // expected: the compile phase did not run or failed; the editor's word says enough
    return `${editor} editor`;
  }
}

function runPhase(phase) {
  return new Promise((resolve) => {
    const started = Date.now();
    const env = phase.editor ? { ...process.env, GITEA_TEST_CODE_SERVER: phase.editor } : process.env;
    const child = spawn(phase.cmd, phase.args, { stdio: ['ignore', 'pipe', 'inherit'], env });
    let passed = 0;
    let failed = 0;
    let buffered = '';
    // The failures' report (mocha's `N failing` block, node:test's `not ok` lines), repeated in the summary: CI keeps
    // only the end of the output, and a failure of an early phase scrolled out of it.
    const failures = [];
    let failingBlock = 0;
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (/^\s*\d+ failing/.test(line)) failingBlock = 30;
        else if (/^\[/.test(line)) failingBlock = 0;
        if ((failingBlock-- > 0 || /^\s*not ok \d+ - /.test(line)) && failures.length < 80) failures.push(line);
        const m = phase.counts?.exec(line.trim());
        if (!m) continue;
        if (m[1] === 'pass') passed += Number(m[2]);
        else if (m[1] === 'fail') failed += Number(m[2]);
        else [passed, failed] = [Number(m[1]), Number(m[2])];
      }
    });
    const stop = (signal) => child.kill(signal);
    process.once('SIGINT', stop).once('SIGTERM', stop);
    child.on('close', (code) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve({ code: code ?? 1, passed, failed, failures, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const results = [];
let ok = true;
for (const phase of phases) {
  if (only && !only.includes(phase.name.split(' ')[0])) continue;
  process.stdout.write(`\n=== ${phase.name}${phase.editor ? ` (${await editorLabel(phase.editor)})` : ''} ===\n`);
  const r = await runPhase(phase);
  results.push({ phase: phase.name, editor: phase.editor && (await editorLabel(phase.editor)), ...r });
  if (r.code !== 0) {
    ok = false;
    // Without a build there is nothing to test; later phases would only repeat the failure.
    if (!phase.counts && !phase.keepGoing) break;
  }
}
process.stdout.write('\n=== summary ===\n');
for (const r of results) {
  const counts = r.passed || r.failed ? ` ${r.passed} passed, ${r.failed} failed` : '';
  process.stdout.write(`${r.phase.padEnd(20)} ${r.code === 0 ? 'ok  ' : 'FAIL'}${counts} (${r.seconds}s)${r.editor ? ` ${r.editor}` : ''}\n`);
}
for (const r of results.filter((x) => x.failures.length > 0)) {
  // A UI file that failed is run again from a fresh code-server (run-e2e.ts): a phase that passed passed on the rerun.
  const heading = r.code === 0 && r.failed === 0 ? `failed once in ${r.phase}, then passed when run again` : `what failed in ${r.phase}`;
  process.stdout.write(`\n--- ${heading} ---\n${r.failures.join('\n')}\n`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(ok ? 0 : 1);

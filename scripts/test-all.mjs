// `npm test`: the single command that runs every suite — compile, lint (ESLint), bundle, package the .vsix, then unit tests
// (node:test), the in-host integration suite and the UI suite, both inside a real VS Code (code-server).
// Prints each phase, then one summary line `N passed, M failed`; exits non-zero when any phase fails.
import { spawn } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const phases = [
  { name: 'compile', cmd: npx, args: ['tsc', '-p', '.'] },
  // A lint failure fails the run but does not stop the suites: both results are worth seeing.
  { name: 'lint', cmd: npx, args: ['eslint', '.'], keepGoing: true },
  { name: 'bundle + package', cmd: 'npm', args: ['run', 'package', '--silent'] },
  { name: 'unit', cmd: process.execPath, args: ['scripts/run-unit.mjs'], counts: /^# (pass|fail) (\d+)$/ },
  { name: 'integration', cmd: process.execPath, args: ['out/test/harness/run-integration.js'], counts: /^integration: (\d+) passed, (\d+) failed$/ },
  { name: 'e2e', cmd: process.execPath, args: ['out/test/harness/run-e2e.js'], counts: /^e2e: (\d+) passed, (\d+) failed$/ },
];
const only = process.env.GITEA_TEST_PHASES?.split(',');

function runPhase(phase) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(phase.cmd, phase.args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let passed = 0;
    let failed = 0;
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
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
      resolve({ code: code ?? 1, passed, failed, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const results = [];
let ok = true;
for (const phase of phases) {
  if (only && !only.includes(phase.name.split(' ')[0])) continue;
  process.stdout.write(`\n=== ${phase.name} ===\n`);
  const r = await runPhase(phase);
  results.push({ phase: phase.name, ...r });
  if (r.code !== 0) {
    ok = false;
    // Without a build there is nothing to test; later phases would only repeat the failure.
    if (!phase.counts && !phase.keepGoing) break;
  }
}
process.stdout.write('\n=== summary ===\n');
for (const r of results) {
  const counts = r.passed || r.failed ? ` ${r.passed} passed, ${r.failed} failed` : '';
  process.stdout.write(`${r.phase.padEnd(18)} ${r.code === 0 ? 'ok  ' : 'FAIL'}${counts} (${r.seconds}s)\n`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(ok ? 0 : 1);

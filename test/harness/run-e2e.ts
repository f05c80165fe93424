// `npm run test:e2e`: UI specs (test/e2e/*.e2e.ts) with Playwright against code-server, working as a user does.
// One Chromium and one server (test server or real) per run; per spec file a fresh code-server (the packaged
// .vsix installed, no smoke-test driver so notifications show), a fresh workspace clone and, on the test server,
// the seed state restored — so a spec starts signed out and never sees what another spec did.
// `node out/test/harness/run-e2e.js [file-filter]`; GITEA_E2E_GREP filters tests by title.
// A spec file with a failure runs once more from scratch (GITEA_E2E_RETRIES, default 1): a browser driving a real
// VS Code loses a click now and then, and a second fresh run tells that apart from a defect. Both runs' results are
// printed, and a file that passed only the second time is named in the summary as flaky.
// Ends with the line `e2e: N passed, M failed`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import Mocha from 'mocha';
import { noteFailure, takeFailureScreenshots } from '../e2e/vscodePage';
import { setSession } from '../e2e/session';
import { launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { ensureTools, ToolsMissingError } from './install';
import { OUT_DIR, VSIX_PATH } from './paths';
import { installCleanupHandlers, runCleanups } from './proc';
import { cloneTargetWorkspace, startTarget, targetEnv, type Target } from './target';
import type { TargetInfo } from './targetInfo';
import { fallbackMessage } from './toolPlan';
import type { Browser } from 'playwright-core';

const E2E_DIR = join(OUT_DIR, 'test', 'e2e');
const RETRIES = Number(process.env.GITEA_E2E_RETRIES ?? 1);
const OVERALL_TIMEOUT_MS = Number(process.env.GITEA_E2E_RUN_TIMEOUT_MS ?? 30 * 60_000);

function collect(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files.push(...collect(p));
    else if (name.endsWith('.e2e.js')) files.push(p);
  }
  return files.sort();
}

interface Counts {
  passes: number;
  failures: number;
  pending: number;
  tests: number;
}

async function runSpecFile(file: string, target: Target, browser: Browser, vsix: string): Promise<Counts> {
  const label = basename(file, '.e2e.js');
  await target.reset?.();
  const workspace = await cloneTargetWorkspace(target);
  const info: TargetInfo = { ...target.info, workspace: workspace.path };
  // TypeScript's own checks of the workspace's sample files would put problems on the README's pictures.
  const settings = { 'typescript.validate.enable': false, 'javascript.validate.enable': false };
  const codeServer = await startCodeServer({ name: `e2e-${label}`, installExtensions: [vsix], env: targetEnv(info), settings });
  setSession({ target: info, codeServer, browser });
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    timeout: Number(process.env.GITEA_E2E_TIMEOUT_MS ?? 60_000),
    ...(process.env.GITEA_E2E_GREP ? { grep: process.env.GITEA_E2E_GREP } : {}),
  });
  try {
    mocha.rootHooks({ afterEach: () => takeFailureScreenshots() });
    mocha.addFile(file);
    // Required (not imported: an imported module cannot be unloaded) so that a second run of the file defines its
    // tests again. `loadFiles` is public in Mocha, protected only in its type declarations.
    (mocha as unknown as { loadFiles(): void }).loadFiles();
    return await new Promise<Counts>((resolve) => {
      const runner = mocha.run(() => {
        const s = runner.stats!;
        resolve({ passes: s.passes, failures: s.failures, pending: s.pending, tests: s.tests });
      });
      runner.on('fail', (test) => noteFailure(`failed-${test.fullTitle().replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`));
    });
  } finally {
    mocha.unloadFiles();
    setSession(undefined);
    await codeServer.stop();
    workspace.dispose();
  }
}

async function main(): Promise<Counts> {
  const vsix = process.env.GITEA_E2E_VSIX ?? VSIX_PATH;
  if (!existsSync(vsix)) throw new Error(`${vsix} is missing: run \`npm run package\` first`);
  // `jobLog` or `jobLog,ciActions`: the spec files whose path holds one of the words.
  const filter = process.argv[2];
  const words = filter?.split(',').filter(Boolean) ?? [];
  const files = collect(E2E_DIR).filter((f) => words.length === 0 || words.some((w) => f.includes(w)));
  if (files.length === 0) throw new Error(`no spec in ${E2E_DIR}${filter ? ` matching "${filter}"` : ''}`);
  // The tools first: a machine without them stops here with what is missing, before a server is provisioned.
  await ensureTools();
  const target = await startTarget();
  const browser = await launchBrowser();
  const total: Counts = { passes: 0, failures: 0, pending: 0, tests: 0 };
  const flaky: string[] = [];
  for (const file of files) {
    let counts = await runSpecFileSafely(file, target, browser, vsix);
    for (let retry = 1; counts.failures > 0 && retry <= RETRIES; retry++) {
      process.stdout.write(`[e2e] ${basename(file)}: ${counts.failures} failed; running the file again from a fresh code-server (run ${retry + 1})\n`);
      counts = await runSpecFileSafely(file, target, browser, vsix);
      if (counts.failures === 0) flaky.push(basename(file, '.e2e.js'));
    }
    for (const k of Object.keys(total) as (keyof Counts)[]) total[k] += counts[k];
  }
  if (flaky.length > 0) process.stdout.write(`[e2e] failed once, then passed from scratch (flaky): ${flaky.join(', ')}\n`);
  return total;
}

async function runSpecFileSafely(file: string, target: Target, browser: Browser, vsix: string): Promise<Counts> {
  try {
    return await runSpecFile(file, target, browser, vsix);
  } catch (e) {
    // A spec file that does not load, or a code-server that does not start, fails that file only.
    process.stderr.write(`[e2e] ${basename(file)}: ${(e as Error).stack ?? e}\n`);
    return { passes: 0, failures: 1, pending: 0, tests: 1 };
  }
}

async function cli(): Promise<void> {
  installCleanupHandlers();
  const started = Date.now();
  const timer = setTimeout(() => {
    process.stderr.write(`[e2e] the run did not finish within ${OVERALL_TIMEOUT_MS / 1000} s\n`);
    void runCleanups().finally(() => {
      process.stdout.write('e2e: 0 passed, 1 failed\n');
      process.exit(1);
    });
  }, OVERALL_TIMEOUT_MS);
  let counts: Counts | undefined;
  let error: string | undefined;
  try {
    counts = await main();
  } catch (e) {
    // A tool this machine cannot have is not a failure of the suite: say what is missing and the way on.
    error = e instanceof ToolsMissingError ? fallbackMessage(e.plan, 'e2e', e.version) : ((e as Error).stack ?? String(e));
  } finally {
    await runCleanups();
    clearTimeout(timer);
  }
  if (error) process.stderr.write(`[e2e] ${error}\n`);
  if (counts) process.stdout.write(`[e2e] ${counts.tests} tests, ${counts.pending} pending, ${((Date.now() - started) / 1000).toFixed(1)} s in all\n`);
  process.stdout.write(`e2e: ${counts?.passes ?? 0} passed, ${counts?.failures ?? 0} failed\n`);
  process.exit(!error && counts && counts.failures === 0 && counts.tests > 0 ? 0 : 1);
}

void cli();

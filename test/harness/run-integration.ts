// `npm run test:integration`: the in-host suite (test/integration) inside a real VS Code (code-server), the way
// @vscode/test-electron runs it on the desktop. Test server (or real server) → workspace clone → code-server with
// the smoke-test driver → Chromium opens the folder with the extension-development payload → mocha runs in the
// extension host; its output arrives through codeAutomationLog and the exit code through codeAutomationExit.
// Ends with the line `integration: N passed, M failed`; exits non-zero on failures, a crash, or when nothing ran.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { ensureTools, ToolsMissingError } from './install';
import { OUT_DIR, REPO_ROOT, RESULTS_DIR } from './paths';
import { installCleanupHandlers, runCleanups, withTimeout } from './proc';
import { cloneTargetWorkspace, startTarget, targetEnv } from './target';
import { fallbackMessage } from './toolPlan';
import { ITEST_OUTPUT_PREFIX, ITEST_RESULT_PREFIX, type ItestResult, type TargetInfo } from './targetInfo';

const OVERALL_TIMEOUT_MS = Number(process.env.GITEA_ITEST_RUN_TIMEOUT_MS ?? 10 * 60_000);
const TESTS_ENTRY = join(OUT_DIR, 'test', 'integration', 'index.js');

/** codeAutomationLog receives the console call's arguments as an array (`["    ✔ %s", "title"]`). */
function formatLogMessage(message: unknown): string {
  if (Array.isArray(message)) return format(...(message as unknown[]));
  if (typeof message !== 'string') return format(message);
  try {
    const args = JSON.parse(message) as unknown;
    if (Array.isArray(args)) return format(...(args as unknown[]));
  } catch {
    // plain text
  }
  return message;
}

async function main(): Promise<{ result?: ItestResult; exitCode?: number; error?: string }> {
  for (const [file, hint] of [
    [join(REPO_ROOT, 'dist', 'extension.js'), 'node scripts/build.mjs'],
    [TESTS_ENTRY, 'npx tsc -p .'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`${hint}\` first`);
  }
  // The server first: the run's first lines say what it runs against (and, on a real server, what was provisioned).
  const target = await startTarget();
  const workspace = await cloneTargetWorkspace(target);
  const info: TargetInfo = { ...target.info, workspace: workspace.path };
  const codeServer = await startCodeServer({
    name: 'itest',
    smokeTestDriver: true,
    // No background polls of the unread count: the suites count requests; the notification tests turn it on.
    settings: { 'gitea.notifications.pollInterval': 0 },
    env: {
      ...targetEnv(info),
      GITEA_ITEST_MARK: '1',
      GITEA_ITEST_GREP: process.env.GITEA_ITEST_GREP,
      GITEA_ITEST_FILES: process.env.GITEA_ITEST_FILES,
      GITEA_ITEST_TIMEOUT_MS: process.env.GITEA_ITEST_TIMEOUT_MS,
    },
  });
  const browser = await launchBrowser();
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();

  const transcript: string[] = [];
  let result: ItestResult | undefined;
  let resolveExit!: (code: number) => void;
  const exited = new Promise<number>((r) => (resolveExit = r));
  await page.exposeFunction('codeAutomationLog', (level: string, message: unknown) => {
    const text = formatLogMessage(message);
    transcript.push(`${level}: ${text}`);
    if (text.startsWith(ITEST_RESULT_PREFIX)) result = JSON.parse(text.slice(ITEST_RESULT_PREFIX.length)) as ItestResult;
    else if (text.startsWith(ITEST_OUTPUT_PREFIX)) process.stdout.write(`${text.slice(ITEST_OUTPUT_PREFIX.length)}\n`);
  });
  await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
  page.on('pageerror', (e) => transcript.push(`pageerror: ${e.message}`));

  const payload: [string, string][] = [
    ['extensionDevelopmentPath', codeServer.remoteUri(REPO_ROOT)],
    ['extensionTestsPath', codeServer.remoteUri(TESTS_ENTRY)],
  ];
  const started = Date.now();
  await page.goto(codeServer.folderUrl(workspace.path, payload));
  const exitCode = await Promise.race([exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), OVERALL_TIMEOUT_MS).unref())]);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'integration.log'), transcript.join('\n'));
  if (exitCode === undefined) {
    await page.screenshot({ path: join(RESULTS_DIR, 'integration-timeout.png') }).catch(() => undefined);
    return { result, error: `the in-host run did not finish within ${OVERALL_TIMEOUT_MS / 1000} s (see test-results/integration.log)` };
  }
  process.stdout.write(`[integration] extension host exited with ${exitCode} after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return { result, exitCode };
}

async function cli(): Promise<void> {
  installCleanupHandlers();
  const t = Date.now();
  let outcome: Awaited<ReturnType<typeof main>>;
  try {
    // The tools first, outside the run's time: a fresh clone installs code-server and its native modules, which
    // took 410 s on a loaded machine and ate the suite's time; a stuck npm is npm's to time out (and CI's to stop).
    // Startup (server, clone, code-server) gets a margin on top of the suite's timeout.
    await ensureTools();
    outcome = await withTimeout(main(), OVERALL_TIMEOUT_MS + 5 * 60_000, 'the integration run');
  } catch (e) {
    // A tool this machine cannot have is not a failure of the suite: say what is missing and the way on.
    outcome = { error: e instanceof ToolsMissingError ? fallbackMessage(e.plan, 'integration', e.version) : ((e as Error).stack ?? String(e)) };
  } finally {
    await runCleanups();
  }
  const { result, exitCode, error } = outcome;
  if (error) process.stderr.write(`[integration] ${error}\n`);
  if (result) process.stdout.write(`[integration] ${result.tests} tests, ${result.pending} pending, ${((Date.now() - t) / 1000).toFixed(1)} s in all\n`);
  else if (!error) {
    process.stderr.write('[integration] the suite reported no result: run() failed before mocha finished (see test-results/integration.log)\n');
  }
  const passes = result?.passes ?? 0;
  const failures = result?.failures ?? 0;
  process.stdout.write(`integration: ${passes} passed, ${failures} failed\n`);
  const ok = !error && exitCode === 0 && result !== undefined && failures === 0 && passes + result.pending > 0 && result.tests > 0;
  process.exit(ok ? 0 : 1);
}

void cli();

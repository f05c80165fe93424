// `npm run test:electron`: the same in-host suite through @vscode/test-electron on a desktop VS Code. It downloads
// VS Code from Microsoft's update server, which is unreachable on the project's build machines — there
// `npm run test:integration` (code-server) is the way; here this fails early with a message saying so.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { OUT_DIR, REPO_ROOT } from './paths';
import { installCleanupHandlers, runCleanups } from './proc';
import { cloneTargetWorkspace, startTarget, targetEnv } from './target';

const TESTS_ENTRY = join(OUT_DIR, 'test', 'integration', 'index.js');

async function main(): Promise<number> {
  if (!existsSync(join(REPO_ROOT, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: run `node scripts/build.mjs` first');
  let vscodeExecutablePath: string;
  try {
    vscodeExecutablePath = await downloadAndUnzipVSCode(process.env.GITEA_ELECTRON_VSCODE_VERSION ?? 'stable');
  } catch (e) {
    process.stderr.write(
      `[electron] could not download VS Code (${(e as Error).message}).\n` +
        '[electron] This machine cannot reach update.code.visualstudio.com; run the same suite in code-server with\n' +
        '[electron]   npm run test:integration\n',
    );
    return 2;
  }
  const target = await startTarget();
  const workspace = await cloneTargetWorkspace(target);
  const info = { ...target.info, workspace: workspace.path };
  try {
    return await runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: TESTS_ENTRY,
      extensionTestsEnv: {
        ...targetEnv(info),
        GITEA_ITEST_GREP: process.env.GITEA_ITEST_GREP,
        GITEA_ITEST_TIMEOUT_MS: process.env.GITEA_ITEST_TIMEOUT_MS,
      },
      launchArgs: [workspace.path, '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
  } catch (e) {
    process.stderr.write(`[electron] ${(e as Error).message}\n`);
    return 1;
  }
}

installCleanupHandlers();
void main()
  .catch((e: Error) => {
    process.stderr.write(`[electron] ${e.stack ?? e.message}\n`);
    return 1;
  })
  .then(async (code) => {
    await runCleanups();
    process.stdout.write(`integration (electron): ${code === 0 ? 'passed' : 'failed'}\n`);
    process.exit(code);
  });

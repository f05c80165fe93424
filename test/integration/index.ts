// The in-host test entry point (the @vscode/test-electron contract): VS Code loads this module in the extension
// host and awaits run(). It runs every out/test/integration/**/*.itest.js with mocha; the spec reporter's output
// reaches the harness through console → codeAutomationLog, followed by one machine-readable result line.
// GITEA_ITEST_FILES (`reviewThreads,accountViews`: names without .itest.js) runs only those files; a name that
// matches no file fails the run, so a typo never passes as "0 tests".
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';
import { ITEST_OUTPUT_PREFIX, ITEST_RESULT_PREFIX, type ItestResult } from '../harness/targetInfo';

function collect(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files.push(...collect(p));
    else if (name.endsWith('.itest.js')) files.push(p);
  }
  return files.sort();
}

/** The files named in `list` (comma-separated base names, `.itest.js` optional), or all when it is empty. */
export function selected(files: readonly string[], list: string | undefined): string[] {
  const names = (list ?? '').split(',').map((n) => n.trim().replace(/\.itest\.(?:js|ts)$/, '')).filter(Boolean);
  if (!names.length) return [...files];
  const nameOf = (f: string) => basename(f, '.itest.js');
  const unknown = names.filter((n) => !files.some((f) => nameOf(f) === n));
  if (unknown.length) throw new Error(`GITEA_ITEST_FILES names no in-host test file: ${unknown.join(', ')}`);
  return files.filter((f) => names.includes(nameOf(f)));
}

export async function run(): Promise<void> {
  // Under code-server the log that reaches the harness mixes VS Code's own messages with ours: mark the
  // reporter's lines. (@vscode/test-electron prints the extension host's stdout as is: no mark there.)
  if (process.env.GITEA_ITEST_MARK === '1') {
    const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
    base.consoleLog = (...args: unknown[]) => console.log(`${ITEST_OUTPUT_PREFIX}${format(...args)}`);
  }
  const grep = process.env.GITEA_ITEST_GREP;
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false,
    timeout: Number(process.env.GITEA_ITEST_TIMEOUT_MS ?? 30_000),
    ...(grep ? { grep } : {}),
  });
  for (const file of selected(collect(__dirname), process.env.GITEA_ITEST_FILES)) mocha.addFile(file);
  await mocha.loadFilesAsync();
  const stats = await new Promise<ItestResult>((resolve) => {
    const runner = mocha.run(() => {
      const s = runner.stats!;
      resolve({ passes: s.passes, failures: s.failures, pending: s.pending, tests: s.tests });
    });
  });
  console.log(`${ITEST_RESULT_PREFIX}${JSON.stringify(stats)}`);
  if (stats.failures > 0) throw new Error(`${stats.failures} integration test(s) failed`);
}

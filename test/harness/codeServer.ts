// Starts a real VS Code (code-server, see ../shared/notes/real-vscode.md) on a free 127.0.0.1 port, in its own
// process group, with its own user-data, extensions and config under a temp folder, so runs never share state
// with each other or with ~/.config. stop() ends the whole group; it is also registered as a run cleanup.
import { mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTools } from './install';
import { onCleanup, run, sleep, spawnGroup, type GroupProcess } from './proc';

export interface CodeServerOptions {
  /** Label for the temp folder and log lines. */
  name?: string;
  /** Extra environment for code-server; it reaches the extension host (test server URL, credentials, …). */
  env?: Record<string, string | undefined>;
  /** `--vscode-option enable-smoke-test-driver`: needed for the in-host test payload; hides notification toasts. */
  smokeTestDriver?: boolean;
  /** .vsix files to install with --install-extension before starting. */
  installExtensions?: string[];
  /** Merged over the quiet defaults in User/settings.json. */
  settings?: Record<string, unknown>;
  /** Keep the temp folder after stop() (for debugging; also GITEA_HARNESS_KEEP=1). */
  keep?: boolean;
  /** Use this folder for user data, extensions and config instead of a fresh temp one (kept on stop). */
  dir?: string;
  /** Fixed port (default: a free one). */
  port?: number;
}

export interface CodeServer {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** `127.0.0.1:PORT`: the authority of `vscode-remote://` URIs for this instance. */
  readonly authority: string;
  readonly port: number;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  readonly logFile: string;
  /** The workbench URL that opens `folder`, with an optional in-host test payload. */
  folderUrl(folder: string, payload?: [string, string][]): string;
  /** A `vscode-remote://` URI for a path on this machine, as the dev payload needs. */
  remoteUri(absPath: string): string;
  /** Last lines of code-server's log, for error messages. */
  logTail(lines?: number): string;
  stop(): Promise<void>;
}

/** Settings that keep the screen quiet and stable for tests (from the note). */
export const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'telemetry.telemetryLevel': 'off',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'git.openRepositoryInParentFolders': 'always',
  'security.workspace.trust.enabled': false,
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Without these, a harness started from a VS Code terminal would talk to that VS Code instead of ours. */
function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('VSCODE_') || k === 'ELECTRON_RUN_AS_NODE' || k.startsWith('npm_') || k === 'NODE_OPTIONS') continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export async function startCodeServer(options: CodeServerOptions = {}): Promise<CodeServer> {
  const tools = await ensureTools({ chromium: false });
  const name = options.name ?? 'code-server';
  const keep = options.keep ?? (options.dir !== undefined || process.env.GITEA_HARNESS_KEEP === '1');
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), `gwb-${name}-`));
  const userDataDir = join(dir, 'user-data');
  const extensionsDir = join(dir, 'extensions');
  const configFile = join(dir, 'config.yaml');
  const logFile = join(dir, 'code-server.log');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...options.settings }, null, 2));
  const removeDir = (): void => {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
  const unregisterDir = onCleanup(removeDir);

  const env = cleanEnv(options.env ?? {});
  const base = [tools.codeServerEntry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--config', configFile];
  for (const vsix of options.installExtensions ?? []) {
    const t = Date.now();
    await run(tools.node, [...base, '--install-extension', vsix, '--force'], { env });
    process.stdout.write(`[code-server] installed ${vsix} (${Date.now() - t} ms)\n`);
  }

  // The port is free when we pick it; another process could take it before code-server binds, so retry.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const authority = `127.0.0.1:${port}`;
    writeFileSync(configFile, `bind-addr: ${authority}\nauth: none\ncert: false\n`);
    const args = [
      ...base,
      '--auth', 'none',
      '--bind-addr', authority,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      // Not in code-server before 4.10x (the oldest supported release runs without them: its VS Code forwards the
      // in-host tests' output and exit code whenever extension tests run).
      ...(tools.codeServerOptions.has('reconnection-grace-time') ? ['--reconnection-grace-time', '5'] : []),
      '--disable-workspace-trust',
      ...(options.smokeTestDriver && tools.codeServerOptions.has('vscode-option') ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ];
    const logFd = openSync(logFile, 'a');
    let group: GroupProcess;
    try {
      group = spawnGroup(tools.node, args, { env, stdio: ['ignore', logFd, logFd], cwd: dir });
    } finally {
      closeSync(logFd); // the child has its own copy
    }
    const url = `http://${authority}/`;
    const logTail = (lines = 30): string => {
      try {
        return readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    };
    const started = Date.now();
    const ready = await waitForHealthz(url, group, 60_000);
    if (!ready) {
      await group.stop();
      const tail = logTail();
      if (attempt < 3 && options.port === undefined && /EADDRINUSE/.test(tail)) continue;
      removeDir();
      unregisterDir();
      throw new Error(`code-server did not become ready on ${url}\n${tail}`);
    }
    process.stdout.write(`[code-server] ${name} ready on ${url} in ${Date.now() - started} ms (pgid ${group.pgid}, log ${logFile})\n`);
    return {
      url,
      authority,
      port,
      userDataDir,
      extensionsDir,
      logFile,
      logTail,
      remoteUri: (absPath) => `vscode-remote://${authority}${encodeURI(absPath)}`,
      folderUrl: (folder, payload) => {
        let u = `${url}?folder=${encodeURIComponent(folder)}`;
        if (payload) u += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
        return u;
      },
      stop: async () => {
        await group.stop();
        removeDir();
        unregisterDir();
      },
    };
  }
}

async function waitForHealthz(url: string, group: GroupProcess, timeoutMs: number): Promise<boolean> {
  let exited = false;
  void group.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`${url}healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return false;
}

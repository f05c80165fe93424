// `npm start`: the extension in a real VS Code (code-server) in your browser, signed in, on a cloned repository.
//   default: the test server with the demo data (alice/demo), signed in as alice.
//   GITEA_URL (+ GITEA_USERNAME, GITEA_TOKEN or GITEA_PASSWORD, optional GITEA_REPO=owner/name): your own server;
//     with a token you are signed in at once, with a password you sign in through the palette.
//   GITEA_START_PORT: code-server's port (default: a free one). Everything binds 127.0.0.1.
// Stays up until Ctrl+C, then stops everything it started (test server, code-server) and removes the temp profile.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
process.chdir(root);
const require = createRequire(import.meta.url);

function step(cmd, args) {
  process.stdout.write(`[start] ${cmd} ${args.join(' ')}\n`);
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? ok() : fail(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

// Compile (the harness and the test server run from out/), bundle and package the .vsix users install.
// Type errors elsewhere in the tree do not stop a demo: tsc still writes out/.
await step(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']).catch((e) => process.stderr.write(`[start] ${e.message} (continuing)\n`));
await step('npm', ['run', 'package', '--silent']);

const { installCleanupHandlers, onCleanup, runCleanups } = require('../out/test/harness/proc.js');
const { startCodeServer } = require('../out/test/harness/codeServer.js');
const { cloneWorkspace } = require('../out/test/harness/workspace.js');
const { ensureTools, ToolsMissingError } = require('../out/test/harness/install.js');
const { fallbackMessage } = require('../out/test/harness/toolPlan.js');
const { CACHE_DIR, VSIX_PATH } = require('../out/test/harness/paths.js');
installCleanupHandlers();

try {
  await ensureTools({ chromium: false });
  let instanceUrl, username, token, password, repo;
  if (process.env.GITEA_URL) {
    instanceUrl = process.env.GITEA_URL.endsWith('/') ? process.env.GITEA_URL : `${process.env.GITEA_URL}/`;
    username = process.env.GITEA_USERNAME;
    token = process.env.GITEA_TOKEN || undefined;
    password = process.env.GITEA_PASSWORD || undefined;
    repo = process.env.GITEA_REPO;
  } else {
    const { startTestServer } = require('../out/test/server/index.js');
    const server = await startTestServer({});
    onCleanup(() => server.close());
    const alice = server.fixtures.users.alice;
    instanceUrl = server.url;
    username = alice.login;
    token = alice.tokens.all;
    repo = server.fixtures.repos.demo.fullName;
    process.stdout.write(`[start] test server ${server.url} (${server.flavor} ${server.version}); alice's password: ${alice.password}\n`);
  }

  // The workspace: a fresh clone under .cache/ (the test server's data is fresh on every start, too).
  let folder = join(CACHE_DIR, 'start-workspace');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  if (repo) {
    const [owner, name] = repo.split('/');
    const ws = await cloneWorkspace({ instanceUrl, owner, repo: name, auth: { username, token, password }, parent: folder });
    folder = ws.path;
    process.stdout.write(`[start] cloned ${ws.remoteUrl} into ${folder}\n`);
  }

  // Signed in at activation through the extension's one-shot environment sign-in (src/auth/autoLogin.ts).
  const autoLogin = token
    ? { GITEA_WORKBENCH_AUTOLOGIN_URL: instanceUrl, GITEA_WORKBENCH_AUTOLOGIN_USERNAME: username, GITEA_WORKBENCH_AUTOLOGIN_TOKEN: token }
    : {};
  const codeServer = await startCodeServer({
    name: 'start',
    installExtensions: [VSIX_PATH],
    env: autoLogin,
    port: process.env.GITEA_START_PORT ? Number(process.env.GITEA_START_PORT) : undefined,
  });
  process.stdout.write(
    `\n  Open ${codeServer.folderUrl(folder)}\n` +
      (token ? `  Signed in to ${instanceUrl} as ${username}.\n` : `  Sign in with "Gitea: Sign In…" (F1) to ${instanceUrl}.\n`) +
      '  Press Ctrl+C to stop.\n\n',
  );
  setInterval(() => {}, 1 << 30); // stay up until a signal: the cleanup handlers stop everything and exit
} catch (e) {
  process.stderr.write(`[start] ${e instanceof ToolsMissingError ? fallbackMessage(e.plan, 'start', e.version) : (e.stack ?? e)}\n`);
  await runCleanups();
  process.exit(1);
}

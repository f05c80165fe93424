// After signing in with a token, a password (token created) and a two-factor code, no secret may be anywhere
// but SecretStorage: not in settings.json or any setting, not in globalState or workspaceState (as the API
// returns them and in the state databases on disk), not in the account list, and not in the log files.
import * as assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../../src/core/services';
import type { SignInResult } from '../../src/auth/signInArgs';
import type { StoredSecret } from '../../src/auth/accountStore';
import { FIXTURES, startTestServer, totp, type TestServer } from '../server/index';

const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
const { alice, bob, carol } = FIXTURES.users;

type WorkbenchServices = Services & { accounts: Services['accounts'] & { secretFor(id: string): Promise<StoredSecret | undefined> } };

async function workbenchServices(): Promise<WorkbenchServices> {
  const ext = vscode.extensions.getExtension<{ services: Services }>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed in this host`);
  return (await ext.activate()).services as WorkbenchServices;
}

function signIn(args: Record<string, unknown>): Thenable<SignInResult> {
  return vscode.commands.executeCommand<SignInResult>('gitea.signIn', args);
}

/** Every file under `dir` (recursively) whose name matches. Missing folders are empty. */
async function files(dir: string, match: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) found.push(...(await files(path, match)));
    else if (match.test(e.name)) found.push(path);
  }
  return found;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function assertNoSecret(where: string, text: string, secrets: readonly string[]): void {
  for (const secret of secrets) assert.ok(!text.includes(secret), `${where} contains a secret (${secret.slice(0, 3)}…)`);
}

describe('secrets stay in SecretStorage', function () {
  this.timeout(120_000);
  let server: TestServer;
  let services: WorkbenchServices;
  const secrets: string[] = [];

  before(async () => {
    server = await startTestServer();
    services = await workbenchServices();
    const results = [
      await signIn({ url: server.url, username: 'alice', token: alice.tokens.all }),
      await signIn({ url: server.url, username: 'carol', password: carol.password }),
    ];
    const code = totp(bob.totpSecret);
    results.push(await signIn({ url: server.url, username: 'bob', password: bob.password, otp: code }));
    // A failed attempt too: its message and log line must not carry what was typed.
    const failed = await signIn({ url: server.url, username: 'alice', password: 'typo-in-the-password-1' });
    assert.equal(failed.ok, false);
    assert.ok(!(!failed.ok && failed.message.includes('typo-in-the-password-1')));
    secrets.push(alice.tokens.all, carol.password, bob.password, code, 'typo-in-the-password-1');
    for (const r of results) {
      assert.ok(r.ok, !r.ok ? r.message : '');
      const secret = await services.accounts.secretFor(r.account.id);
      assert.equal(secret?.kind, 'token', `a token is stored for ${r.account.username}`);
      if (secret?.kind === 'token' && !secrets.includes(secret.token)) secrets.push(secret.token);
    }
    assert.equal(secrets.length, 7, 'the tokens created for carol and bob are secrets too');
  });

  after(async () => {
    for (const a of services.accounts.accounts.filter((x) => x.instanceUrl === server.url)) {
      await vscode.commands.executeCommand('gitea.signOut', { accountId: a.id });
    }
    await server?.close();
  });

  it('the account list holds no secret', () => {
    assertNoSecret('accounts', JSON.stringify(services.accounts.accounts), secrets);
  });

  it('no setting and no settings.json holds a secret', async () => {
    const config = vscode.workspace.getConfiguration();
    for (const section of ['gitea', 'http']) {
      assertNoSecret(`settings ${section}.*`, JSON.stringify(config.inspect(section) ?? {}), secrets);
    }
    // globalStorageUri is <user-data>/User/globalStorage/<extension id>; settings.json is in <user-data>/User.
    const userDir = dirname(dirname(services.context.globalStorageUri.fsPath));
    const settingsFiles = [join(userDir, 'settings.json'), ...(vscode.workspace.workspaceFile ? [vscode.workspace.workspaceFile.fsPath] : [])];
    for (const folder of vscode.workspace.workspaceFolders ?? []) settingsFiles.push(join(folder.uri.fsPath, '.vscode', 'settings.json'));
    let read = 0;
    for (const file of settingsFiles) {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text === undefined) continue;
      read++;
      assertNoSecret(file, text, secrets);
    }
    assert.ok(read > 0 || !settingsFiles.length, 'at least one settings file was inspected');
  });

  it('globalState and workspaceState hold no secret, neither through the API nor on disk', async () => {
    const { globalState, workspaceState } = services.context;
    for (const [name, memento] of [['globalState', globalState], ['workspaceState', workspaceState]] as const) {
      const dump = JSON.stringify(memento.keys().map((k) => [k, memento.get(k)]));
      assertNoSecret(name, dump, secrets);
    }
    assert.ok(globalState.keys().includes('gitea.accounts'), 'the account list is in globalState');
    const userDir = dirname(dirname(services.context.globalStorageUri.fsPath));
    for (const db of await files(userDir, /\.vscdb$/)) {
      assertNoSecret(db, (await readFile(db)).toString('latin1'), secrets);
    }
  });

  it('the log output holds no secret', async () => {
    // <logs>/<window>/exthost/<extension id> is context.logUri; the output channel's file is a sibling.
    const logRoot = dirname(services.context.logUri.fsPath);
    const ours = await waitFor('the Gitea Workbench log file to show the sign-ins', async () => {
      for (const file of await files(logRoot, /Gitea Workbench.*\.log$/)) {
        const text = await readFile(file, 'utf8');
        if (text.includes('Signed in as bob@')) return file;
      }
      return undefined;
    });
    assert.ok((await stat(ours)).size > 0);
    for (const file of await files(logRoot, /\.log$/)) {
      assertNoSecret(file, await readFile(file, 'utf8'), secrets);
    }
  });
});

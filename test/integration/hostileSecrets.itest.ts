// No secret leaves SecretStorage, in the host: the migration credentials and a webhook's authorization header
// and signing secret go to a server that quotes every write request (its Authorization header and body) back
// in a 422 message, the way a careless proxy might. Afterwards nothing of them — nor the access token — is in
// the settings, globalState/workspaceState (keys and values), the extension's storage folders, any log file of
// the extension host, or a notification the commands showed.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { HOSTILE_OWNER, HOSTILE_REPO, startHostileInstance, type HostileInstance } from '../unit/hostile/hostileInstance';
import { sleep } from './hostileViews';

const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
const TOKEN = 'tok_HOSTILE_S3CRET_4d5e6f7a8b9c0d1e';
const MIGRATION_PASSWORD = 'mig-HOSTILE-S3CRET-pw';
const MIGRATION_TOKEN = 'mig_HOSTILE_S3CRET_tok_77';
const HOOK_AUTH = 'Bearer hook-HOSTILE-S3CRET-auth-99';
const HOOK_SIGNING = 'hook-HOSTILE-S3CRET-signing-55';
const SECRETS = [TOKEN, MIGRATION_PASSWORD, MIGRATION_TOKEN, HOOK_AUTH, HOOK_AUTH.slice('Bearer '.length), HOOK_SIGNING];

type Ctx = { globalState: vscode.Memento; workspaceState: vscode.Memento; logUri: vscode.Uri; globalStorageUri: vscode.Uri; storageUri?: vscode.Uri };

function filesUnder(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (st?.isDirectory()) filesUnder(p, out);
    else if (st?.isFile() && st.size < 20 * 1024 * 1024) out.push(p);
  }
  return out;
}

function assertNoSecret(where: string, text: string): void {
  for (const s of SECRETS) assert.ok(!text.includes(s), `${where} contains "${s}"`);
}

describe('no secret in settings, state, logs or messages (hostile instance)', function () {
  this.timeout(120_000);
  let instance: HostileInstance;
  let ctx: Ctx;
  let accountId: string | undefined;
  const shown: string[] = [];
  /** Whether the notification functions could be replaced (the API object may be frozen in some hosts). */
  let recording = false;
  const restore: (() => void)[] = [];

  before(async () => {
    instance = await startHostileInstance();
    const ext = vscode.extensions.getExtension<{ services: { context: Ctx } }>(EXTENSION_ID);
    assert.ok(ext);
    ctx = (await ext.activate()).services.context;
    // Record what the commands show (the extension and this file share the host's vscode API object).
    const win = vscode.window as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const name of ['showErrorMessage', 'showWarningMessage', 'showInformationMessage']) {
      const original = win[name]!;
      try {
        win[name] = (...a: unknown[]) => {
          shown.push(a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' '));
          return Promise.resolve(undefined);
        };
        recording = win[name] !== original;
        restore.push(() => (win[name] = original));
      } catch {
        // A frozen API object: notifications are then not scanned (the log and state still are).
      }
    }
    const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: instance.url,
      username: HOSTILE_OWNER,
      token: TOKEN,
    });
    assert.ok(result?.ok, `sign-in failed: ${result?.message}`);
    accountId = result.account!.id;
    await vscode.commands.executeCommand('gitea.selectRepository', { owner: HOSTILE_OWNER, repo: HOSTILE_REPO, instanceUrl: instance.url });
  });

  after(async () => {
    for (const r of restore) r();
    if (accountId) await vscode.commands.executeCommand('gitea.signOut', { accountId });
    await instance?.close();
  });

  it('migration credentials and webhook secrets sent to a server that quotes them back stay out of everything', async () => {
    instance.mode = 'echo';
    instance.clear();
    const run = async (command: string, arg: unknown) => {
      try {
        await vscode.commands.executeCommand(command, arg);
      } catch (e) {
        shown.push(`${command} threw: ${(e as Error)?.message ?? e}`);
      }
    };
    await run('gitea.migrateRepository', {
      accountId,
      clone_addr: 'https://git.example.com/team/app.git',
      repo_name: 'app',
      repo_owner: HOSTILE_OWNER,
      service: 'git',
      auth_username: 'migrator',
      auth_password: MIGRATION_PASSWORD,
    });
    // A token is what the forge services take (plain git takes a user name and password).
    await run('gitea.migrateRepository', {
      accountId,
      clone_addr: 'https://gitea.example.com/team/app.git',
      repo_name: 'app-from-gitea',
      repo_owner: HOSTILE_OWNER,
      service: 'gitea',
      auth_token: MIGRATION_TOKEN,
    });
    const hook = { type: 'gitea', active: true, events: ['push'], authorization_header: HOOK_AUTH, config: { url: 'https://hooks.example.com/in', content_type: 'json', secret: HOOK_SIGNING } };
    await run('gitea.createOrgWebhook', { accountId, org: 'acme', ...hook });
    await run('gitea.editUserWebhook', { accountId, id: 1, changes: { authorization_header: HOOK_AUTH, config: hook.config } });

    // The secrets did reach the server (otherwise this test would prove nothing) and were quoted back.
    const sent = instance.bodies.join('\n');
    for (const s of [MIGRATION_PASSWORD, MIGRATION_TOKEN, HOOK_AUTH, HOOK_SIGNING]) {
      assert.ok(sent.includes(s), `"${s}" was never sent: ${instance.requests.join(', ')}`);
    }

    await sleep(1500); // log channels write asynchronously
    const logs = filesUnder(dirname(ctx.logUri.fsPath));
    assert.ok(logs.length > 0, `no log file under ${dirname(ctx.logUri.fsPath)}`);
    for (const f of logs) assertNoSecret(`log ${f}`, readFileSync(f, 'utf8'));

    for (const [name, memento] of [['globalState', ctx.globalState], ['workspaceState', ctx.workspaceState]] as const) {
      for (const key of memento.keys()) assertNoSecret(`${name} ${key}`, `${key}=${JSON.stringify(memento.get(key) ?? null)}`);
    }
    for (const dir of [ctx.globalStorageUri.fsPath, ctx.storageUri?.fsPath]) {
      for (const f of dir ? filesUnder(dir) : []) assertNoSecret(`storage ${f}`, readFileSync(f, 'latin1'));
    }
    const settingsJson = join(dirname(dirname(ctx.globalStorageUri.fsPath)), 'settings.json');
    if (existsSync(settingsJson)) assertNoSecret(settingsJson, readFileSync(settingsJson, 'utf8'));
    assertNoSecret('gitea.* settings', JSON.stringify(vscode.workspace.getConfiguration('gitea')));
    assertNoSecret('notifications', shown.join('\n'));
    // The failures were reported to the user (otherwise the scan above read nothing).
    if (recording) assert.ok(shown.some((m) => !m.includes(' threw: ')), `no notification was shown: ${shown.join(' | ')}`);
  });
});

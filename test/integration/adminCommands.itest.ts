// The administration commands inside the editor, against a Gitea 1.27 test server started in this process (so its
// recorded requests can be read): each command driven by its arguments, asserting the exact request body the
// server received — including the traps of BEHAVIOR.md (hook edits keep events, label edits keep is_archived).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Hook, Label, Repository } from '../../src/api';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { api, registry, replaceMessage, requestsTo, signInAndSelect, signOut } from './viewsSupport';

/** The JSON bodies of `method` requests to `apiPath` since request index `from`. */
function bodies(server: TestServer, method: string, apiPath: string, from: number): unknown[] {
  return requestsTo(server, apiPath, from)
    .filter((r) => r.method === method)
    .map((r) => r.body);
}

/** Runs a command that is expected to fail; resolves with its error message. */
async function failureOf(command: string, arg: unknown): Promise<string> {
  try {
    await vscode.commands.executeCommand(command, arg);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  assert.fail(`${command} did not fail`);
}

describe('admin commands: exact request bodies (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let aliceId: string | undefined;

  before(async () => {
    server = await startTestServer();
    await registry();
    aliceId = await signInAndSelect(server.url);
  });
  after(async () => {
    await signOut(aliceId);
    await server?.close();
  });

  /** Runs `fn` with carol (an acme member, not an owner) signed in as a second account, then signs her out. */
  async function asCarol<T>(fn: (accountId: string) => Promise<T>): Promise<T> {
    const r = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: server.url,
      token: FIXTURES.users.carol.tokens.all,
    });
    assert.ok(r?.ok, `carol's sign-in failed: ${r?.message}`);
    try {
      return await fn(r.account!.id);
    } finally {
      await signOut(r.account!.id);
    }
  }

  it('Edit Repository Settings sends only the changed fields (plus the pull request switch Gitea needs)', async () => {
    const current = await api<Repository>(server, 'GET', '/repos/alice/demo');
    const from = server.requests.length;
    const repo = await vscode.commands.executeCommand<Repository>('gitea.editRepositorySettings', {
      owner: 'alice',
      repo: 'demo',
      // name and has_issues are given with their current values: they must not be sent.
      changes: { description: 'Edited from the editor', name: current.name, has_issues: current.has_issues, allow_rebase: !current.allow_rebase },
    });
    assert.deepEqual(bodies(server, 'PATCH', '/repos/alice/demo', from), [
      { description: 'Edited from the editor', has_pull_requests: true, allow_rebase: !current.allow_rebase },
    ]);
    assert.equal(repo.description, 'Edited from the editor');
    assert.equal(repo.allow_rebase, !current.allow_rebase);
  });

  it('Edit Repository Settings: default branch, features, mirror interval and a secret mirror password', async () => {
    const current = await api<Repository>(server, 'GET', '/repos/alice/demo');
    assert.equal(current.has_projects, true, 'fixture: projects on');
    assert.notEqual(current.projects_mode, 'repo');
    let from = server.requests.length;
    await vscode.commands.executeCommand('gitea.editRepositorySettings', {
      owner: 'alice',
      repo: 'demo',
      changes: { default_branch: 'develop', has_actions: !current.has_actions, projects_mode: 'repo' },
    });
    assert.deepEqual(bodies(server, 'PATCH', '/repos/alice/demo', from), [
      { default_branch: 'develop', has_actions: !current.has_actions, has_projects: true, projects_mode: 'repo' },
    ]);
    await api(server, 'PATCH', '/repos/alice/demo', { default_branch: 'main' });

    from = server.requests.length;
    const mirror = await vscode.commands.executeCommand<Repository>('gitea.editRepositorySettings', {
      owner: 'alice',
      repo: 'mirror',
      changes: { mirror_interval: '12h0m0s', mirror_password: 'mirror-s3cret' },
    });
    assert.deepEqual(bodies(server, 'PATCH', '/repos/alice/mirror', from), [{ mirror_interval: '12h0m0s', mirror_password: 'mirror-s3cret' }]);
    assert.equal(mirror.mirror_interval, '12h0m0s');
  });

  it('Edit Repository Settings reports a default branch the server ignored (it does not refuse it)', async () => {
    const warnings = replaceMessage('showWarningMessage', () => undefined);
    try {
      const repo = await vscode.commands.executeCommand<Repository>('gitea.editRepositorySettings', {
        owner: 'alice',
        repo: 'demo',
        changes: { default_branch: 'no-such-branch' },
      });
      assert.equal(repo.default_branch, 'main');
      assert.ok(warnings.shown.some((m) => /no branch no-such-branch/.test(m)), warnings.shown.join(' | '));
    } finally {
      warnings.restore();
    }
  });

  it('Edit Repository Settings refuses a bad mirror interval locally (nothing sent)', async () => {
    const from = server.requests.length;
    const message = await failureOf('gitea.editRepositorySettings', { owner: 'alice', repo: 'mirror', changes: { mirror_interval: '30 minutes' } });
    assert.match(message, /8h30m0s/);
    assert.equal(bodies(server, 'PATCH', '/repos/alice/mirror', from).length, 0);
  });

  it('a non-owner changing the visibility of an acme repository gets the 422 explained', async () => {
    const from = server.requests.length;
    const message = await asCarol((accountId) =>
      failureOf('gitea.editRepositorySettings', { owner: 'acme', repo: 'site', accountId, changes: { private: true } }),
    );
    assert.deepEqual(bodies(server, 'PATCH', '/repos/acme/site', from), [{ private: true }]);
    assert.match(message, /visibility of acme\/site/);
    assert.match(message, /owners/);
  });

  it('Archive / Unarchive Repository send archived true / false; archiving a mirror is explained', async () => {
    const from = server.requests.length;
    const archived = await vscode.commands.executeCommand<Repository>('gitea.archiveRepository', { owner: 'alice', repo: 'demo', confirmed: true });
    assert.equal(archived.archived, true);
    const back = await vscode.commands.executeCommand<Repository>('gitea.unarchiveRepository', { owner: 'alice', repo: 'demo', confirmed: true });
    assert.equal(back.archived, false);
    assert.deepEqual(bodies(server, 'PATCH', '/repos/alice/demo', from), [{ archived: true }, { archived: false }]);
    assert.match(await failureOf('gitea.archiveRepository', { owner: 'alice', repo: 'mirror', confirmed: true }), /mirror cannot be archived/i);
  });

  it('Create Organization Webhook sends the full option object with active and the authorization header', async () => {
    const from = server.requests.length;
    const hook = await vscode.commands.executeCommand<Hook>('gitea.createOrgWebhook', {
      org: 'acme',
      type: 'slack',
      config: { url: 'https://hooks.slack.example/services/x', content_type: 'json', channel: '#builds' },
      events: ['push', 'release'],
      branch_filter: 'main',
      authorization_header: 'Bearer hook-token',
      active: true,
    });
    assert.deepEqual(bodies(server, 'POST', '/orgs/acme/hooks', from), [
      {
        type: 'slack',
        config: { url: 'https://hooks.slack.example/services/x', content_type: 'json', channel: '#builds' },
        events: ['push', 'release'],
        branch_filter: 'main',
        active: true,
        authorization_header: 'Bearer hook-token',
      },
    ]);
    assert.equal(hook.type, 'slack');
    assert.equal(hook.active, true);
    assert.equal(hook.authorization_header, '', 'the server never returns it');
  });

  it('Create Organization Webhook: a non-owner gets the 403 explained', async () => {
    const message = await asCarol((accountId) =>
      failureOf('gitea.createOrgWebhook', {
        accountId,
        org: 'acme',
        type: 'gitea',
        config: { url: 'https://ci.example.com/x', content_type: 'json' },
        events: ['push'],
      }),
    );
    assert.match(message, /owners of the organization acme/);
  });

  it('Edit User Webhook keeps the current events and branch filter when only switching it off', async () => {
    const hooks = await api<Hook[]>(server, 'GET', '/user/hooks');
    const hook = hooks.find((h) => h.branch_filter === 'main')!;
    assert.ok(hook, 'alice has a user hook with a branch filter');
    const from = server.requests.length;
    const updated = await vscode.commands.executeCommand<Hook>('gitea.editUserWebhook', { id: hook.id, changes: { active: false } });
    assert.deepEqual(bodies(server, 'PATCH', `/user/hooks/${hook.id}`, from), [{ events: hook.events, branch_filter: 'main', active: false }]);
    assert.deepEqual(updated.events, hook.events);
    assert.equal(updated.branch_filter, 'main');
    assert.equal(updated.active, false);
  });

  it('Edit User Webhook: a new target URL goes into config; events still sent', async () => {
    const hook = (await api<Hook[]>(server, 'GET', '/user/hooks')).find((h) => h.type === 'discord')!;
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.editUserWebhook', { id: hook.id, changes: { url: 'https://discord.com/api/webhooks/2/def' } });
    assert.deepEqual(bodies(server, 'PATCH', `/user/hooks/${hook.id}`, from), [
      { events: hook.events, branch_filter: hook.branch_filter ?? '', config: { url: 'https://discord.com/api/webhooks/2/def' } },
    ]);
  });

  it('Create Organization Label sends #rrggbb, exclusive, and no is_archived', async () => {
    const from = server.requests.length;
    const label = await vscode.commands.executeCommand<Label>('gitea.createOrgLabel', {
      org: 'acme',
      name: 'area/editor',
      color: '#ABCDEF',
      description: 'Editor integration',
      exclusive: true,
    });
    assert.deepEqual(bodies(server, 'POST', '/orgs/acme/labels', from), [
      { name: 'area/editor', color: '#abcdef', description: 'Editor integration', exclusive: true },
    ]);
    assert.equal(label.color, 'abcdef');
    assert.match(await failureOf('gitea.createOrgLabel', { org: 'acme', name: 'x', color: 'green' }), /#RRGGBB/);
  });

  it('Edit Organization Label keeps is_archived of an archived label when only the colour changes', async () => {
    const id = FIXTURES.orgs.acme.labels.legacy.id;
    const from = server.requests.length;
    const label = await vscode.commands.executeCommand<Label>('gitea.editOrgLabel', { org: 'acme', id, changes: { color: '#112233' } });
    assert.deepEqual(bodies(server, 'PATCH', `/orgs/acme/labels/${id}`, from), [{ is_archived: true, color: '#112233' }]);
    assert.equal(label.is_archived, true);
    assert.equal(label.color, '112233');
  });

  it('Migrate Repository sends the service credentials and explicit import flags; 409 and 422 explained', async () => {
    const input = {
      clone_addr: 'https://git.example.com/team/tool.git',
      service: 'github',
      repo_name: 'tool',
      repo_owner: 'acme',
      private: true,
      items: ['issues', 'labels', 'releases'],
      credentials: { auth_token: 'remote-token', auth_password: 'not-for-github' },
    };
    const from = server.requests.length;
    const repo = await vscode.commands.executeCommand<Repository>('gitea.migrateRepository', input);
    assert.equal(repo.full_name, 'acme/tool');
    assert.deepEqual(bodies(server, 'POST', '/repos/migrate', from), [
      {
        clone_addr: 'https://git.example.com/team/tool.git',
        service: 'github',
        repo_name: 'tool',
        repo_owner: 'acme',
        private: true,
        mirror: false,
        issues: true,
        labels: true,
        milestones: false,
        pull_requests: false,
        releases: true,
        wiki: false,
        lfs: false,
        auth_token: 'remote-token',
      },
    ]);
    assert.match(await failureOf('gitea.migrateRepository', input), /acme\/tool already exists/);
    assert.match(await failureOf('gitea.migrateRepository', { ...input, clone_addr: 'http://127.0.0.1:1/x.git', repo_name: 'x' }), /ALLOW_LOCALNETWORKS/);
    const secret = FIXTURES.migration.rejectedPassword;
    const denied = await failureOf('gitea.migrateRepository', { ...input, repo_name: 'denied', credentials: { auth_token: secret } });
    assert.match(denied, /credentials/);
    assert.doesNotMatch(denied, new RegExp(secret), 'the secret never appears in the message');
  });

  it('Migrate Repository checks the name locally (nothing sent)', async () => {
    const from = server.requests.length;
    const message = await failureOf('gitea.migrateRepository', { clone_addr: 'https://git.example.com/a/b.git', repo_name: 'bad name', repo_owner: 'alice' });
    assert.match(message, /letters/);
    assert.equal(bodies(server, 'POST', '/repos/migrate', from).length, 0);
  });
});

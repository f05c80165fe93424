// The title and item commands of the sidebar views, run the way their buttons run them (executeCommand, with the
// prompt a command shows answered here), against a Gitea 1.27 test server started in this process: a Refresh asks
// the server again (a view read again without it is served from the cache), a filter changes the items and the
// request, Re-run makes a new attempt on the server, Clone clones into the folder chosen, Add CA Certificate adds
// the chosen file to the setting. Each test sets up the state it needs.
import * as assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ActionWorkflowRun, Repository } from '../../src/api';
import type { ActivityProvider } from '../../src/views/activityView';
import type { PagedTreeBase } from '../../src/views/pagedTree';
import type { AccountScope } from '../../src/views/scope';
import type { StarredProvider } from '../../src/views/starredView';
import type { ViewsRegistry } from '../../src/views/registry';
import type { WebhooksProvider } from '../../src/views/webhooksView';
import type { TestServer } from '../server/index';
import { answerPrompt, pickLabels } from './commandsSupport';
import { demoSession } from './demoSession';
import { api, dataNodes, describeNodes, find, hasContext, label, registry, replaceMessage, requestsTo, settled } from './viewsSupport';

type View = PagedTreeBase<AccountScope>;

/** A new OpenSSH ed25519 public key line (the server checks the key's form). */
function ed25519PublicKey(): string {
  const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')} refresh@test`;
}

describe('commands of the views: Refresh, filters, Re-run, Clone, Add CA Certificate (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let views: ViewsRegistry;

  demoSession((s) => ({ server } = s));
  before(async () => {
    views = await registry();
  });

  /** The API requests since `from` whose path passes `match`. */
  const apiCalls = (from: number, match: (path: string) => boolean) => server.requests.slice(from).filter((r) => r.kind === 'api' && match(r.apiPath ?? ''));

  /**
   * The view loaded and read again (no request: the cache), then its Refresh command: the list is asked for again,
   * and what it shows is what the server holds now (`change` alters the server between the two).
   */
  async function refreshes(command: string, view: View, isList: (path: string) => boolean, change?: () => Promise<void>): Promise<void> {
    view.refresh();
    await settled(view);
    let from = server.requests.length;
    await settled(view);
    assert.deepEqual(apiCalls(from, isList), [], `${command}: precondition: read again without Refresh, the list comes from the cache`);
    await change?.();
    from = server.requests.length;
    await vscode.commands.executeCommand(command);
    await settled(view);
    assert.equal(apiCalls(from, isList).length, 1, `${command}: one request for the list: ${apiCalls(from, () => true).map((r) => r.apiPath).join(', ')}`);
  }

  it('Branches: Refresh asks again and lists what the server holds', async () => {
    views.branches.setFilter('');
    await refreshes('gitea.branches.refresh', views.branches, (p) => p === '/repos/alice/demo/branches');
    assert.deepEqual(dataNodes(await settled(views.branches)).map(label).sort(), [...server.fixtures.repos.demo.branches].sort());
  });

  it('Branches: Filter… sends what is typed as q and lists the matches; Clear Filter shows every branch again', async () => {
    views.branches.setFilter('');
    const typed = answerPrompt('showInputBox', () => 'feature');
    const from = server.requests.length;
    try {
      await vscode.commands.executeCommand('gitea.branches.filter');
    } finally {
      typed.restore();
    }
    assert.equal((typed.calls[0]?.first as vscode.InputBoxOptions | undefined)?.title, 'Filter Branches');
    assert.equal(views.branches.filter, 'feature');
    assert.deepEqual(dataNodes(await settled(views.branches)).map(label).sort(), ['feature/login', 'feature/search']);
    assert.deepEqual(requestsTo(server, '/repos/alice/demo/branches', from).map((r) => r.query.q), ['feature']);

    await vscode.commands.executeCommand('gitea.branches.clearFilter');
    assert.equal(views.branches.filter, '');
    assert.deepEqual(dataNodes(await settled(views.branches)).map(label).sort(), [...server.fixtures.repos.demo.branches].sort());
  });

  it('Issues: Refresh asks again; Filter… → State → closed lists the closed issues; Clear Filters the open ones again', async () => {
    await vscode.commands.executeCommand('gitea.issues.clearFilters');
    await refreshes('gitea.issues.refresh', views.issues, (p) => p === '/repos/alice/demo/issues');
    const issueTitles = async () => (await settled(views.issues)).filter((n) => hasContext(n, 'issue')).map(label).sort();
    const asTitles = (list: { number: number; title: string }[]) => list.map((i) => `#${i.number} ${i.title}`).sort();
    const closed = await api<{ number: number; title: string }[]>(server, 'GET', '/repos/alice/demo/issues?state=closed&type=issues');
    assert.ok(closed.length > 0, 'the test server has closed issues');

    let step = 0;
    const picks = answerPrompt('showQuickPick', (items) => (step++ === 0 ? pickLabels(['$(issues) State'])(items) : pickLabels(['closed'])(items)));
    try {
      await vscode.commands.executeCommand('gitea.issues.filter');
    } finally {
      picks.restore();
    }
    assert.equal(picks.calls.length, 2, 'the filter list, then the states');
    assert.equal(views.issues.filters.state, 'closed');
    assert.deepEqual(await issueTitles(), asTitles(closed));

    await vscode.commands.executeCommand('gitea.issues.clearFilters');
    assert.deepEqual(views.issues.filters, { state: 'open', type: 'issues', labels: [], milestones: [], q: '' });
    assert.deepEqual(await issueTitles(), asTitles(await api(server, 'GET', '/repos/alice/demo/issues?state=open&type=issues')));
  });

  it('Pull Requests: Refresh asks again; Filter by State… → All lists every pull request, → Open the open ones', async () => {
    views.pullRequests.setPullState('open');
    await refreshes('gitea.pullRequests.refresh', views.pullRequests, (p) => p === '/repos/alice/demo/pulls');
    const pulls = async () => dataNodes(await settled(views.pullRequests)).filter((n) => hasContext(n, 'pullRequest')).map((n) => label(n).split(' ')[0]).sort();
    const truth = async (state: string) => (await api<{ number: number }[]>(server, 'GET', `/repos/alice/demo/pulls?state=${state}`)).map((p) => `#${p.number}`).sort();
    for (const [choice, state] of [['All', 'all'], ['Open', 'open']] as const) {
      const pick = answerPrompt('showQuickPick', pickLabels([choice]));
      try {
        await vscode.commands.executeCommand('gitea.pullRequests.filterState');
      } finally {
        pick.restore();
      }
      assert.equal(views.pullRequests.pullState, state);
      assert.deepEqual(await pulls(), await truth(state), `${choice}: ${describeNodes(await settled(views.pullRequests))}`);
    }
  });

  it('Releases, Deploy Keys, CI Jobs: Refresh asks again and shows what the server holds now', async () => {
    const tag = `v-refresh-${Date.now().toString(36)}`;
    await refreshes('gitea.releases.refresh', views.releases, (p) => p === '/repos/alice/demo/releases', () =>
      api(server, 'POST', '/repos/alice/demo/releases', { tag_name: tag, name: tag, target_commitish: 'main' }).then(() => undefined));
    assert.ok(dataNodes(await settled(views.releases)).some((n) => label(n).includes(tag)), describeNodes(await settled(views.releases)));

    const key = `refresh key ${Date.now().toString(36)}`;
    const publicKey = ed25519PublicKey();
    await refreshes('gitea.deployKeys.refresh', views.deployKeys, (p) => p === '/repos/alice/demo/keys', () =>
      api(server, 'POST', '/repos/alice/demo/keys', { title: key, key: publicKey, read_only: true }).then(() => undefined));
    assert.ok(dataNodes(await settled(views.deployKeys)).some((n) => label(n) === key), describeNodes(await settled(views.deployKeys)));

    await refreshes('gitea.ciJobs.refresh', views.ciJobs, (p) => p === '/repos/alice/demo/actions/runs');
  });

  it('Webhooks, Activity, Starred: Refresh asks again', async () => {
    const webhooks = (await vscode.commands.executeCommand<WebhooksProvider>('gitea.webhooks.provider'))!;
    await refreshes('gitea.webhooks.refresh', webhooks as unknown as View, (p) => p === '/repos/alice/demo/hooks');
    const activity = (await vscode.commands.executeCommand<ActivityProvider>('gitea.activity.provider'))!;
    activity.setSource({ kind: 'user', onlyMine: false });
    activity.setDate('');
    await refreshes('gitea.activity.refresh', activity as unknown as View, (p) => p === '/users/alice/activities/feeds');
    const starred = (await vscode.commands.executeCommand<StarredProvider>('gitea.starred.provider'))!;
    starred.setUser(undefined);
    await refreshes('gitea.starred.refresh', starred as unknown as View, (p) => p === '/users/alice/starred');
  });

  it('CI Jobs: Filter by Status… sends the chosen statuses and lists only runs in them', async () => {
    views.ciJobs.setStatusFilter([]);
    const from = server.requests.length;
    const pick = answerPrompt('showQuickPick', pickLabels(['failure'], true));
    try {
      await vscode.commands.executeCommand('gitea.ciJobs.filterStatus');
    } finally {
      pick.restore();
    }
    try {
      assert.equal((pick.calls[0]?.options as vscode.QuickPickOptions).canPickMany, true);
      assert.deepEqual(views.ciJobs.statusFilter, ['failure']);
      const runs = dataNodes(await settled(views.ciJobs));
      const [req] = requestsTo(server, '/repos/alice/demo/actions/runs', from);
      assert.deepEqual([req?.query.status].flat(), ['failure']);
      const truth = await api<{ workflow_runs: { display_title: string }[] }>(server, 'GET', '/repos/alice/demo/actions/runs?status=failure');
      assert.ok(truth.workflow_runs.length > 0, 'the test server has a failed run');
      assert.deepEqual(runs.map(label), truth.workflow_runs.map((r) => r.display_title), describeNodes(runs));
    } finally {
      views.ciJobs.setStatusFilter([]);
    }
  });

  it('CI Jobs: Re-run (a whole run) posts /rerun once; the run shows at its next attempt, queued', async () => {
    views.ciJobs.setStatusFilter([]);
    views.ciJobs.refresh();
    const run = find(dataNodes(await settled(views.ciJobs)), 'Prepare 1.0 release');
    const { id, run_attempt: attempt } = run.data as ActionWorkflowRun;
    assert.ok(hasContext(run, 'rerun'), run.item.contextValue);
    const info = replaceMessage('showInformationMessage', () => undefined);
    const from = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.rerunRun', run), true);
    } finally {
      info.restore();
    }
    const posts = server.requests.slice(from).filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((r) => [r.apiPath, r.status]), [[`/repos/alice/demo/actions/runs/${id}/rerun`, 201]]);
    const onServer = await api<ActionWorkflowRun>(server, 'GET', `/repos/alice/demo/actions/runs/${id}`);
    assert.equal(onServer.run_attempt, (attempt ?? 1) + 1, 'a new attempt on the server');
    const again = find(dataNodes(await settled(views.ciJobs)), 'Prepare 1.0 release');
    assert.match(String(again.item.description), new RegExp(`^queued · attempt ${(attempt ?? 1) + 1} · `));
    assert.match(info.shown[0] ?? '', /^Re-running run /);
  });

  it('Starred: Clone clones the repository into the folder chosen', async () => {
    const starred = (await vscode.commands.executeCommand<StarredProvider>('gitea.starred.provider'))!;
    starred.setUser(undefined);
    starred.refresh();
    const node = find(dataNodes(await settled(starred as unknown as View)), 'carol/notes');
    const repo = node.data as Repository;
    assert.equal(repo.clone_url, `${server.url}carol/notes.git`);
    const parent = mkdtempSync(join(tmpdir(), 'gitea-clone-'));
    // The folder picker is the Git extension's (its own vscode API, out of this test's reach): the test hands git.clone
    // the folder a user would have chosen there, and says not to open the clone afterwards.
    const commands = vscode.commands as unknown as { executeCommand: (id: string, ...args: unknown[]) => Thenable<unknown> };
    const original = commands.executeCommand;
    const cloneCalls: unknown[][] = [];
    commands.executeCommand = (id, ...args) => {
      if (id !== 'git.clone') return original.call(vscode.commands, id, ...args);
      cloneCalls.push(args);
      return original.call(vscode.commands, id, args[0], parent, { postCloneAction: 'none' });
    };
    try {
      const cloned = await vscode.commands.executeCommand<string>('gitea.starred.clone', node);
      assert.deepEqual(cloneCalls, [[repo.clone_url]], 'git.clone gets the repository\'s clone URL');
      // The command hands on what git.clone answers: the clone's folder on VS Code 1.139; 1.96's git.clone answers
      // nothing (it clones all the same, as the checks of the folder below hold).
      assert.equal(cloned, Number(vscode.version.split('.')[1]) >= 139 ? join(parent, 'notes') : undefined);
      const config = readFileSync(join(parent, 'notes', '.git', 'config'), 'utf8');
      assert.match(config, new RegExp(`url = ${repo.clone_url!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      assert.ok(readFileSync(join(parent, 'notes', 'README.md'), 'utf8').length > 0, 'the files are checked out');
    } finally {
      commands.executeCommand = original;
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('Add CA Certificate…: the file chosen joins gitea.caCertificates (user settings)', async () => {
    const setting = vscode.workspace.getConfiguration('gitea');
    const before = setting.inspect<string[]>('caCertificates')?.globalValue;
    const file = vscode.Uri.file(join(tmpdir(), `company-ca-${Date.now().toString(36)}.pem`));
    const dialog = answerPrompt('showOpenDialog', () => [file]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.addCaCertificate'), true);
      assert.equal((dialog.calls[0]?.first as vscode.OpenDialogOptions).canSelectMany, false);
      assert.deepEqual(vscode.workspace.getConfiguration('gitea').inspect<string[]>('caCertificates')?.globalValue, [...(before ?? []), file.fsPath]);
      assert.deepEqual(info.shown, [`Added ${file.fsPath} to gitea.caCertificates.`]);
    } finally {
      dialog.restore();
      info.restore();
      await setting.update('caCertificates', before, vscode.ConfigurationTarget.Global);
    }
  });
});

// The Webhooks, Activity and Starred views inside the editor, filled from a Gitea 1.27 test server started in
// this process: their items compared with what the server holds, and the requests their filters send.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity, Hook, Repository } from '../../src/api';
import type { ActivityProvider } from '../../src/views/activityView';
import type { StarredProvider } from '../../src/views/starredView';
import type { WebhooksProvider } from '../../src/views/webhooksView';
import { startTestServer, type TestServer } from '../server/index';
import { api, dataNodes, describeNodes, label, registry, requestsTo, selectRepo, settled, signInAndSelect, signOut } from './viewsSupport';

async function provider<T>(command: string): Promise<T> {
  const p = await vscode.commands.executeCommand<T>(command);
  assert.ok(p, `${command} returned no provider`);
  return p;
}

describe('admin views: Webhooks, Activity, Starred (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let accountId: string | undefined;
  let webhooks: WebhooksProvider;
  let activity: ActivityProvider;
  let starred: StarredProvider;

  before(async () => {
    server = await startTestServer();
    await registry();
    accountId = await signInAndSelect(server.url);
    webhooks = await provider<WebhooksProvider>('gitea.webhooks.provider');
    activity = await provider<ActivityProvider>('gitea.activity.provider');
    starred = await provider<StarredProvider>('gitea.starred.provider');
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('Webhooks lists the repository hooks with type, URL, events and state', async () => {
    const truth = await api<Hook[]>(server, 'GET', '/repos/alice/demo/hooks');
    webhooks.refresh();
    const nodes = dataNodes(await settled(webhooks));
    assert.deepEqual(nodes.map(label).sort(), truth.map((h) => h.config.url).sort(), describeNodes(nodes));
    for (const h of truth) {
      const node = nodes.find((n) => label(n) === h.config.url)!;
      const description = String(node.item.description);
      assert.ok(description.startsWith(`${h.type} · ${h.active ? 'active' : 'inactive'}`), description);
      assert.equal(node.url, `${server.url}alice/demo/settings/hooks/${h.id}`);
      const tip = webhooks.resolveTreeItem(node.item, node).tooltip as vscode.MarkdownString;
      assert.match(tip.value, new RegExp(h.events[0]!));
      assert.equal(tip.isTrusted, false);
    }
  });

  it('Activity shows the signed-in user\'s feed as sentences with links', async () => {
    const truth = await api<Activity[]>(server, 'GET', '/users/alice/activities/feeds');
    activity.setSource({ kind: 'user', onlyMine: false });
    activity.setDate('');
    const from = server.requests.length;
    activity.refresh();
    const nodes = dataNodes(await settled(activity));
    assert.equal(nodes.length, truth.length, describeNodes(nodes));
    const aboutItems = new Set(['create_issue', 'comment_issue', 'close_issue', 'reopen_issue', 'create_pull_request', 'merge_pull_request', 'close_pull_request', 'reopen_pull_request', 'approve_pull_request', 'reject_pull_request', 'comment_pull', 'pull_review_dismissed', 'pull_request_ready_for_review', 'auto_merge_pull_request']);
    for (const n of nodes) {
      assert.doesNotMatch(label(n), /did "/, 'every op_type has its own sentence');
      assert.ok(n.url?.startsWith(server.url), `${label(n)} links to ${n.url}`);
      // An entry about an issue or pull request opens its page in the editor; the others their web page.
      const op = (n.data as Activity).op_type ?? '';
      assert.equal(n.item.command?.command, aboutItems.has(op) ? 'gitea.openIssue' : 'gitea.activity.open', label(n));
    }
    const first = truth[0]!;
    assert.match(label(nodes[0]!), new RegExp(`^${first.act_user?.login} `));
    const req = requestsTo(server, '/users/alice/activities/feeds', from);
    assert.equal(req.length, 1);
    assert.equal(req[0]!.query['only-performed-by'], 'false');
  });

  it('Activity: an entry about an issue opens its page in the editor', async () => {
    // The seed's feed has an issue opened on 2024-01-21.
    await vscode.commands.executeCommand('gitea.activity.filterDate', '2024-01-21');
    try {
      const nodes = dataNodes(await settled(activity));
      const issueEntry = nodes.find((n) => n.item.command?.command === 'gitea.openIssue');
      assert.ok(issueEntry, describeNodes(nodes));
      const target = issueEntry.item.command!.arguments![0] as { repo: { owner: string; repo: string }; number: number };
      const page = await vscode.commands.executeCommand<{ whenLoaded(): Promise<{ header: { number: number } } | undefined>; panel: vscode.WebviewPanel }>('gitea.openIssue', target);
      try {
        const data = await page.whenLoaded();
        assert.equal(data?.header.number, target.number, "the page of the entry's issue opened");
        assert.match(page.panel.title, new RegExp(`^#${target.number} `));
      } finally {
        page.panel.dispose();
      }
    } finally {
      await vscode.commands.executeCommand('gitea.activity.clearDate');
    }
  });

  it('Activity: a day and "only mine" are sent to the server', async () => {
    const truth = await api<Activity[]>(server, 'GET', '/users/alice/activities/feeds?date=2024-01-10&only-performed-by=true');
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.activity.filterDate', '2024-01-10');
    await vscode.commands.executeCommand('gitea.activity.onlyMine');
    const nodes = dataNodes(await settled(activity));
    assert.equal(nodes.length, truth.length, describeNodes(nodes));
    assert.ok(nodes.length >= 2);
    const last = requestsTo(server, '/users/alice/activities/feeds', from).at(-1)!;
    assert.equal(last.query.date, '2024-01-10');
    assert.equal(last.query['only-performed-by'], 'true');
    await vscode.commands.executeCommand('gitea.activity.everyone');
    await vscode.commands.executeCommand('gitea.activity.clearDate');
  });

  it('Activity: a team\'s feed', async () => {
    const team = { id: 1, name: 'Owners', org: 'acme' };
    const truth = await api<Activity[]>(server, 'GET', `/teams/${team.id}/activities/feeds`);
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.activity.showTeam', team);
    const nodes = await settled(activity);
    assert.equal(dataNodes(nodes).length, truth.length, describeNodes(nodes));
    assert.equal(requestsTo(server, `/teams/${team.id}/activities/feeds`, from).length, 1);
    await vscode.commands.executeCommand('gitea.activity.showMine');
  });

  it('Starred lists the signed-in user\'s stars, and another user\'s on request', async () => {
    const truth = await api<Repository[]>(server, 'GET', '/users/alice/starred');
    starred.setUser(undefined);
    starred.refresh();
    const nodes = dataNodes(await settled(starred));
    assert.deepEqual(nodes.map(label).sort(), truth.map((r) => r.full_name).sort(), describeNodes(nodes));
    assert.ok(nodes.every((n) => /\bstarredRepo\b/.test(n.item.contextValue ?? '') && n.url?.startsWith(server.url)));

    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.starred.showUser', 'carol');
    await settled(starred);
    assert.equal(requestsTo(server, '/users/carol/starred', from).length, 1);
    await vscode.commands.executeCommand('gitea.starred.showMine');
  });

  it('Starred: "Open as Active Repository" points the sidebar at that repository', async () => {
    const nodes = dataNodes(await settled(starred));
    const notes = nodes.find((n) => label(n) === 'carol/notes');
    assert.ok(notes, describeNodes(nodes));
    const changed = new Promise<void>((resolve) => {
      const ext = vscode.extensions.getExtension<{ services: { repos: { onDidChangeActive: vscode.Event<unknown>; active?: { owner: string; repo: string } } } }>(
        'gitea-workbench.gitea-workbench',
      )!;
      const sub = ext.exports.services.repos.onDidChangeActive(() => {
        sub.dispose();
        resolve();
      });
    });
    await vscode.commands.executeCommand('gitea.starred.openAsActive', notes);
    await changed;
    const services = vscode.extensions.getExtension<{ services: { repos: { active?: { owner: string; repo: string } } } }>('gitea-workbench.gitea-workbench')!
      .exports.services;
    assert.equal(`${services.repos.active?.owner}/${services.repos.active?.repo}`, 'carol/notes');
    await selectRepo(server.url, 'alice', 'demo');
  });
});

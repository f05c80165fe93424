// Notifications: the view of every signed-in account's threads, grouped by repository, and the unread count on the
// Gitea container. First against a Gitea 1.27 test server started in this process (its requests are read
// exactly), then against the harness's server — the test server, or a real Gitea where the second user (the
// collaborator, made when the account is a site administrator) mentions the user.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NotificationThread } from '../../src/api';
import type { Services } from '../../src/core/services';
import type { NotificationsProvider } from '../../src/views/notifications';
import type { PagedTreeBase } from '../../src/views/pagedTree';
import type { AccountScope } from '../../src/views/scope';
import type { TreeNode } from '../../src/views/treeNode';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { requires, testEnv } from './env';
import { dataNodes, describeNodes, EXTENSION_ID, label, registry, settled as settledOf, signOut, sleep } from './viewsSupport';
import { closeEditors, issuePageTabs, signInToTarget, waitFor, type Session } from './workflowsSupport';

const POLL = 'gitea.notifications.pollInterval';
const settled = (p: NotificationsProvider, node?: TreeNode) => settledOf(p as unknown as PagedTreeBase<AccountScope>, node);
const badgeOf = (p: NotificationsProvider) => (p as unknown as { view?: vscode.TreeView<unknown> }).view?.badge?.value;

async function provider(): Promise<NotificationsProvider> {
  await registry();
  const p = await vscode.commands.executeCommand<NotificationsProvider>('gitea.notifications.provider');
  assert.ok(p, 'gitea.notifications.provider returned no provider');
  return p;
}

/** The groups (top level) and the threads under each, once loaded. */
async function tree(p: NotificationsProvider): Promise<Map<string, TreeNode[]>> {
  const out = new Map<string, TreeNode[]>();
  for (const group of dataNodes(await settled(p))) out.set(label(group), dataNodes(await settled(p, group)));
  return out;
}

const describeTree = (t: Map<string, TreeNode[]>) => [...t].map(([g, ns]) => `${g}: ${describeNodes(ns)}`).join(' || ');

describe('Notifications (Gitea 1.27 test server in this process: exact requests)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let services: Services;
  let accountId: string | undefined;
  let view: NotificationsProvider;

  const as = async (user: 'alice' | 'bob', method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.apiUrl}${path}`, {
      method,
      headers: { authorization: `token ${FIXTURES.users[user].tokens.all}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.text()}`);
  };
  /** The notification requests since `from`, as `METHOD /path?query` exactly as sent. */
  const calls = (from: number) =>
    server.requests.slice(from).filter((r) => r.kind === 'api' && r.apiPath?.includes('notifications')).map((r) => `${r.method} ${r.apiPath}${new URL(r.url, server.url).search}`);

  before(async () => {
    server = await startTestServer();
    services = vscode.extensions.getExtension<{ services: Services }>(EXTENSION_ID)!.exports.services;
    view = await provider();
    const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: server.url,
      username: 'alice',
      token: FIXTURES.users.alice.tokens.all,
    });
    assert.ok(result?.ok, `sign-in to ${server.url} failed: ${result?.message}`);
    accountId = result.account!.id;
    assert.equal(services.accounts.accounts.length, 1, 'precondition: one account (the groups are the top level)');
  });
  after(async () => {
    await vscode.workspace.getConfiguration().update(POLL, undefined, vscode.ConfigurationTarget.Global);
    await closeEditors();
    await signOut(accountId);
    await server?.close();
  });

  it('bob mentions alice: one GET /notifications (unread and pinned) shows carol/notes with the issue, unread', async () => {
    await as('bob', 'POST', '/repos/carol/notes/issues', { title: 'Look at this', body: 'What do you think, @alice?' });
    const from = server.requests.length;
    view.refresh();
    const t = await tree(view);
    assert.deepEqual([...t.keys()], ['carol/notes'], describeTree(t));
    const [thread] = t.get('carol/notes')!;
    assert.equal(label(thread!), 'Look at this');
    assert.match(String(thread!.item.description), /^unread · Issue · open · /);
    assert.match(thread!.item.contextValue ?? '', /\bnotification\b.*\Wunread\b/);
    assert.deepEqual(calls(from), ['GET /notifications?status-types=unread&status-types=pinned&page=1&limit=30']);
  });

  it('a click opens the issue page and marks the thread read (PATCH), then the list and the count load again', async () => {
    await vscode.workspace.getConfiguration().update(POLL, 60, vscode.ConfigurationTarget.Global);
    const [thread] = (await tree(view)).get('carol/notes')!;
    const id = (thread!.data as { thread: NotificationThread }).thread.id;
    const from = server.requests.length;
    assert.equal(thread!.item.command?.command, 'gitea.notifications.open');
    await vscode.commands.executeCommand(thread!.item.command!.command, ...(thread!.item.command!.arguments ?? []));
    await waitFor('the issue page', () => issuePageTabs().find((tab) => tab.label.includes('Look at this')));
    await waitFor('the thread marked read', () => calls(from).some((c) => c.startsWith('PATCH')));
    await waitFor('the count to be asked', () => calls(from).includes('GET /notifications/new'));
    const after = await tree(view);
    assert.equal(after.size, 0, describeTree(after));
    assert.deepEqual(calls(from).filter((c) => !c.startsWith('GET /notifications/new')), [`PATCH /notifications/threads/${id}?to-status=read`, 'GET /notifications?status-types=unread&status-types=pinned&page=1&limit=30']);
    await waitFor('the badge to clear', () => badgeOf(view) === undefined);
  });

  it('the badge counts the unread threads; a filter shows read ones with Mark as Unread and Pin, not Mark as Read', async () => {
    await as('bob', 'POST', '/repos/carol/notes/issues', { title: 'Second look', body: '@alice again' });
    services.views.refresh('notificationBadge');
    await waitFor('the badge', () => badgeOf(view) === 1);
    await view.setStatuses(['unread', 'pinned', 'read']);
    const t = await tree(view);
    const threads = t.get('carol/notes')!;
    assert.deepEqual(threads.map(label), ['Second look', 'Look at this'], 'unread first');
    assert.match(threads[1]!.item.contextValue ?? '', /\bread\b/);
    assert.doesNotMatch(threads[1]!.item.contextValue ?? '', /\bunread\b/);
  });

  it('inline actions send to-status unread, pinned and read', async () => {
    const threads = (await tree(view)).get('carol/notes')!;
    const id = (threads[1]!.data as { thread: NotificationThread }).thread.id;
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.notifications.markUnread', threads[1]);
    await vscode.commands.executeCommand('gitea.notifications.pin', threads[1]);
    await vscode.commands.executeCommand('gitea.notifications.unpin', threads[1]);
    assert.deepEqual(calls(from).filter((c) => c.startsWith('PATCH')), ['unread', 'pinned', 'read'].map((s) => `PATCH /notifications/threads/${id}?to-status=${s}`));
  });

  it('Mark All Read sends last_read_at = the newest thread shown: a thread that arrived after stays unread', async () => {
    const shown = (await tree(view)).get('carol/notes')!.map((n) => (n.data as { thread: NotificationThread }).thread);
    const newest = shown.map((th) => th.updated_at!).sort().at(-1)!;
    await sleep(1100); // the next thread's update time is a later second than what the view shows
    await as('bob', 'POST', '/repos/carol/notes/issues', { title: 'Arrived later', body: '@alice' });
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.notifications.markAllRead');
    assert.deepEqual(calls(from).filter((c) => c.startsWith('PUT')), [`PUT /notifications?last_read_at=${encodeURIComponent(newest)}`]);
    const left = (await tree(view)).get('carol/notes')!;
    assert.deepEqual(left.filter((n) => /\bunread\b/.test(n.item.contextValue ?? '')).map(label), ['Arrived later'], describeNodes(left));
  });

  it('Mark Repository Read sends PUT /repos/{owner}/{repo}/notifications with its newest thread', async () => {
    const [group] = dataNodes(await settled(view));
    assert.match(group!.item.contextValue ?? '', /\bhasUnread\b/);
    const newest = (group!.data as { group: { newest: string } }).group.newest;
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.notifications.markRepoRead', group);
    assert.deepEqual(calls(from).filter((c) => c.startsWith('PUT')), [`PUT /repos/carol/notes/notifications?last_read_at=${encodeURIComponent(newest)}`]);
    const t = await tree(view);
    assert.equal(t.get('carol/notes')!.filter((n) => /\bunread\b/.test(n.item.contextValue ?? '')).length, 0, describeTree(t));
    await view.setStatuses([]);
  });

  it('pollInterval 0: no count requests and no badge', async () => {
    await as('bob', 'POST', '/repos/carol/notes/issues', { title: 'Unseen', body: '@alice' });
    await vscode.workspace.getConfiguration().update(POLL, 0, vscode.ConfigurationTarget.Global);
    const from = server.requests.length;
    services.views.refresh('notificationBadge');
    await sleep(500);
    // The count (GET /notifications/new) is what the badge costs; the view's own list may load meanwhile.
    assert.deepEqual(calls(from).filter((c) => c.includes('/notifications/new')), []);
    assert.equal(badgeOf(view), undefined);
  });
});

describe("Notifications on the harness's server (test server or real Gitea): the collaborator mentions the user", function () {
  this.timeout(180_000);
  let session: Session;
  let view: NotificationsProvider;

  /** A call as the collaborator: their token on the test server, the Sudo header of the (administrator's) token on a real one. */
  async function asCollaborator(method: string, path: string, body: unknown): Promise<void> {
    const env = testEnv();
    const login = env.repo.collaborator!;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (env.fixtures) headers.authorization = `token ${env.fixtures.users[login as 'bob'].tokens.all}`;
    else Object.assign(headers, { authorization: `token ${env.user.token}`, sudo: login });
    const res = await fetch(`${env.apiUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    assert.ok(res.ok, `${method} ${path} as ${login}: ${res.status} ${await res.text()}`);
  }
  async function threadsOnServer(): Promise<NotificationThread[]> {
    const env = testEnv();
    const res = await fetch(`${env.apiUrl}/notifications?all=true`, { headers: { authorization: `token ${env.user.token}` } });
    assert.ok(res.ok, `GET /notifications: ${res.status}`);
    return (await res.json()) as NotificationThread[];
  }

  before(async function () {
    requires(this, 'collaborator');
    session = await signInToTarget();
    view = await provider();
  });
  after(async () => {
    await closeEditors();
    await signOut(session?.accountId);
  });

  it('the mention shows under the repository; opening it opens the page and the server has it read', async () => {
    const { repo, user } = testEnv();
    const marker = `notification-${Date.now()}`;
    // Everything read first: a real Gitea writes notifications from a queue, and a thread read before the queue
    // reached the comment turns unread again. Unread from here on means this comment was processed.
    const env = testEnv();
    const reset = await fetch(`${env.apiUrl}/notifications?all=true`, { method: 'PUT', headers: { authorization: `token ${env.user.token}` } });
    assert.ok(reset.ok, `PUT /notifications: ${reset.status}`);
    await asCollaborator('POST', `/repos/${repo.owner}/${repo.name}/issues/${repo.issues.blocker}/comments`, { body: `@${user.username} ${marker}` });
    const fullName = `${repo.owner}/${repo.name}`;
    const thread = await waitFor('the thread on the server', async () => (await threadsOnServer()).find((t) => t.repository?.full_name === fullName && t.unread), 30_000);
    // The mention is a second queue item after the comment's own (Gitea's CreateIssueComment): let it pass too.
    await sleep(2000);
    view.refresh();
    const nodes = (await tree(view)).get(fullName) ?? [];
    const node = nodes.find((n) => (n.data as { thread: NotificationThread }).thread.id === thread.id);
    assert.ok(node, describeNodes(nodes));
    assert.match(String(node.item.description), /^unread · (Issue|Pull request) · /);
    await vscode.commands.executeCommand(node.item.command!.command, ...(node.item.command!.arguments ?? []));
    await waitFor('the issue page', () => issuePageTabs().length > 0);
    await waitFor('the thread read on the server', async () => (await threadsOnServer()).find((t) => t.id === thread.id && !t.unread && !t.pinned));
  });
});

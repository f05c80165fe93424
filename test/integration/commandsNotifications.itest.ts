// The Notifications view's Refresh, Filter… and Mark as Read, run as their buttons run them, against a Gitea 1.27
// test server started in this process: Refresh asks the server again and shows a thread that arrived meanwhile,
// the filter chosen goes to the server as status-types and the view lists those threads, Mark as Read makes the
// thread read on the server. Each test makes the threads it needs (bob mentions alice).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NotificationThread } from '../../src/api';
import type { NotificationsProvider } from '../../src/views/notifications';
import type { PagedTreeBase } from '../../src/views/pagedTree';
import type { AccountScope } from '../../src/views/scope';
import type { TreeNode } from '../../src/views/treeNode';
import { FIXTURES, type TestServer } from '../server/index';
import { answerPrompt, pickLabels } from './commandsSupport';
import { demoSession } from './demoSession';
import { dataNodes, describeNodes, label, registry, settled as settledOf } from './viewsSupport';

const settled = (p: NotificationsProvider, node?: TreeNode) => settledOf(p as unknown as PagedTreeBase<AccountScope>, node);

describe('commands of the Notifications view: Refresh, Filter…, Mark as Read (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let view: NotificationsProvider;

  demoSession((s) => ({ server } = s));
  before(async () => {
    await registry();
    view = (await vscode.commands.executeCommand<NotificationsProvider>('gitea.notifications.provider'))!;
  });
  afterEach(() => view.setStatuses([]));

  const as = async <T = unknown>(user: 'alice' | 'bob', method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.apiUrl}${path}`, {
      method,
      headers: { authorization: `token ${FIXTURES.users[user].tokens.all}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  /** bob mentions alice in a new issue of carol/notes; resolves to alice's thread of it. */
  const mention = async (title: string): Promise<NotificationThread> => {
    await as('bob', 'POST', '/repos/carol/notes/issues', { title, body: `@alice ${title}` });
    const thread = (await as<NotificationThread[]>('alice', 'GET', '/notifications?all=true')).find((t) => t.subject?.title === title);
    assert.ok(thread, `alice has a thread of "${title}"`);
    return thread;
  };
  const notificationCalls = (from: number) =>
    server.requests.slice(from).filter((r) => r.kind === 'api' && r.apiPath?.includes('notifications')).map((r) => `${r.method} ${r.apiPath}${new URL(r.url, server.url).search}`);
  const threadsShown = async () => {
    const out: TreeNode[] = [];
    for (const group of dataNodes(await settled(view))) out.push(...dataNodes(await settled(view, group)));
    return out;
  };

  it('Refresh asks the server again and shows the thread that arrived since', async () => {
    await mention('Before the refresh');
    view.refresh();
    await threadsShown();
    const title = 'Arrived before Refresh';
    await mention(title);
    assert.ok(!(await threadsShown()).some((n) => label(n) === title), 'precondition: read again without Refresh, the view shows what it had');
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.notifications.refresh');
    const shown = await threadsShown();
    assert.ok(shown.some((n) => label(n) === title), describeNodes(shown));
    assert.deepEqual(notificationCalls(from), ['GET /notifications?status-types=unread&status-types=pinned&page=1&limit=30']);
  });

  it('Filter…: the statuses chosen go to the server and the view lists those threads (Read: only the read one)', async () => {
    const read = await mention('Already read');
    await as('alice', 'PATCH', `/notifications/threads/${read.id}?to-status=read`);
    const unread = await mention('Still unread');
    const from = server.requests.length;
    const pick = answerPrompt('showQuickPick', pickLabels(['$(check) Read'], true));
    try {
      await vscode.commands.executeCommand('gitea.notifications.filter');
    } finally {
      pick.restore();
    }
    assert.equal((pick.calls[0]?.options as vscode.QuickPickOptions).canPickMany, true);
    assert.deepEqual(view.statuses, ['read']);
    const shown = await threadsShown();
    const ids = shown.map((n) => (n.data as { thread: NotificationThread }).thread.id);
    assert.ok(ids.includes(read.id) && !ids.includes(unread.id), describeNodes(shown));
    assert.ok(shown.every((n) => /\bread\b/.test(n.item.contextValue ?? '') && !/\bunread\b/.test(n.item.contextValue ?? '')), describeNodes(shown));
    assert.deepEqual(notificationCalls(from), ['GET /notifications?status-types=read&page=1&limit=30']);
  });

  it('Mark as Read: the thread is read on the server and leaves the unread list', async () => {
    const thread = await mention('Mark me read');
    view.refresh();
    const node = (await threadsShown()).find((n) => (n.data as { thread: NotificationThread }).thread.id === thread.id);
    assert.ok(node && /\bunread\b/.test(node.item.contextValue ?? ''), 'the unread thread is shown');
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.notifications.markRead', node);
    assert.deepEqual(notificationCalls(from).filter((c) => c.startsWith('PATCH')), [`PATCH /notifications/threads/${thread.id}?to-status=read`]);
    const onServer = (await as<NotificationThread[]>('alice', 'GET', '/notifications?all=true')).find((t) => t.id === thread.id);
    assert.equal(onServer?.unread, false, 'read on the server');
    assert.ok(!(await threadsShown()).some((n) => (n.data as { thread: NotificationThread }).thread.id === thread.id), 'gone from the unread and pinned list');
  });
});

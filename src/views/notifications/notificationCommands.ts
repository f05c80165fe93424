// The Notifications view's commands: open a thread (the issue or pull request page, or the browser for the rest)
// and mark it read; mark read, unread, pinned or unpinned; mark all read, overall or for one repository, no further
// than the newest thread the view showed (`last_read_at`), so what arrived since stays unread; the status filter.
import * as vscode from 'vscode';
import type { NotificationStatus } from '../../api';
import { COMMAND } from '../../core/commandIds';
import { showFailure } from '../../core/errors';
import { openServerUrl } from '../../core/openExternal';
import type { Services } from '../../core/services';
import { newestUpdate, threadStatus } from '../../shared/notificationGroups';
import { subjectTarget } from '../../shared/notificationSubject';
import { inertText } from '../../shared/untrustedText';
import { openIssueArgs } from '../issueNodes';
import { TreeNode } from '../treeNode';
import type { GroupData, ThreadData } from './notificationNodes';
import type { NotificationsProvider } from './notificationsView';

const t = vscode.l10n.t;

function dataOf<K extends 'thread' | 'group'>(arg: unknown, kind: K): (K extends 'thread' ? ThreadData : GroupData) | undefined {
  const data = arg instanceof TreeNode ? (arg.data as ThreadData | GroupData | undefined) : undefined;
  return data?.kind === kind ? (data as K extends 'thread' ? ThreadData : GroupData) : undefined;
}

function changed(services: Services, provider: NotificationsProvider): void {
  provider.refresh();
  services.views.refresh('notificationBadge');
}

async function setStatus(services: Services, provider: NotificationsProvider, arg: unknown, to: NotificationStatus): Promise<void> {
  const data = dataOf(arg, 'thread');
  if (!data) return;
  try {
    const client = await services.accounts.getClient(data.account.id);
    await client.notifyReadThread({ id: data.thread.id, 'to-status': to });
  } catch (e) {
    showFailure(services, t('Could not change the notification'), e);
  }
  changed(services, provider);
}

/** Opens the thread's subject, then marks an unread thread read (a pinned one stays pinned). */
async function openThread(services: Services, provider: NotificationsProvider, arg: unknown): Promise<void> {
  const data = dataOf(arg, 'thread');
  if (!data) return;
  const { account, thread } = data;
  const target = subjectTarget(thread, account.instanceUrl);
  if (target.kind === 'page') {
    const repo = { instanceUrl: account.instanceUrl, owner: target.owner, repo: target.repo, accountId: account.id };
    const row = { number: target.number, title: thread.subject?.title ?? '', state: thread.subject?.state ?? 'open', isPull: target.isPull };
    await vscode.commands.executeCommand(COMMAND.openIssue, openIssueArgs(row, repo));
  } else if (target.kind === 'browser') {
    await openServerUrl(target.url, account.instanceUrl);
  } else {
    void vscode.window.showInformationMessage(t('Gitea sent no page for this notification.'));
  }
  if (threadStatus(thread) === 'unread') await setStatus(services, provider, arg, 'read');
}

async function markRepoRead(services: Services, provider: NotificationsProvider, arg: unknown): Promise<void> {
  const data = dataOf(arg, 'group');
  const group = data?.group;
  if (!data || !group?.owner || !group.name) return;
  try {
    const client = await services.accounts.getClient(data.account.id);
    await client.notifyReadRepoList({ owner: group.owner, repo: group.name, last_read_at: group.newest });
  } catch (e) {
    showFailure(services, t('Could not mark the notifications of {0} read', inertText(group.fullName)), e);
  }
  changed(services, provider);
}

async function markAllRead(services: Services, provider: NotificationsProvider): Promise<void> {
  const loaded = provider.loadedThreads().filter((l) => l.threads.some((th) => threadStatus(th) === 'unread'));
  if (!loaded.length) {
    void vscode.window.showInformationMessage(t('No unread notifications shown.'));
    return;
  }
  for (const { account, threads } of loaded) {
    try {
      const client = await services.accounts.getClient(account.id);
      await client.notifyReadList({ last_read_at: newestUpdate(threads) });
    } catch (e) {
      showFailure(services, t('Could not mark the notifications read'), e);
    }
  }
  changed(services, provider);
}

async function pickStatuses(provider: NotificationsProvider): Promise<void> {
  const current = new Set(provider.statuses);
  const items: (vscode.QuickPickItem & { status: NotificationStatus })[] = [
    { status: 'unread', label: `$(circle-filled) ${t('Unread')}`, picked: current.has('unread') },
    { status: 'pinned', label: `$(pinned) ${t('Pinned')}`, picked: current.has('pinned') },
    { status: 'read', label: `$(check) ${t('Read')}`, picked: current.has('read') },
  ];
  const chosen = await vscode.window.showQuickPick(items, { canPickMany: true, title: t('Show Notifications'), placeHolder: t('Statuses to show (none: unread and pinned)') });
  if (chosen) await provider.setStatuses(chosen.map((c) => c.status));
}

export function registerNotificationCommands(services: Services, provider: NotificationsProvider): vscode.Disposable[] {
  const reg = (id: string, fn: (arg?: unknown) => unknown): vscode.Disposable => vscode.commands.registerCommand(id, fn);
  return [
    reg(COMMAND.notificationsOpen, (arg) => openThread(services, provider, arg)),
    reg('gitea.notifications.refresh', () => changed(services, provider)),
    reg('gitea.notifications.filter', () => pickStatuses(provider)),
    reg('gitea.notifications.markAllRead', () => markAllRead(services, provider)),
    reg('gitea.notifications.markRepoRead', (arg) => markRepoRead(services, provider, arg)),
    reg('gitea.notifications.markRead', (arg) => setStatus(services, provider, arg, 'read')),
    reg('gitea.notifications.markUnread', (arg) => setStatus(services, provider, arg, 'unread')),
    reg('gitea.notifications.pin', (arg) => setStatus(services, provider, arg, 'pinned')),
    reg('gitea.notifications.unpin', (arg) => setStatus(services, provider, arg, 'read')),
  ];
}

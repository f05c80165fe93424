// The rows of the Notifications view: a repository group (unread count) and a thread (its subject's title, type,
// state, status and age). Gitea does not say why a thread reached the user (no `reason` as on GitHub): the row and
// its tooltip show what it does say — the subject, its state, when it last changed and its latest comment.
import * as vscode from 'vscode';
import type { NotificationThread } from '../../api';
import { COMMAND } from '../../core/commandIds';
import type { Account } from '../../core/services';
import { threadStatus, type NotificationGroup } from '../../shared/notificationGroups';
import { subjectKind } from '../../shared/notificationSubject';
import { inertText } from '../../shared/untrustedText';
import { appendField, escapeMarkdown, formatDate, relativeDate, tooltip } from '../format';
import { contextValue, leaf, TreeNode } from '../treeNode';

const t = vscode.l10n.t;

/** What a thread row's commands receive. */
export interface ThreadData {
  readonly kind: 'thread';
  readonly account: Account;
  readonly thread: NotificationThread;
}

/** What a repository row's commands receive. */
export interface GroupData {
  readonly kind: 'group';
  readonly account: Account;
  readonly group: NotificationGroup;
}

export function kindLabel(thread: NotificationThread): string {
  switch (subjectKind(thread)) {
    case 'issue':
      return t('Issue');
    case 'pull':
      return t('Pull request');
    case 'commit':
      return t('Commit');
    case 'repository':
      return t('Repository');
    default:
      return thread.subject?.type ? inertText(thread.subject.type) : t('Unknown subject');
  }
}

function stateLabel(state: string | undefined): string | undefined {
  if (state === 'open') return t('open');
  if (state === 'closed') return t('closed');
  if (state === 'merged') return t('merged');
  return state ? inertText(state) : undefined;
}

function statusLabel(thread: NotificationThread): string {
  const status = threadStatus(thread);
  return status === 'unread' ? t('unread') : status === 'pinned' ? t('pinned') : t('read');
}

function threadIcon(thread: NotificationThread): vscode.ThemeIcon {
  const state = thread.subject?.state;
  const color = threadStatus(thread) === 'unread' ? new vscode.ThemeColor('notificationsInfoIcon.foreground') : undefined;
  switch (subjectKind(thread)) {
    case 'issue':
      return new vscode.ThemeIcon(state === 'closed' ? 'issue-closed' : 'issues', color);
    case 'pull':
      return new vscode.ThemeIcon(state === 'merged' ? 'git-merge' : state === 'closed' ? 'git-pull-request-closed' : 'git-pull-request', color);
    case 'commit':
      return new vscode.ThemeIcon('git-commit', color);
    case 'repository':
      return new vscode.ThemeIcon('repo', color);
    default:
      return new vscode.ThemeIcon('bell', color);
  }
}

export function threadNode(account: Account, thread: NotificationThread, now: number): TreeNode {
  const status = threadStatus(thread);
  const kind = subjectKind(thread);
  const title = thread.subject?.title ? inertText(thread.subject.title) : t('(no title)');
  const parts = [status === 'read' ? undefined : statusLabel(thread), kindLabel(thread), stateLabel(thread.subject?.state), thread.updated_at ? relativeDate(thread.updated_at, now) : undefined];
  const data: ThreadData = { kind: 'thread', account, thread };
  const node = leaf(title, threadIcon(thread), {
    description: parts.filter(Boolean).join(' · '),
    context: contextValue('notification', status, kind),
    url: thread.subject?.html_url || undefined,
    data,
    tooltip: () => threadTooltip(thread),
  });
  node.instanceUrl = account.instanceUrl;
  node.item.command = { command: COMMAND.notificationsOpen, title: t('Open Notification'), arguments: [node] };
  node.item.accessibilityInformation = { label: `${title}, ${parts.filter(Boolean).join(', ')}` };
  return node;
}

function threadTooltip(thread: NotificationThread): vscode.MarkdownString {
  const md = tooltip();
  md.appendMarkdown(`**${escapeMarkdown(thread.subject?.title ?? '')}**\n\n`);
  appendField(md, t('Type'), kindLabel(thread));
  appendField(md, t('State'), stateLabel(thread.subject?.state));
  appendField(md, t('Repository'), thread.repository?.full_name);
  appendField(md, t('Status'), statusLabel(thread));
  appendField(md, t('Updated'), thread.updated_at ? `${formatDate(thread.updated_at)} (${relativeDate(thread.updated_at)})` : undefined);
  if (thread.subject?.latest_comment_html_url) appendField(md, t('Latest comment'), thread.subject.latest_comment_html_url);
  md.appendMarkdown(`\n\n${escapeMarkdown(t('Gitea does not say why a notification was sent (a mention, an assignment, a review request, a comment where you take part, a repository you watch).'))}`);
  return md;
}

export function groupNode(account: Account, group: NotificationGroup, now: number): TreeNode {
  const label = group.fullName ? inertText(group.fullName) : t('Repository not accessible');
  const description = group.unread > 0 ? t('{0} unread', group.unread) : t('{0} read or pinned', group.threads.length);
  const data: GroupData = { kind: 'group', account, group };
  const node = leaf(label, new vscode.ThemeIcon('repo'), {
    description,
    context: contextValue('notificationRepo', group.unread > 0 && group.owner ? 'hasUnread' : undefined),
    url: group.threads[0]?.repository?.html_url || undefined,
    data,
    children: () => ({ fixed: group.threads.map((thread) => threadNode(account, thread, now)) }),
  });
  node.instanceUrl = account.instanceUrl;
  node.item.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
  return node;
}

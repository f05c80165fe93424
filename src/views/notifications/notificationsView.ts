// Notifications (notifyGetList): the threads of every signed-in account, grouped by repository, unread first.
// A view of the user, not of a repository: it works with no active repository. With one account the groups are
// the top level; with several, each account is a row with its groups under it. The statuses shown (unread,
// pinned, read) are a filter kept across sessions; the server's default (unread and pinned) applies at first.
import * as vscode from 'vscode';
import type { GiteaClient, NotificationStatus, NotificationThread } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import type { Account, Services } from '../../core/services';
import { accountLabel } from '../../shared/account';
import { groupNotifications, type NotificationGroup } from '../../shared/notificationGroups';
import { PagedTreeBase } from '../pagedTree';
import type { AccountScope } from '../scope';
import { leaf, messageNode, type ListSpec, type NodeChildren, type TreeNode } from '../treeNode';
import { groupNode } from './notificationNodes';

export const NOTIFICATIONS_VIEW = 'gitea.notifications';
const FILTER_KEY = 'gitea.notifications.statuses';
export const DEFAULT_STATUSES: readonly NotificationStatus[] = ['unread', 'pinned'];
/** Pages read for one view of the threads (50 a page on a default Gitea): a long read history is not read whole. */
export const MAX_NOTIFICATION_PAGES = 10;

const t = vscode.l10n.t;

/** Every signed-in account with its client; `account`/`client` are the first one's (what the base needs). */
export interface NotificationsScope extends AccountScope {
  readonly all: readonly { readonly account: Account; readonly client: GiteaClient }[];
}

/** The threads one account's list loaded: what "Mark All Read" bounds its last_read_at by. */
interface LoadedThreads {
  readonly account: Account;
  readonly threads: readonly NotificationThread[];
}

export class NotificationsProvider extends PagedTreeBase<NotificationsScope> {
  private readonly loaded = new Map<string, LoadedThreads>();

  constructor(services: Services) {
    super(services, NOTIFICATIONS_VIEW);
  }

  get statuses(): readonly NotificationStatus[] {
    const saved = this.services.context.globalState.get<unknown>(FILTER_KEY);
    const valid = Array.isArray(saved) ? saved.filter((s): s is NotificationStatus => s === 'unread' || s === 'pinned' || s === 'read') : [];
    return valid.length ? valid : DEFAULT_STATUSES;
  }

  async setStatuses(statuses: readonly NotificationStatus[]): Promise<void> {
    await this.services.context.globalState.update(FILTER_KEY, statuses.length ? [...statuses] : undefined);
    this.rebuildRoot();
  }

  /** The threads the view has shown for each account (mark all read goes no further than the newest of them). */
  loadedThreads(): readonly LoadedThreads[] {
    const ids = new Set(this.scope?.all.map((a) => a.account.id));
    return [...this.loaded.values()].filter((l) => ids.has(l.account.id));
  }

  protected async resolveViewScope(): Promise<NotificationsScope | undefined> {
    const accounts = this.services.accounts.accounts;
    if (!accounts.length) return undefined;
    const all = await Promise.all(accounts.map(async (account) => ({ account, client: await this.services.accounts.getClient(account.id) })));
    return { key: accounts.map((a) => a.id).join(','), account: all[0]!.account, client: all[0]!.client, all };
  }

  /** Several accounts: each one's list says it when its token was refused; the others still show. */
  protected override waitsForSignIn(scope: NotificationsScope): boolean {
    return scope.all.length === 1 && super.waitsForSignIn(scope);
  }

  protected rootChildren(scope: NotificationsScope): NodeChildren {
    const statuses = this.statuses;
    if (this.view) this.view.description = statuses.map((s) => (s === 'unread' ? t('unread') : s === 'pinned' ? t('pinned') : t('read'))).join(', ');
    if (scope.all.length === 1) return { list: this.groupsOf(scope.all[0]!.account, scope.all[0]!.client, statuses) };
    return {
      fixed: scope.all.map(({ account, client }) => {
        const node = leaf(accountLabel(account), new vscode.ThemeIcon('account'), { children: () => ({ list: this.groupsOf(account, client, statuses) }) });
        node.item.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
        node.instanceUrl = account.instanceUrl;
        return node;
      }),
    };
  }

  private groupsOf(account: Account, client: GiteaClient, statuses: readonly NotificationStatus[]): ListSpec<NotificationGroup> {
    return {
      key: `notifications:${account.id}:${statuses.join('+')}`,
      fetch: async (_page, signal) => {
        const { items } = await readAllPages((page) => client.notifyGetList({ 'status-types': [...statuses], page }, { signal }), {
          signal,
          maxPages: MAX_NOTIFICATION_PAGES,
        });
        this.loaded.set(account.id, { account, threads: items });
        return { items: groupNotifications(items), page: 1, hasMore: false };
      },
      render: (group, now) => groupNode(account, group, now),
      identity: (group) => group.fullName,
      emptyLabel: statuses.includes('read') ? t('No notifications') : t('No unread notifications'),
      explainError: (e) => explainNotificationError(e),
    };
  }
}

/** A token without the notification scope (signed in before this view existed) gets a way forward, not a code. */
function explainNotificationError(e: unknown): TreeNode | undefined {
  if (isGiteaError(e) && (e.kind === 'scope' || e.kind === 'forbidden')) {
    return messageNode(t('This account\'s token may not read notifications: sign in again to create one that may.'), 'warning', 'notificationScope');
  }
  return undefined;
}

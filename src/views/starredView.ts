// Starred (userListStarred): the repositories the signed-in user (or any user) starred, with Open in Browser,
// Clone and "Open as Active Repository" (the sidebar then shows that repository, cloned or not).
// A view of the account, not of a repository: it works with no active repository (see accountScope).
import * as vscode from 'vscode';
import type { Repository } from '../api';
import { isGiteaError } from '../api/errorKind';
import { explainListError } from '../shared/explainError';
import { repoCloneUrl } from '../core/cloneUrl';
import type { Services } from '../core/services';
import { appendField, escapeMarkdown, formatDate, relativeDate, tooltip } from './format';
import { PagedTreeBase } from './pagedTree';
import { accountScope, type AccountScope } from './scope';
import { contextValue, leaf, TreeNode, type NodeChildren } from './treeNode';

export const STARRED_VIEW = 'gitea.starred';

const t = vscode.l10n.t;

export class StarredProvider extends PagedTreeBase<AccountScope> {
  /** Another user's stars; undefined = the signed-in user's. */
  private other: string | undefined;
  /** The scope of the last render, for the item commands. */
  lastScope: AccountScope | undefined;

  constructor(services: Services) {
    super(services, STARRED_VIEW);
  }

  get user(): string | undefined {
    return this.other;
  }

  setUser(username: string | undefined): void {
    this.other = username?.trim() || undefined;
    void vscode.commands.executeCommand('setContext', 'gitea.starred.otherUser', this.other !== undefined);
    this.rebuildRoot();
  }

  protected resolveViewScope(): Promise<AccountScope | undefined> {
    return accountScope(this.services);
  }

  protected rootChildren(scope: AccountScope): NodeChildren {
    this.lastScope = scope;
    const username = this.other ?? scope.account.username;
    if (this.view) this.view.description = this.other ? t('starred by {0}', username) : undefined;
    return {
      list: {
        key: `starred:${username}`,
        fetch: async (page, signal) => {
          try {
            return await scope.client.userListStarred({ username, page }, { signal });
          } catch (e) {
            throw isGiteaError(e) && e.kind !== 'cancelled' ? new Error(explainListError('starred', e, { target: username }, t)) : e;
          }
        },
        render: (r: Repository) => repoNode(r),
        identity: (r: Repository) => r.id,
        emptyLabel: this.other ? t('{0} has starred no repositories', username) : t('You have starred no repositories'),
      },
    };
  }
}

function repoIcon(r: Repository): vscode.ThemeIcon {
  if (r.archived) return new vscode.ThemeIcon('archive');
  if (r.mirror) return new vscode.ThemeIcon('mirror');
  if (r.fork) return new vscode.ThemeIcon('repo-forked');
  if (r.private) return new vscode.ThemeIcon('lock');
  return new vscode.ThemeIcon('repo');
}

function repoNode(r: Repository): TreeNode {
  const node = leaf(r.full_name, repoIcon(r), {
    description: [r.description?.split('\n')[0], `★ ${r.stars_count ?? 0}`].filter(Boolean).join(' · '),
    context: contextValue('starredRepo', repoCloneUrl(r) ? 'cloneable' : undefined),
    url: r.html_url ?? undefined,
    data: r,
    tooltip: () => {
      const md = tooltip();
      md.appendMarkdown(`$(repo) **${escapeMarkdown(r.full_name)}**\n\n`);
      if (r.description) md.appendMarkdown(`${escapeMarkdown(r.description)}\n\n`);
      const flags = [r.private && t('private'), r.fork && t('fork'), r.mirror && t('mirror'), r.archived && t('archived'), r.template && t('template')];
      appendField(md, t('Kind'), flags.filter(Boolean).join(', ') || t('public'));
      appendField(md, t('Language'), r.language);
      appendField(md, t('Stars'), r.stars_count);
      appendField(md, t('Forks'), r.forks_count);
      appendField(md, t('Default branch'), r.default_branch);
      appendField(md, t('Updated'), r.updated_at ? `${formatDate(r.updated_at)} (${relativeDate(r.updated_at)})` : undefined);
      return md;
    },
  });
  return node;
}

function repoOf(arg: unknown): Repository | undefined {
  return arg instanceof TreeNode ? (arg.data as Repository | undefined) : undefined;
}

async function showUser(provider: StarredProvider, arg: unknown): Promise<void> {
  const name =
    typeof arg === 'string'
      ? arg
      : await vscode.window.showInputBox({
          title: t('Show Starred Repositories of User'),
          prompt: t('User name (empty for your own)'),
          value: provider.user ?? '',
        });
  if (name !== undefined) provider.setUser(name);
}

async function openAsActive(services: Services, provider: StarredProvider, arg: unknown): Promise<void> {
  const r = repoOf(arg);
  const scope = provider.lastScope;
  if (!r || !scope) return;
  const owner = r.owner?.login ?? r.full_name.split('/')[0]!;
  services.repos.setActive({ instanceUrl: scope.account.instanceUrl, owner, repo: r.name, accountId: scope.account.id });
  await vscode.commands.executeCommand('workbench.view.extension.gitea');
}

/** Creates the view and its commands (title and item actions in package.json); disposed with the extension. */
export function registerStarredView(services: Services): StarredProvider {
  const provider = new StarredProvider(services);
  provider.createTreeView();
  const reg = (id: string, fn: (arg?: unknown) => unknown): vscode.Disposable => vscode.commands.registerCommand(id, fn);
  services.context.subscriptions.push(
    provider,
    reg('gitea.starred.refresh', () => provider.refresh()),
    services.views.register('starred', () => provider.refresh()),
    reg('gitea.starred.showUser', (arg) => showUser(provider, arg)),
    reg('gitea.starred.showMine', () => provider.setUser(undefined)),
    reg('gitea.starred.clone', (arg) => {
      const r = repoOf(arg);
      const url = r && repoCloneUrl(r);
      return url ? vscode.commands.executeCommand('git.clone', url) : undefined;
    }),
    reg('gitea.starred.openAsActive', (arg) => openAsActive(services, provider, arg)),
    // Not in the palette: how the in-host tests reach the provider.
    reg('gitea.starred.provider', () => provider),
  );
  return provider;
}

// Branches (repoListBranches): the default branch first, protection and the caller's push/merge rights, and a
// filter that the server applies (Gitea 1.27+, `q`) or, on servers without `q`, this view applies to loaded pages.
import * as vscode from 'vscode';
import type { Branch } from '../api';
import { REPOSITORY_ARCHIVED_CONTEXT } from '../core/commandIds';
import type { Services } from '../core/services';
import { appendField, escapeMarkdown, firstLine, formatDate, relativeDate, setViewMessage, tooltip } from './format';
import { PagedTreeProvider } from './pagedTree';
import { giteaAtLeast } from '../shared/account';
import { repoWebUrl, type ViewScope } from './scope';
import { contextValue, leaf, type NodeChildren, type TreeNode } from './treeNode';
import { recentRepositories, SAME_FILL_MS } from '../core/recentRepositories';

export const BRANCHES_VIEW = 'gitea.branches';

export class BranchesProvider extends PagedTreeProvider {
  private query = '';
  private notice: string | undefined;
  /** The default branch's name per scope key, once known. */
  private readonly defaults = new Map<string, string>();

  constructor(services: Services) {
    super(services, BRANCHES_VIEW);
  }

  get filter(): string {
    return this.query;
  }

  /** Sets (or clears, with '') the branch filter and shows the first page of the result. */
  setFilter(query: string): void {
    this.query = query.trim();
    void vscode.commands.executeCommand('setContext', 'gitea.branches.filtered', this.query !== '');
    const scope = this.currentScope;
    this.describe(this.query, scope !== undefined && this.serverFilters(scope));
    this.rebuildRoot();
  }

  /** Whether the server filters by name (`q` arrived in Gitea 1.27; Forgejo has none). */
  serverFilters(scope: ViewScope): boolean {
    return giteaAtLeast(scope.account, 1, 27);
  }

  protected rootChildren(scope: ViewScope): NodeChildren {
    const q = this.query;
    const onServer = q !== '' && this.serverFilters(scope);
    const needle = q.toLowerCase();
    const matches = (b: Branch): boolean => b.name.toLowerCase().includes(needle);
    this.describe(q, onServer);
    return {
      list: {
        key: onServer ? `branches?q=${q}` : 'branches',
        fetch: (page, signal) =>
          scope.client.repoListBranches({ ...scope.params, page, ...(onServer ? { q } : {}) }, { signal }),
        render: (b: Branch, now: number) => this.branchNode(scope, b, now),
        emptyLabel: q ? vscode.l10n.t('No branch matches "{0}"', q) : vscode.l10n.t('This repository has no branches'),
        identity: (b: Branch) => b.name,
        filter: q && !onServer ? matches : undefined,
        lead: async (signal: AbortSignal, firstPage: Promise<readonly Branch[]>) => {
          const branch = await this.defaultBranch(scope, signal, firstPage);
          return branch && (!q || matches(branch)) ? [branch] : [];
        },
      },
    };
  }

  /** The default branch, looked up alongside the first page so that the page does not wait for it. Often it is on
   * that page (Gitea lists the most recent commits first): then it is taken from there, and asked for only when it is not (a
   * request after the repository's answer: one more round trip on the sidebar's first fill). */
  private async defaultBranch(scope: ViewScope, signal: AbortSignal, firstPage: Promise<readonly Branch[]>): Promise<Branch | undefined> {
    const repo = await recentRepositories.readShared(scope, scope.params, SAME_FILL_MS, signal);
    void vscode.commands.executeCommand('setContext', REPOSITORY_ARCHIVED_CONTEXT, repo.archived === true);
    const name = repo.default_branch;
    if (!name || repo.empty) return undefined;
    this.defaults.set(scope.key, name);
    const listed = (await firstPage).find((b) => b.name === name);
    return listed ?? scope.client.repoGetBranch({ ...scope.params, branch: name }, { signal });
  }

  /** The view's message while the filter works on loaded pages only (servers without `q`). */
  get filterNotice(): string | undefined {
    return this.notice;
  }

  private describe(q: string, onServer: boolean): void {
    this.notice =
      q && !onServer
        ? vscode.l10n.t('This server cannot search branches, so "{0}" filters the loaded pages only: use "Load more" to look further.', q)
        : undefined;
    if (!this.view) return;
    this.view.description = q ? vscode.l10n.t('filter: {0}', q) : undefined;
    setViewMessage(this.view, this.notice);
  }

  private branchNode(scope: ViewScope, b: Branch, now: number): TreeNode {
    const isDefault = this.defaults.get(scope.key) === b.name;
    const icon = isDefault
      ? new vscode.ThemeIcon('star-full', new vscode.ThemeColor('charts.yellow'))
      : b.protected
        ? new vscode.ThemeIcon('shield', new vscode.ThemeColor('charts.orange'))
        : new vscode.ThemeIcon('git-branch');
    const marks = [
      isDefault && vscode.l10n.t('default'),
      b.protected && vscode.l10n.t('protected'),
      b.user_can_push === false && vscode.l10n.t('read-only'),
    ].filter((m): m is string => !!m);
    const summary = firstLine(b.commit?.message);
    const when = relativeDate(b.commit?.timestamp, now);
    return leaf(b.name, icon, {
      description: [marks.join(', '), summary, when].filter(Boolean).join(' · '),
      context: contextValue('branch', isDefault && 'default', b.protected ? 'protected' : undefined),
      url: `${repoWebUrl(scope)}/src/branch/${b.name.split('/').map(encodeURIComponent).join('/')}`,
      data: b,
      tooltip: () => branchTooltip(b, isDefault),
    });
  }
}

function yesNo(v: boolean | null | undefined): string | undefined {
  return v === undefined || v === null ? undefined : v ? vscode.l10n.t('yes') : vscode.l10n.t('no');
}

function branchTooltip(b: Branch, isDefault: boolean): vscode.MarkdownString {
  const md = tooltip();
  md.appendMarkdown(`$(git-branch) **${escapeMarkdown(b.name)}**`);
  if (isDefault) md.appendMarkdown(` — ${escapeMarkdown(vscode.l10n.t('default branch'))}`);
  if (b.commit) {
    md.appendMarkdown('\n\n');
    md.appendMarkdown(escapeMarkdown(firstLine(b.commit.message)));
    md.appendMarkdown('\n\n');
    const author = b.commit.author?.name || b.commit.author?.username;
    appendField(md, vscode.l10n.t('Author'), author);
    appendField(md, vscode.l10n.t('Date'), formatDate(b.commit.timestamp));
    appendField(md, vscode.l10n.t('Commit'), b.commit.id.slice(0, 10));
  }
  md.appendMarkdown('\n\n');
  appendField(md, vscode.l10n.t('Protected'), yesNo(b.protected) ?? vscode.l10n.t('no'));
  if (b.protected && b.effective_branch_protection_name) appendField(md, vscode.l10n.t('Protection rule'), b.effective_branch_protection_name);
  if (b.protected && b.required_approvals) appendField(md, vscode.l10n.t('Required approvals'), b.required_approvals);
  appendField(md, vscode.l10n.t('You can push'), yesNo(b.user_can_push));
  appendField(md, vscode.l10n.t('You can merge'), yesNo(b.user_can_merge));
  return md;
}

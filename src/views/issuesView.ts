// Issues: "My Issues" across repositories (issueSearchIssues), then the repository's issues (issueListIssues)
// with filters the server applies. Each issue of the repository expands to "Blocks" and "Depends on".
import * as vscode from 'vscode';
import type { Issue } from '../api';
import type { Services } from '../core/services';
import { issueNode, issueRef, type DependencyData, type IssueRef } from './issueNodes';
import { PagedTreeProvider } from './pagedTree';
import type { ViewScope } from './scope';
import { leaf, type ListSpec, type NodeChildren, type TreeNode } from './treeNode';

export const ISSUES_VIEW = 'gitea.issues';

export interface IssueFilters {
  readonly state: 'open' | 'closed' | 'all';
  readonly type: 'issues' | 'pulls' | 'all';
  readonly labels: readonly string[];
  readonly milestones: readonly string[];
  readonly q: string;
}

export const DEFAULT_ISSUE_FILTERS: IssueFilters = { state: 'open', type: 'issues', labels: [], milestones: [], q: '' };

/** The "My Issues" groups: the search flag that selects them. */
const MY_GROUPS = [
  { flag: 'assigned', label: () => vscode.l10n.t('Assigned to Me'), icon: 'person' },
  { flag: 'created', label: () => vscode.l10n.t('Created by Me'), icon: 'edit' },
  { flag: 'mentioned', label: () => vscode.l10n.t('Mentioning Me'), icon: 'mention' },
  { flag: 'review_requested', label: () => vscode.l10n.t('Review Requested'), icon: 'eye' },
] as const;

/** Issues whose Blocks / Depends on groups are kept (the oldest made go first). */
const GROUPS_KEPT = 500;

export class IssuesProvider extends PagedTreeProvider {
  private current: IssueFilters = DEFAULT_ISSUE_FILTERS;
  /** Each issue's two groups, made once: a group's list refreshes the group it loads under, and a group made again
   * while it loads (its issue's children asked again) left the one on screen at "Loading…" (seen in the UI suite). */
  private readonly groups = new Map<string, NodeChildren>();

  constructor(services: Services) {
    super(services, ISSUES_VIEW);
    // Labels and milestones are names of one repository: they do not carry over to another.
    this.disposables.push(
      services.repos.onDidChangeActive(() => {
        if (this.current.labels.length || this.current.milestones.length) this.setFilters({ ...this.current, labels: [], milestones: [] });
      }),
    );
  }

  get filters(): IssueFilters {
    return this.current;
  }

  setFilters(filters: IssueFilters): void {
    this.current = filters;
    void vscode.commands.executeCommand('setContext', 'gitea.issues.filtered', !sameFilters(filters, DEFAULT_ISSUE_FILTERS));
    this.rebuildRoot();
  }

  /** Reloads the dependency groups (after a dependency was removed). */
  reloadDependencies(): void {
    this.invalidate((key) => key.startsWith('blocks:') || key.startsWith('dependsOn:'));
  }

  /** The top level: "My Issues" (across repositories, collapsed), then the repository's issues page by page. */
  protected rootChildren(scope: ViewScope): NodeChildren {
    const f = this.current;
    if (this.view) this.view.description = describeFilters(f) || undefined;
    const mine = leaf(vscode.l10n.t('My Issues'), new vscode.ThemeIcon('account'), {
      description: vscode.l10n.t('all repositories'),
      context: 'issueSection',
      children: () => ({ fixed: MY_GROUPS.map((g) => this.myGroup(scope, g.flag, g.label(), g.icon)) }),
    });
    return { fixed: [mine], list: this.repoIssues(scope, f) };
  }

  private repoIssues(scope: ViewScope, f: IssueFilters): ListSpec<Issue> {
    const query = {
      state: f.state,
      ...(f.type !== 'all' ? { type: f.type } : {}),
      ...(f.labels.length ? { labels: f.labels.join(',') } : {}),
      ...(f.milestones.length ? { milestones: f.milestones.join(',') } : {}),
      ...(f.q ? { q: f.q } : {}),
    };
    return {
      key: `issues?${JSON.stringify(query)}`,
      fetch: (page, signal) => scope.client.issueListIssues({ ...scope.params, ...query, page }, { signal }),
      render: (issue: Issue, now: number) => {
        const ref: IssueRef = { ...scope.params, index: issue.number };
        return issueNode(issue, { context: 'issue', now, repo: scope.repo, children: () => this.dependencyGroups(scope, ref) });
      },
      identity: (i: Issue) => i.id,
      emptyLabel: describeFilters(f) ? vscode.l10n.t('No issue matches the filters') : vscode.l10n.t('No open issues'),
    };
  }

  private myGroup(scope: ViewScope, flag: (typeof MY_GROUPS)[number]['flag'], label: string, icon: string): TreeNode {
    return leaf(label, new vscode.ThemeIcon(icon), {
      context: 'issueSection',
      children: () => ({
        list: {
          key: `search:${flag}`,
          fetch: (page, signal) =>
            scope.client.issueSearchIssues({ state: 'open', [flag]: true, ...(flag === 'review_requested' ? { type: 'pulls' } : {}), page }, { signal }),
          render: (issue: Issue, now: number) => issueNode(issue, { context: 'issue', now, repo: scope.repo, prefix: issue.repository?.full_name ?? undefined }),
          identity: (i: Issue) => i.id,
          emptyLabel: vscode.l10n.t('Nothing here'),
        } satisfies ListSpec<Issue>,
      }),
    });
  }

  private dependencyGroups(scope: ViewScope, subject: IssueRef): NodeChildren {
    const key = `${scope.key}\n${subject.owner}/${subject.repo}#${subject.index}`;
    const kept = this.groups.get(key);
    if (kept) return kept;
    if (this.groups.size >= GROUPS_KEPT) this.groups.delete(this.groups.keys().next().value!);
    const made = this.makeDependencyGroups(scope, subject);
    this.groups.set(key, made);
    return made;
  }

  private makeDependencyGroups(scope: ViewScope, subject: IssueRef): NodeChildren {
    const group = (relation: DependencyData['relation']): TreeNode => {
      const label = relation === 'blocks' ? vscode.l10n.t('Blocks') : vscode.l10n.t('Depends on');
      const icon = relation === 'blocks' ? 'circle-slash' : 'link';
      return leaf(label, new vscode.ThemeIcon(icon), {
        context: 'dependencyGroup',
        // The scope of the latest render when it is the same repository and account (a kept group outlives its render:
        // after Sign In Again its client is the new one).
        children: () => ({ list: this.dependencyList(this.scope?.key === scope.key ? this.scope : scope, subject, relation) }),
      });
    };
    return { fixed: [group('blocks'), group('dependsOn')] };
  }

  private dependencyList(scope: ViewScope, subject: IssueRef, relation: DependencyData['relation']): ListSpec<Issue> {
    const params = { owner: subject.owner, repo: subject.repo, index: subject.index };
    return {
      key: `${relation}:${subject.owner}/${subject.repo}#${subject.index}`,
      fetch: (page, signal) =>
        relation === 'blocks'
          ? scope.client.issueListBlocks({ ...params, page }, { signal })
          : scope.client.issueListIssueDependencies({ ...params, page }, { signal }),
      // `now` is the clock of the issue this list is under (the base passes it down).
      render: (issue: Issue, now: number) => {
        const other = issueRef(issue, scope.params);
        const data: DependencyData = { kind: 'dependency', subject, other, otherTitle: issue.title, relation };
        return issueNode(issue, { context: 'dependency', data, now, repo: scope.repo, prefix: sameRepo(other, subject) ? undefined : `${other.owner}/${other.repo}` });
      },
      identity: (i: Issue) => i.id,
      emptyLabel: relation === 'blocks' ? vscode.l10n.t('Blocks no issue') : vscode.l10n.t('Depends on no issue'),
    };
  }
}

function sameRepo(a: IssueRef, b: IssueRef): boolean {
  return a.owner.toLowerCase() === b.owner.toLowerCase() && a.repo.toLowerCase() === b.repo.toLowerCase();
}

export function sameFilters(a: IssueFilters, b: IssueFilters): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A short summary of the non-default filters, e.g. `closed · label: bug · "crash"`. */
export function describeFilters(f: IssueFilters): string {
  const parts: string[] = [];
  if (f.state !== DEFAULT_ISSUE_FILTERS.state) parts.push(f.state === 'all' ? vscode.l10n.t('open and closed') : vscode.l10n.t('closed'));
  if (f.type === 'pulls') parts.push(vscode.l10n.t('pull requests'));
  if (f.type === 'all') parts.push(vscode.l10n.t('issues and pull requests'));
  if (f.labels.length) parts.push(vscode.l10n.t('labels: {0}', f.labels.join(', ')));
  if (f.milestones.length) parts.push(vscode.l10n.t('milestones: {0}', f.milestones.join(', ')));
  if (f.q) parts.push(`"${f.q}"`);
  return parts.join(' · ');
}

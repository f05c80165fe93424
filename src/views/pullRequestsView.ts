// Pull Requests (repoListPullRequests): open / closed / all; each expands to its state (merged by whom, the merge
// commit) and its changed files (repoGetPullRequestFiles), page by page. Gitea's list answers leave `merged_by` out
// (null), so a merged pull request asks for itself once, next to its first page of files, to name who merged it.
import * as vscode from 'vscode';
import type { ChangedFile, Issue, Page, PullRequest } from '../api';
import { isGiteaError } from '../api/errorKind';
import { COMMAND } from '../core/commandIds';
import type { Services } from '../core/services';
import { messageOf } from '../shared/errors';
import { appendField, appendLabels, escapeMarkdown, formatDate, relativeDate, tooltip } from './format';
import { issueNode, issueRef, openIssueArgs } from './issueNodes';
import { PagedTreeProvider } from './pagedTree';
import type { ViewScope } from './scope';
import { contextValue, leaf, type ListSpec, type NodeChildren, type TreeNode } from './treeNode';

export const PULL_REQUESTS_VIEW = 'gitea.pullRequests';

export type PullState = 'open' | 'closed' | 'all';

/** What a pull request expands to: its state rows, then its changed files. */
type PullChild = { readonly state: TreeNode } | ChangedFile;

/** Data of a changed-file node: what a diff command needs. */
export interface ChangedFileData {
  readonly kind: 'changedFile';
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
  readonly file: ChangedFile;
  readonly pull: PullRequest;
}

export class PullRequestsProvider extends PagedTreeProvider {
  private state: PullState = 'open';

  constructor(
    services: Services,
    /** The command run when a changed file is clicked (the diff), given the node's ChangedFileData. */
    private readonly fileCommand: string,
  ) {
    super(services, PULL_REQUESTS_VIEW);
  }

  get pullState(): PullState {
    return this.state;
  }

  setPullState(state: PullState): void {
    this.state = state;
    this.rebuildRoot();
  }

  protected rootChildren(scope: ViewScope): NodeChildren {
    const state = this.state;
    if (this.view) this.view.description = state === 'open' ? undefined : state;
    return {
      fixed: [this.reviewRequestedGroup(scope)],
      list: {
        key: `pulls?state=${state}`,
        fetch: (page, signal) => pullsOrNone(scope, { state, page }, signal),
        render: (pr: PullRequest, now: number) => this.pullNode(scope, pr, now),
        identity: (pr: PullRequest) => pr.id,
        emptyLabel:
          state === 'open'
            ? vscode.l10n.t('No open pull requests')
            : state === 'closed'
              ? vscode.l10n.t('No closed pull requests')
              : vscode.l10n.t('No pull requests'),
      } satisfies ListSpec<PullRequest>,
    };
  }

  /** "Review Requested": open pull requests, in any repository of the instance, whose reviewer the signed-in user
   * is asked to be (the issue search My Issues uses). A row carries `{ repo, index }` for the pull request commands. */
  private reviewRequestedGroup(scope: ViewScope): TreeNode {
    return leaf(vscode.l10n.t('Review Requested'), new vscode.ThemeIcon('eye'), {
      description: vscode.l10n.t('all repositories'),
      context: 'reviewRequestedGroup',
      children: () => ({
        list: {
          key: 'search:review_requested',
          fetch: (page, signal) => scope.client.issueSearchIssues({ state: 'open', type: 'pulls', review_requested: true, page }, { signal }),
          render: (issue: Issue, now: number) => {
            const { owner, repo, index } = issueRef(issue, scope.params);
            const here = owner.toLowerCase() === scope.params.owner.toLowerCase() && repo.toLowerCase() === scope.params.repo.toLowerCase();
            const { instanceUrl, accountId } = scope.repo;
            return issueNode(issue, {
              context: 'pullRequest reviewRequested',
              now,
              repo: scope.repo,
              prefix: here ? undefined : `${owner}/${repo}`,
              data: { repo: { instanceUrl, accountId, owner, repo }, index },
            });
          },
          identity: (i: Issue) => i.id,
          emptyLabel: vscode.l10n.t('No review requested from you'),
        } satisfies ListSpec<Issue>,
      }),
    });
  }

  private pullNode(scope: ViewScope, pr: PullRequest, now: number): TreeNode {
    const branches = pr.head?.ref && pr.base?.ref ? `${pr.head.ref} → ${pr.base.ref}` : '';
    const node = leaf(`#${pr.number} ${pr.title}`, pullIcon(pr), {
      description: [branches, relativeDate(pr.updated_at, now)].filter(Boolean).join(' · '),
      context: contextValue('pullRequest', pr.merged ? 'merged' : pr.state),
      url: pr.html_url ?? undefined,
      data: pr,
      tooltip: () => pullTooltip(pr),
      children: () => (pr.merged && !pr.merged_by?.login ? { list: this.mergedChildren(scope, pr) } : { fixed: stateNodes(pr), list: this.filesList(scope, pr) }),
    });
    // A click opens the pull request's page; the arrow still expands its state and files.
    const row = { number: pr.number, title: pr.title, state: pr.merged ? 'merged' : (pr.state ?? 'open'), isPull: true, headSha: pr.head?.sha };
    node.item.command = { command: COMMAND.openIssue, title: vscode.l10n.t('Open Pull Request'), arguments: [openIssueArgs(row, scope.repo)] };
    return node;
  }

  private filesList(scope: ViewScope, pr: PullRequest): ListSpec<ChangedFile> {
    return {
      key: `pullFiles:${pr.number}:${pr.head?.sha ?? ''}`,
      fetch: (page, signal) => scope.client.repoGetPullRequestFiles({ ...scope.params, index: pr.number, page }, { signal }),
      render: (file: ChangedFile) => this.fileNode(scope, pr, file),
      identity: (f: ChangedFile) => f.filename,
      emptyLabel: vscode.l10n.t('No changed files'),
    };
  }

  /** The state rows of a merged pull request whose list entry does not say who merged it, from the pull request
   * itself (fetched with the first page of files), then the files. */
  private mergedChildren(scope: ViewScope, pr: PullRequest): ListSpec<PullChild> {
    const files = this.filesList(scope, pr);
    return {
      key: `${files.key}:merged`,
      fetch: async (page, signal) => {
        if (page > 1) return files.fetch(page, signal);
        const [full, first] = await Promise.all([
          scope.client.repoGetPullRequest({ ...scope.params, index: pr.number }, { signal }).catch((e: unknown) => {
            // The files still show; the state row then says "Merged" without a name.
            if (signal.aborted) throw e;
            this.services.log.warn(`Pull request #${pr.number}: ${messageOf(e)}`);
            return pr;
          }),
          files.fetch(1, signal),
        ]);
        return { ...first, items: [...stateNodes(full).map((state) => ({ state })), ...first.items] };
      },
      render: (child: PullChild) => ('state' in child ? child.state : this.fileNode(scope, pr, child)),
      identity: (child: PullChild) => ('state' in child ? `state:${child.state.item.contextValue ?? ''}` : child.filename),
      emptyLabel: files.emptyLabel,
    };
  }

  private fileNode(scope: ViewScope, pr: PullRequest, file: ChangedFile): TreeNode {
    const slash = file.filename.lastIndexOf('/');
    const name = file.filename.slice(slash + 1);
    const dir = slash > 0 ? file.filename.slice(0, slash) : '';
    const stats = `+${file.additions ?? 0} −${file.deletions ?? 0}`;
    const data: ChangedFileData = { kind: 'changedFile', ...scope.params, index: pr.number, file, pull: pr };
    const node = leaf(name, fileIcon(file.status ?? 'changed'), {
      description: [dir, file.status, stats].filter(Boolean).join(' · '),
      context: contextValue('changedFile', file.status ?? undefined),
      url: file.html_url ?? undefined,
      data,
      tooltip: () => {
        const md = tooltip();
        md.appendMarkdown(`**${escapeMarkdown(file.filename)}**\n\n`);
        if (file.previous_filename) appendField(md, vscode.l10n.t('Renamed from'), file.previous_filename);
        appendField(md, vscode.l10n.t('Status'), file.status);
        appendField(md, vscode.l10n.t('Changes'), stats);
        return md;
      },
    });
    node.item.command = { command: this.fileCommand, title: vscode.l10n.t('Open Changes'), arguments: [node] };
    return node;
  }
}

function stateNodes(pr: PullRequest): TreeNode[] {
  if (pr.merged) {
    const by = pr.merged_by?.login;
    const nodes = [
      leaf(by ? vscode.l10n.t('Merged by {0}', by) : vscode.l10n.t('Merged'), new vscode.ThemeIcon('git-merge', new vscode.ThemeColor('charts.purple')), {
        description: formatDate(pr.merged_at),
        context: 'pullState',
      }),
    ];
    if (pr.merge_commit_sha) {
      nodes.push(
        leaf(vscode.l10n.t('Merge commit {0}', pr.merge_commit_sha.slice(0, 10)), new vscode.ThemeIcon('git-commit'), {
          context: 'mergeCommit',
          data: { kind: 'mergeCommit', sha: pr.merge_commit_sha },
        }),
      );
    }
    return nodes;
  }
  if (pr.state === 'closed') {
    return [
      leaf(vscode.l10n.t('Closed without merging'), new vscode.ThemeIcon('git-pull-request-closed', new vscode.ThemeColor('charts.red')), {
        description: formatDate(pr.closed_at),
        context: 'pullState',
      }),
    ];
  }
  const mergeable = pr.mergeable === false ? vscode.l10n.t('has conflicts') : pr.draft ? vscode.l10n.t('draft') : vscode.l10n.t('open');
  return [leaf(vscode.l10n.t('Not merged'), new vscode.ThemeIcon('git-pull-request'), { description: mergeable, context: 'pullState' })];
}

export function pullIcon(pr: PullRequest): vscode.ThemeIcon {
  if (pr.merged) return new vscode.ThemeIcon('git-merge', new vscode.ThemeColor('charts.purple'));
  if (pr.state === 'closed') return new vscode.ThemeIcon('git-pull-request-closed', new vscode.ThemeColor('charts.red'));
  if (pr.draft) return new vscode.ThemeIcon('git-pull-request-draft', new vscode.ThemeColor('disabledForeground'));
  return new vscode.ThemeIcon('git-pull-request', new vscode.ThemeColor('charts.green'));
}

function fileIcon(status: string): vscode.ThemeIcon {
  switch (status) {
    case 'added':
    case 'copied':
      return new vscode.ThemeIcon('diff-added', new vscode.ThemeColor('gitDecoration.addedResourceForeground'));
    case 'deleted':
      return new vscode.ThemeIcon('diff-removed', new vscode.ThemeColor('gitDecoration.deletedResourceForeground'));
    case 'renamed':
      return new vscode.ThemeIcon('diff-renamed', new vscode.ThemeColor('gitDecoration.renamedResourceForeground'));
    case 'unchanged':
      return new vscode.ThemeIcon('diff-ignored', new vscode.ThemeColor('gitDecoration.ignoredResourceForeground'));
    default:
      return new vscode.ThemeIcon('diff-modified', new vscode.ThemeColor('gitDecoration.modifiedResourceForeground'));
  }
}

function pullTooltip(pr: PullRequest): vscode.MarkdownString {
  const md = tooltip();
  md.appendMarkdown(`$(git-pull-request) **#${pr.number} ${escapeMarkdown(pr.title)}**\n\n`);
  const state = pr.merged ? vscode.l10n.t('merged') : pr.state === 'closed' ? vscode.l10n.t('closed') : pr.draft ? vscode.l10n.t('draft') : vscode.l10n.t('open');
  appendField(md, vscode.l10n.t('State'), state);
  appendField(md, vscode.l10n.t('Author'), pr.user?.login);
  if (pr.head?.ref && pr.base?.ref) appendField(md, vscode.l10n.t('Branches'), `${pr.head.label || pr.head.ref} → ${pr.base.ref}`);
  appendField(md, vscode.l10n.t('Created'), formatDate(pr.created_at));
  if (pr.merged) {
    appendField(md, vscode.l10n.t('Merged by'), pr.merged_by?.login);
    appendField(md, vscode.l10n.t('Merged'), formatDate(pr.merged_at));
    appendField(md, vscode.l10n.t('Merge commit'), pr.merge_commit_sha);
  }
  if (pr.milestone) appendField(md, vscode.l10n.t('Milestone'), pr.milestone.title);
  if (pr.requested_reviewers.length) appendField(md, vscode.l10n.t('Reviewers'), pr.requested_reviewers.map((u) => u.login).join(', '));
  appendLabels(md, pr.labels);
  return md;
}

/**
 * Gitea answers 404 for the pull requests of an empty repository (mustAllowPulls: no pull requests before the first
 * push; also right after it, until the server has processed the push). That is "none", not "not found".
 */
async function pullsOrNone(scope: ViewScope, query: { state: PullState; page: number }, signal: AbortSignal): Promise<Page<PullRequest>> {
  try {
    return await scope.client.repoListPullRequests({ ...scope.params, ...query }, { signal });
  } catch (e) {
    if (!isGiteaError(e) || e.kind !== 'notFound') throw e;
    const repo = await scope.client.repoGet(scope.params, { signal });
    if (repo.empty !== true) throw e;
    return { items: [], page: query.page, limit: 0, totalCount: 0, hasMore: false };
  }
}

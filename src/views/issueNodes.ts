// How an issue looks in the trees: state icon, labels and the age of the last update in the description, the
// labels as coloured swatches in the tooltip, and (for the repository's issues) the "Blocks" / "Depends on" groups.
import * as vscode from 'vscode';
import type { Issue } from '../api';
import { COMMAND } from '../core/commandIds';
import type { RepoRef } from '../core/services';
import { appendField, appendLabels, escapeMarkdown, formatDate, relativeDate, tooltip } from './format';
import { contextValue, leaf, type NodeChildren, type TreeNode } from './treeNode';

/** Identifies an issue across repositories: what the dependency endpoints take. */
export interface IssueRef {
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

/** The data of a node under "Blocks" or "Depends on": enough to remove that dependency from either side. */
export interface DependencyData {
  readonly kind: 'dependency';
  /** The issue whose group the node is in. */
  readonly subject: IssueRef;
  /** The issue the node shows. */
  readonly other: IssueRef;
  readonly otherTitle: string;
  /** `dependsOn`: subject depends on other. `blocks`: other depends on subject. */
  readonly relation: 'dependsOn' | 'blocks';
}

/** The repository of an issue from a cross-repository answer, else the one it was listed in. */
export function issueRef(issue: Issue, fallback: { owner: string; repo: string }): IssueRef {
  const meta = issue.repository;
  const [fullOwner, fullName] = (meta?.full_name ?? '').split('/');
  const owner = meta?.owner || fullOwner || fallback.owner;
  const repo = meta?.name || fullName || fallback.repo;
  return { owner, repo, index: issue.number };
}

export function issueIcon(issue: Issue): vscode.ThemeIcon {
  const pr = issue.pull_request;
  if (pr) {
    if (pr.merged) return new vscode.ThemeIcon('git-merge', new vscode.ThemeColor('charts.purple'));
    if (issue.state === 'closed') return new vscode.ThemeIcon('git-pull-request-closed', new vscode.ThemeColor('charts.red'));
    if (pr.draft) return new vscode.ThemeIcon('git-pull-request-draft', new vscode.ThemeColor('disabledForeground'));
    return new vscode.ThemeIcon('git-pull-request', new vscode.ThemeColor('charts.green'));
  }
  return issue.state === 'closed'
    ? new vscode.ThemeIcon('issue-closed', new vscode.ThemeColor('charts.purple'))
    : new vscode.ThemeIcon('issues', new vscode.ThemeColor('charts.green'));
}

export interface IssueNodeOptions {
  /** Shown before the labels, e.g. the repository in cross-repository lists. */
  readonly prefix?: string;
  readonly context: string;
  readonly children?: () => NodeChildren;
  readonly data?: unknown;
  /** The render's clock (ListSpec.render), so that every row of a render counts the age from the same time. */
  readonly now: number;
  /** The repository of the list: a click opens the issue's page (issues of other repositories on its instance). */
  readonly repo?: RepoRef;
}

/** The description of an issue row: `prefix · label, label · age` (each part only when there is one). */
export function issueDescription(issue: Pick<Issue, 'labels' | 'updated_at'>, now: number, prefix?: string): string {
  const labels = issue.labels.map((l) => l.name).join(', ');
  return [prefix, labels, relativeDate(issue.updated_at, now)].filter(Boolean).join(' · ');
}

export function issueNode(issue: Issue, opts: IssueNodeOptions): TreeNode {
  const node = leaf(`#${issue.number} ${issue.title}`, issueIcon(issue), {
    description: issueDescription(issue, opts.now, opts.prefix),
    context: contextValue(opts.context, issue.pull_request ? 'pull' : 'plainIssue', issue.state),
    url: issue.html_url ?? undefined,
    children: opts.children,
    data: opts.data ?? issue,
    tooltip: () => issueTooltip(issue),
  });
  if (opts.repo) {
    // A click opens the page; the arrow still expands the row.
    const { owner, repo } = issueRef(issue, opts.repo);
    node.item.command = { command: COMMAND.openIssue, title: vscode.l10n.t('Open Issue'), arguments: [
        openIssueArgs(
          { number: issue.number, title: issue.title, state: issue.pull_request?.merged ? 'merged' : issue.state, isPull: !!issue.pull_request },
          { ...opts.repo, owner, repo },
        ),
      ],
    };
  }
  return node;
}

/** What a row knows of the issue or pull request it shows. `headSha`: a pull request row's head commit. */
export interface OpenIssueRow {
  readonly number: number;
  readonly title: string;
  readonly state: string;
  readonly isPull: boolean;
  readonly headSha?: string;
}

/** What a click on an issue or pull request row hands to the page: where it is, and what the row already knows (the
 * page shows the title and state at once, then fills in; a pull request's head sha lets its CI status be asked for
 * beside the pull request instead of after it; the page checks it against the answer). */
export function openIssueArgs(row: OpenIssueRow, repo: RepoRef): { repo: RepoRef; number: number; title: string; state: string; isPull: boolean; headSha?: string } {
  const { instanceUrl, owner, repo: name, accountId } = repo;
  const { number, title, state, isPull, headSha } = row;
  return { repo: { instanceUrl, owner, repo: name, accountId }, number, title, state, isPull, ...(isPull && headSha ? { headSha } : {}) };
}

export function issueTooltip(issue: Issue): vscode.MarkdownString {
  const md = tooltip();
  const kind = issue.pull_request ? 'git-pull-request' : 'issues';
  md.appendMarkdown(`$(${kind}) **#${issue.number} ${escapeMarkdown(issue.title)}**\n\n`);
  const state = issue.pull_request?.merged ? vscode.l10n.t('merged') : issue.state === 'closed' ? vscode.l10n.t('closed') : vscode.l10n.t('open');
  appendField(md, vscode.l10n.t('State'), state);
  if (issue.repository?.full_name) appendField(md, vscode.l10n.t('Repository'), issue.repository.full_name);
  appendField(md, vscode.l10n.t('Author'), issue.user?.login ?? issue.original_author);
  appendField(md, vscode.l10n.t('Created'), formatDate(issue.created_at));
  appendField(md, vscode.l10n.t('Updated'), formatDate(issue.updated_at));
  if (issue.milestone) appendField(md, vscode.l10n.t('Milestone'), issue.milestone.title);
  if (issue.assignees.length) appendField(md, vscode.l10n.t('Assignees'), issue.assignees.map((a) => a.login).join(', '));
  if (issue.comments) appendField(md, vscode.l10n.t('Comments'), issue.comments);
  appendLabels(md, issue.labels);
  return md;
}

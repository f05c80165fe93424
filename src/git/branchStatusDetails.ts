// What the branch's status bar item shows once it shows at all: the pull request of the branch as the server tells
// it (review verdict, CI state of its head, whether the base moved on), the tooltip with its links, and the offer to
// go back once the pull request is merged. Bundled apart (dist/branchStatus.js) and loaded by pullRequestStatus.ts
// the first time the item shows, so a window on its default branch never loads it.
import * as vscode from 'vscode';
import type { GiteaClient, PullRequest } from '../api';
import { COMMAND } from '../core/commandIds';
import type { RepoRef, Services } from '../core/services';
import { resolveTarget } from '../core/target';
import { escapeMarkdown, markdownLinkTarget } from '../shared/markdownText';
import { inertText } from '../shared/untrustedText';
import { branchItemText, ciState, reviewVerdict, type BranchFacts, type PullFacts } from './branchStatusModel';
import type { IssueKey } from './issueBranch';
import type { PullRequestKey } from './pullRequestBranch';

/** What the branch menu (gitea.branchActions) is handed. */
export interface BranchActionsArg {
  readonly repo: RepoRef;
  readonly branch: string;
  readonly defaultBranch?: string;
  readonly pull?: { readonly repo: RepoRef; readonly index: number; readonly state: PullFacts['state']; readonly behind: boolean; readonly title?: string };
  readonly issue?: { readonly repo: RepoRef; readonly index: number };
}

/** The open pull request whose head is `branch` of the clone's repository (first page of the open ones). */
async function openPullOfBranch(client: GiteaClient, repo: RepoRef, branch: string): Promise<PullRequest | undefined> {
  const page = await client.repoListPullRequests({ owner: repo.owner, repo: repo.repo, state: 'open', page: 1 });
  return page.items.find((p) => p.head?.ref === branch && (p.head.repo?.full_name ?? '').toLowerCase() === `${repo.owner}/${repo.repo}`.toLowerCase());
}

async function pullFacts(client: GiteaClient, at: { owner: string; repo: string }, pr: PullRequest): Promise<PullFacts> {
  const sha = pr.head?.sha || undefined;
  const [reviews, combined] = await Promise.all([
    // expected: reviews or statuses a server will not tell leave their part of the item empty.
    client.repoListPullReviews({ ...at, index: pr.number, page: 1 }).then((p) => p.items, () => []),
    // expected: the same for the head's statuses.
    sha ? client.repoGetCombinedStatusByRef({ ...at, ref: sha }).catch(() => undefined) : undefined,
  ]);
  return {
    index: pr.number,
    title: pr.title,
    state: pr.merged ? 'merged' : pr.state === 'closed' ? 'closed' : 'open',
    draft: pr.draft === true,
    review: reviewVerdict(reviews),
    ci: ciState(combined),
    behind: !!pr.merge_base && !!pr.base?.sha && pr.merge_base !== pr.base.sha,
    headSha: sha,
  };
}

/** What the branch knows without the server: its remembered pull request (shown open until the server says) or issue. */
export function localView(repo: RepoRef, branch: string, defaultBranch: string | undefined, remembered: { key: PullRequestKey; title?: string } | undefined, issue: IssueKey | undefined): { facts: BranchFacts; arg: BranchActionsArg } {
  const at = (k: { instanceUrl: string; owner: string; repo: string }): RepoRef => ({ ...repo, instanceUrl: k.instanceUrl, owner: k.owner, repo: k.repo });
  const pr = remembered?.key;
  const arg: BranchActionsArg = {
    repo,
    branch,
    defaultBranch,
    pull: pr && { repo: at(pr), index: pr.index, state: 'open', behind: false },
    issue: issue && { repo: at(issue), index: issue.index },
  };
  let facts: BranchFacts = { branch, issue: issue && { index: issue.index } };
  if (pr) facts = { ...facts, pull: { index: pr.index, title: remembered.title, state: 'open', draft: false, review: 'none', ci: 'none', behind: false } };
  return { facts, arg };
}

/**
 * The branch's pull request as the server tells it: the remembered one, else an open one of that head (none on the
 * default branch). Undefined when there is no signed-in account for the repository.
 */
export async function serverView(services: Services, repo: RepoRef, branch: string, defaultBranch: string | undefined, remembered: PullRequestKey | undefined, local: { facts: BranchFacts; arg: BranchActionsArg }): Promise<{ facts: BranchFacts; arg: BranchActionsArg } | undefined> {
  const resolved = await resolveTarget(services, remembered ? { ...repo, owner: remembered.owner, repo: remembered.repo, instanceUrl: remembered.instanceUrl } : repo);
  if (resolved.kind !== 'ready') return undefined;
  const { client } = resolved.target;
  const at = remembered ? { owner: remembered.owner, repo: remembered.repo } : { owner: repo.owner, repo: repo.repo };
  const pr = remembered
    ? await client.repoGetPullRequest({ ...at, index: remembered.index })
    : branch !== defaultBranch ? await openPullOfBranch(client, repo, branch) : undefined;
  const pull = pr ? await pullFacts(client, at, pr) : undefined;
  const arg: BranchActionsArg = pull
    ? { ...local.arg, pull: { repo: { ...repo, ...(remembered ? at : {}) }, index: pull.index, state: pull.state, behind: pull.behind, title: pull.title } }
    : local.arg;
  return { facts: { ...local.facts, pull }, arg };
}

/** Shows the item: the pull request, the issue, or Create Pull Request on a branch with neither. */
export function showBranchItem(item: vscode.StatusBarItem, facts: BranchFacts, arg: BranchActionsArg): void {
  const text = branchItemText(facts);
  item.text = text || `$(git-pull-request-create) ${vscode.l10n.t('Create Pull Request')}`;
  item.tooltip = tooltip(facts, arg);
  item.command = text
    ? { title: vscode.l10n.t('Branch Actions'), command: COMMAND.branchActions, arguments: [arg] }
    : { title: vscode.l10n.t('Create Pull Request'), command: COMMAND.createPullRequest, arguments: [{ repo: arg.repo }] };
  item.show();
}

/** Once per pull request (`offered` remembers): it is merged, so the branch has done its work. */
export function offerBackAndDelete(offered: Set<string>, arg: BranchActionsArg): void {
  const key = `${arg.repo.rootUri?.toString()}|${arg.branch}|${arg.pull?.index}`;
  if (offered.has(key) || !arg.defaultBranch || !arg.pull) return;
  offered.add(key);
  const back = vscode.l10n.t('Back to {0} and Delete {1}', inertText(arg.defaultBranch), inertText(arg.branch));
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Pull request #{0} is merged.', arg.pull.index), back)
    .then((choice) => (choice === back ? vscode.commands.executeCommand(COMMAND.branchActions, { ...arg, run: 'backAndDelete' }) : undefined));
}

function tooltip(f: BranchFacts, arg: BranchActionsArg): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [COMMAND.openIssue, COMMAND.backToDefaultBranch, COMMAND.checkoutPullRequest, COMMAND.updatePullRequestBranch, COMMAND.createPullRequest] };
  // Server text (titles, branch names: the default branch is the server's) enters this trusted tooltip only through
  // escapeMarkdown: appendText would leave `<command:…>` an autolink to an allowed command.
  const link = (label: string, command: string, value?: unknown): string =>
    `[${escapeMarkdown(label)}](${markdownLinkTarget(`command:${command}${value === undefined ? '' : `?${encodeURIComponent(JSON.stringify([value]))}`}`)})`;
  const links: string[] = [];
  const p = f.pull;
  const pullRepo = arg.pull?.repo ?? arg.repo;
  const at = { instanceUrl: pullRepo.instanceUrl, owner: pullRepo.owner, repo: pullRepo.repo };
  if (p) {
    const state = { open: vscode.l10n.t('open'), closed: vscode.l10n.t('closed'), merged: vscode.l10n.t('merged') }[p.state];
    md.appendMarkdown(`$(git-pull-request) ${escapeMarkdown(vscode.l10n.t('Pull request {0}/{1}#{2} {3} ({4})', at.owner, at.repo, p.index, p.title ?? '', state))}`);
    const facts = [
      p.draft ? vscode.l10n.t('draft') : '',
      { approved: vscode.l10n.t('approved'), changes: vscode.l10n.t('changes requested'), none: '' }[p.review],
      { success: vscode.l10n.t('checks passed'), pending: vscode.l10n.t('checks running'), failure: vscode.l10n.t('checks failed'), none: '' }[p.ci],
      p.behind ? vscode.l10n.t('the base branch has newer commits') : '',
    ].filter(Boolean);
    if (facts.length) md.appendMarkdown(`\n\n${escapeMarkdown(facts.join(' · '))}`);
    links.push(link(vscode.l10n.t('Open Pull Request'), COMMAND.openIssue, { repo: at, number: p.index, isPull: true }));
    if (p.state === 'open') links.push(link(vscode.l10n.t('Update Branch'), COMMAND.updatePullRequestBranch, { repo: at, index: p.index }));
  } else {
    links.push(link(vscode.l10n.t('Create Pull Request'), COMMAND.createPullRequest));
  }
  if (f.issue) {
    md.appendMarkdown(`\n\n$(issues) ${escapeMarkdown(vscode.l10n.t('Started from issue #{0}.', f.issue.index))}`);
  }
  md.appendMarkdown(`\n\n${escapeMarkdown(vscode.l10n.t('On the branch {0}. Click for its actions.', arg.branch))}`);
  if (arg.defaultBranch && arg.branch !== arg.defaultBranch) links.push(link(vscode.l10n.t('Back to {0}', arg.defaultBranch), COMMAND.backToDefaultBranch));
  md.appendMarkdown(`\n\n${links.join(' · ')}`);
  return md;
}

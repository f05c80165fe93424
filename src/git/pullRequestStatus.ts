// The status bar item of the active clone's branch: its pull request — `$(git-pull-request) #12 title`, then the
// review verdict, the combined CI state of its head and whether the base moved on — or the issue it was started
// from, or Create Pull Request on a branch with neither. The pull request is the one the branch remembers
// (`branch.<name>.gitea-pr`: checked out or created here), else an open one of that head on the server. A click
// opens the branch's menu (gitea.branchActions). The server is asked again with backoff, only while the window has
// focus. Registered at activation (small) so that it shows after a reload too; it also sets the
// `gitea.onPullRequestBranch` context key of Back to Default Branch.
import * as vscode from 'vscode';
import type { GiteaClient, PullRequest } from '../api';
import { COMMAND } from '../core/commandIds';
import type { RepoRef, Services } from '../core/services';
import { resolveTarget } from '../core/target';
import { messageOf } from '../shared/errors';
import { inertText } from '../shared/untrustedText';
import { branchItemText, ciState, PollBackoff, reviewVerdict, type BranchFacts, type PullFacts } from './branchStatusModel';
import { clonedRepository, pullRequestOfBranch } from './gitRepositories';
import type { GitRepository } from './gitApi';
import { ISSUE_CONFIG_VARIABLE, parseIssueKey, type IssueKey } from './issueBranch';
import { branchConfigKey, type PullRequestKey } from './pullRequestBranch';
import { remoteDefaultBranch } from './remoteHead';

const CONTEXT_KEY = 'gitea.onPullRequestBranch';

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

/** `onPullRequestBranch`: called when a clone is found on a pull request's branch (the features that need it load). */
export function registerPullRequestStatus(services: Services, onPullRequestBranch?: () => void): void {
  const item = vscode.window.createStatusBarItem('gitea.pullRequest', vscode.StatusBarAlignment.Left, 49);
  item.name = vscode.l10n.t('Gitea Branch');
  let watched: { root: string; subscription: vscode.Disposable } | undefined;
  let shownFor = '';
  let generation = 0;
  let timer: NodeJS.Timeout | undefined;
  let lastText = '';
  const backoff = new PollBackoff();
  let current: { repo: RepoRef; repository: GitRepository; gitPath: string } | undefined;

  const hide = (): void => {
    item.hide();
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
  };

  const render = (facts: BranchFacts, arg: BranchActionsArg): void => {
    const text = branchItemText(facts);
    item.text = text || `$(git-pull-request-create) ${vscode.l10n.t('Create Pull Request')}`;
    item.tooltip = tooltip(facts, arg);
    item.command = text
      ? { title: vscode.l10n.t('Branch Actions'), command: COMMAND.branchActions, arguments: [arg] }
      : { title: vscode.l10n.t('Create Pull Request'), command: COMMAND.createPullRequest, arguments: [{ repo: arg.repo }] };
    item.show();
  };

  /** Once per pull request: it is merged, so the branch has done its work. */
  const offered = new Set<string>();
  const offerBackAndDelete = (arg: BranchActionsArg): void => {
    const key = `${arg.repo.rootUri?.toString()}|${arg.branch}|${arg.pull?.index}`;
    if (offered.has(key) || !arg.defaultBranch || !arg.pull) return;
    offered.add(key);
    const back = vscode.l10n.t('Back to {0} and Delete {1}', inertText(arg.defaultBranch), inertText(arg.branch));
    void vscode.window
      .showInformationMessage(vscode.l10n.t('Pull request #{0} is merged.', arg.pull.index), back)
      .then((choice) => (choice === back ? vscode.commands.executeCommand(COMMAND.branchActions, { ...arg, run: 'backAndDelete' }) : undefined));
  };

  const schedule = (changed: boolean): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!vscode.window.state.focused || !current) return;
    timer = setTimeout(() => void update(true), backoff.next(changed) * 1000);
  };

  /** Reads the branch (git) and, when signed in, its pull request from the server. `poll`: a timer's visit. */
  const update = async (poll = false): Promise<void> => {
    const c = current;
    if (!c) return hide();
    const { repo, repository, gitPath } = c;
    const head = repository.state.HEAD;
    const mine = ++generation;
    const branch = head?.name;
    if (!branch) return hide();
    const [remembered, issue, defaultBranch] = await Promise.all([
      pullRequestOfBranch(repository, branch),
      // expected: `git config --get` fails for a branch started from no issue.
      repository.getConfig(branchConfigKey(branch, ISSUE_CONFIG_VARIABLE)).then(parseIssueKey, () => undefined),
      repo.remoteName ? remoteDefaultBranch(gitPath, repository.rootUri.fsPath, repo.remoteName) : undefined,
    ]);
    if (mine !== generation) return;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, !!remembered);
    if (remembered) onPullRequestBranch?.();
    if (!remembered && !issue && branch === defaultBranch) {
      schedule(false);
      return hide();
    }
    const arg = actionsArg(repo, branch, defaultBranch, remembered?.key, issue);
    let facts: BranchFacts = { branch, issue: issue && { index: issue.index } };
    if (remembered) {
      facts = { ...facts, pull: { index: remembered.key.index, title: remembered.title, state: 'open', draft: false, review: 'none', ci: 'none', behind: false } };
    }
    if (!poll) render(facts, arg);
    try {
      const resolved = await resolveTarget(services, remembered ? { ...repo, owner: remembered.key.owner, repo: remembered.key.repo, instanceUrl: remembered.key.instanceUrl } : repo);
      if (resolved.kind !== 'ready') return;
      const { client } = resolved.target;
      const at = remembered ? { owner: remembered.key.owner, repo: remembered.key.repo } : { owner: repo.owner, repo: repo.repo };
      const pr = remembered
        ? await client.repoGetPullRequest({ ...at, index: remembered.key.index })
        : branch !== defaultBranch ? await openPullOfBranch(client, repo, branch) : undefined;
      const pull = pr ? await pullFacts(client, at, pr) : undefined;
      if (mine !== generation) return;
      facts = { ...facts, pull };
      const withPull: BranchActionsArg = pull
        ? { ...arg, pull: { repo: { ...repo, ...(remembered ? { owner: at.owner, repo: at.repo } : {}) }, index: pull.index, state: pull.state, behind: pull.behind, title: pull.title } }
        : arg;
      render(facts, withPull);
      if (remembered && pull?.state === 'merged') offerBackAndDelete(withPull);
    } catch (e) {
      services.log.warn(`Branch status of ${branch}: ${messageOf(e)}`);
    } finally {
      if (mine === generation) {
        const text = item.text;
        schedule(text !== lastText);
        lastText = text;
      }
    }
  };

  const follow = async (): Promise<void> => {
    const repo = services.repos.active;
    const root = repo?.rootUri;
    if (watched?.root === root?.toString()) return;
    watched?.subscription.dispose();
    watched = undefined;
    current = undefined;
    shownFor = '';
    if (!repo || !root) return hide();
    const cloned = await clonedRepository(root);
    if (!cloned || services.repos.active?.rootUri?.toString() !== root.toString()) return;
    current = { repo, repository: cloned.repository, gitPath: cloned.gitPath };
    const onGit = (): void => {
      const head = cloned.repository.state.HEAD;
      const signature = `${head?.name ?? ''}@${head?.commit ?? ''}`;
      if (signature === shownFor) return;
      shownFor = signature;
      backoff.reset();
      void update().catch((e: unknown) => services.log.warn(`Branch status: ${messageOf(e)}`));
    };
    watched = { root: root.toString(), subscription: cloned.repository.state.onDidChange(onGit) };
    onGit();
  };
  const followLogged = (): void => void follow().catch((e: unknown) => services.log.warn(`Branch status: ${messageOf(e)}`));
  services.context.subscriptions.push(
    item,
    services.repos.onDidChangeActive(followLogged),
    // After a merge, an update or a new pull request made here: look now.
    services.views.register('branchStatus', () => {
      backoff.reset();
      void update(true).catch((e: unknown) => services.log.warn(`Branch status: ${messageOf(e)}`));
    }),
    // Back in the window: look now, then poll again; away from it: no polling.
    vscode.window.onDidChangeWindowState((s) => {
      if (!s.focused) return schedule(false);
      backoff.reset();
      void update(true).catch((e: unknown) => services.log.warn(`Branch status: ${messageOf(e)}`));
    }),
    {
      dispose: (): void => {
        watched?.subscription.dispose();
        if (timer) clearTimeout(timer);
      },
    },
  );
  followLogged();
}


function actionsArg(repo: RepoRef, branch: string, defaultBranch: string | undefined, pr: PullRequestKey | undefined, issue: IssueKey | undefined): BranchActionsArg {
  const at = (k: { instanceUrl: string; owner: string; repo: string }): RepoRef => ({ ...repo, instanceUrl: k.instanceUrl, owner: k.owner, repo: k.repo });
  return {
    repo,
    branch,
    defaultBranch,
    pull: pr && { repo: at(pr), index: pr.index, state: 'open', behind: false },
    issue: issue && { repo: at(issue), index: issue.index },
  };
}

function tooltip(f: BranchFacts, arg: BranchActionsArg): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [COMMAND.openIssue, COMMAND.backToDefaultBranch, COMMAND.checkoutPullRequest, COMMAND.updatePullRequestBranch, COMMAND.createPullRequest] };
  // A label holds branch names (the default branch is the server's): escaped as appendText does.
  const link = (label: string, command: string, value?: unknown): string =>
    `[${new vscode.MarkdownString(undefined, true).appendText(label).value}](command:${command}${value === undefined ? '' : `?${encodeURIComponent(JSON.stringify([value]))}`})`;
  const links: string[] = [];
  const p = f.pull;
  const pullRepo = arg.pull?.repo ?? arg.repo;
  const at = { instanceUrl: pullRepo.instanceUrl, owner: pullRepo.owner, repo: pullRepo.repo };
  if (p) {
    const state = { open: vscode.l10n.t('open'), closed: vscode.l10n.t('closed'), merged: vscode.l10n.t('merged') }[p.state];
    md.appendMarkdown('$(git-pull-request) ');
    md.appendText(vscode.l10n.t('Pull request {0}/{1}#{2} {3} ({4})', at.owner, at.repo, p.index, p.title ?? '', state));
    const facts = [
      p.draft ? vscode.l10n.t('draft') : '',
      { approved: vscode.l10n.t('approved'), changes: vscode.l10n.t('changes requested'), none: '' }[p.review],
      { success: vscode.l10n.t('checks passed'), pending: vscode.l10n.t('checks running'), failure: vscode.l10n.t('checks failed'), none: '' }[p.ci],
      p.behind ? vscode.l10n.t('the base branch has newer commits') : '',
    ].filter(Boolean);
    if (facts.length) md.appendText(`\n\n${facts.join(' · ')}`);
    links.push(link(vscode.l10n.t('Open Pull Request'), COMMAND.openIssue, { repo: at, number: p.index, isPull: true }));
    if (p.state === 'open') links.push(link(vscode.l10n.t('Update Branch'), COMMAND.updatePullRequestBranch, { repo: at, index: p.index }));
  } else {
    links.push(link(vscode.l10n.t('Create Pull Request'), COMMAND.createPullRequest));
  }
  if (f.issue) {
    md.appendMarkdown('\n\n$(issues) ');
    md.appendText(vscode.l10n.t('Started from issue #{0}.', f.issue.index));
  }
  md.appendMarkdown('\n\n');
  md.appendText(vscode.l10n.t('On the branch {0}. Click for its actions.', arg.branch));
  if (arg.defaultBranch && arg.branch !== arg.defaultBranch) links.push(link(vscode.l10n.t('Back to {0}', arg.defaultBranch), COMMAND.backToDefaultBranch));
  md.appendMarkdown(`\n\n${links.join(' · ')}`);
  return md;
}

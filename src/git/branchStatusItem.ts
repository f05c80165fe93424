// The status bar item of the active clone's branch: its pull request — `$(git-pull-request) #12 title`, then the
// review verdict, the combined CI state of its head and whether the base moved on — or the issue it was started
// from, or Create Pull Request on a branch with neither. The pull request is the one the branch remembers
// (`branch.<name>.gitea-pr`: checked out or created here), else an open one of that head on the server. A click
// opens the branch's menu (gitea.branchActions). The server is asked again with backoff, only while the window has
// focus, and not while the server refuses the account's token (until it signs in again). Loaded (dist/branchStatus.js)
// and registered by pullRequestStatus.ts the first time the active repository is a clone, so that it shows after a
// reload too; it also sets the `gitea.onPullRequestBranch` context key of Back to Default Branch.
import * as vscode from 'vscode';
import type { RepoRef, Services } from '../core/services';
import { branchStatusItemEnabled, SETTING } from '../core/settings';
import { messageOf } from '../shared/errors';
import { refusedAccountOf } from '../core/signInAgain';
import { localView, offerBackAndDelete, serverView, showBranchItem } from './branchStatusDetails';
import { PollBackoff } from './branchStatusModel';
import { clonedRepository, pullRequestOfBranch } from './gitRepositories';
import type { GitRepository } from './gitApi';
import { ISSUE_CONFIG_VARIABLE, parseIssueKey } from './issueBranch';
import { branchConfigKey } from './pullRequestBranch';
import { remoteDefaultBranch } from './remoteHead';

const CONTEXT_KEY = 'gitea.onPullRequestBranch';

/** `onPullRequestBranch`: called when a clone is found on a pull request's branch (the features that need it load). */
export function registerBranchStatusItem(services: Services, onPullRequestBranch?: () => void): void {
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

  /** Once per pull request: the offer to go back after its merge. */
  const offered = new Set<string>();

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
    // Turned off (gitea.statusBar.branch): no item and no polling; the context key above still follows the branch.
    if (!branchStatusItemEnabled()) return item.hide();
    const local = localView(repo, branch, defaultBranch, remembered, issue);
    if (!poll) showBranchItem(item, local.facts, local.arg);
    // A refused token would only be refused again: what git knows shows, the server waits for Sign In Again.
    if (refusedAccountOf(services, repo)) {
      if (poll) showBranchItem(item, local.facts, local.arg);
      if (timer) clearTimeout(timer);
      timer = undefined;
      return;
    }
    try {
      const shown = await serverView(services, repo, branch, defaultBranch, remembered?.key, local);
      if (!shown || mine !== generation) return;
      showBranchItem(item, shown.facts, shown.arg);
      if (remembered && shown.facts.pull?.state === 'merged') offerBackAndDelete(offered, shown.arg);
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
    // Signed in again (or out): look now; the polls resume (or stop).
    services.accounts.onDidChangeAccounts(() => {
      backoff.reset();
      if (current) void update(true).catch((e: unknown) => services.log.warn(`Branch status: ${messageOf(e)}`));
    }),
    // After a merge, an update or a new pull request made here: look now.
    services.views.register('branchStatus', () => {
      backoff.reset();
      void update(true).catch((e: unknown) => services.log.warn(`Branch status: ${messageOf(e)}`));
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SETTING.statusBarBranch)) return;
      backoff.reset();
      void update().catch((e: unknown) => services.log.warn(`Branch status: ${messageOf(e)}`));
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


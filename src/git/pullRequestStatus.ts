// The status bar item of a checked-out pull request: `$(git-pull-request) #12 title` while the active repository's
// clone is on a branch remembered as a pull request's (`branch.<name>.gitea-pr`); a click opens its page, the hover
// offers Back to <default branch>. On another branch than the default one it offers Create Pull Request. Registered at activation (small) so that it shows after a reload too; it also
// sets the `gitea.onPullRequestBranch` context key of the Back command.
import * as vscode from 'vscode';
import { COMMAND } from '../core/commandIds';
import type { RepoRef, Services } from '../core/services';
import { runGit } from './blame';
import { clonedRepository, pullRequestOfBranch } from './gitRepositories';
import type { GitRepository } from './gitApi';
import type { PullRequestKey } from './pullRequestBranch';

const CONTEXT_KEY = 'gitea.onPullRequestBranch';

/** `onPullRequestBranch`: called when a clone is found on a pull request's branch (the features that need it load). */
export function registerPullRequestStatus(services: Services, onPullRequestBranch?: () => void): void {
  const item = vscode.window.createStatusBarItem('gitea.pullRequest', vscode.StatusBarAlignment.Left, 49);
  item.name = vscode.l10n.t('Gitea Pull Request');
  let watched: { root: string; subscription: vscode.Disposable } | undefined;
  let shownFor = '';
  let generation = 0;

  const show = async (repo: RepoRef, repository: GitRepository, gitPath: string): Promise<void> => {
    const head = repository.state.HEAD;
    const signature = `${head?.name ?? ''}@${head?.commit ?? ''}`;
    if (signature === shownFor) return;
    shownFor = signature;
    const mine = ++generation;
    const pr = head?.name ? await pullRequestOfBranch(repository, head.name) : undefined;
    if (mine !== generation) return;
    if (!head?.name) return hide();
    const base = repo.remoteName
      ? await runGit(['symbolic-ref', '--short', `refs/remotes/${repo.remoteName}/HEAD`], { cwd: repository.rootUri.fsPath, git: gitPath })
      : undefined;
    const defaultBranch = base?.code === 0 ? base.stdout.trim().slice(`${repo.remoteName}/`.length) || undefined : undefined;
    if (mine !== generation) return;
    if (!pr) return defaultBranch && head.name !== defaultBranch ? offerCreate(repo, head.name) : hide();
    const target: RepoRef = { ...repo, owner: pr.key.owner, repo: pr.key.repo, instanceUrl: pr.key.instanceUrl };
    item.text = `$(git-pull-request) #${pr.key.index}${pr.title ? ` ${truncate(pr.title)}` : ''}`;
    item.tooltip = tooltip(pr.key, pr.title, head.name, defaultBranch);
    item.command = {
      title: vscode.l10n.t('Open Pull Request'),
      command: COMMAND.openIssue,
      arguments: [{ repo: target, number: pr.key.index, title: pr.title, isPull: true }],
    };
    item.show();
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, true);
    onPullRequestBranch?.();
  };
  /** A branch of no pull request (and not the default one): the item offers to create one. */
  const offerCreate = (repo: RepoRef, branch: string): void => {
    item.text = `$(git-pull-request-create) ${vscode.l10n.t('Create Pull Request')}`;
    item.tooltip = vscode.l10n.t('Create a pull request from {0} in {1}/{2}', branch, repo.owner, repo.repo);
    item.command = { title: vscode.l10n.t('Create Pull Request'), command: COMMAND.createPullRequest, arguments: [{ repo }] };
    item.show();
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
  };
  const hide = (): void => {
    item.hide();
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
  };

  const follow = async (): Promise<void> => {
    const repo = services.repos.active;
    const root = repo?.rootUri;
    if (watched?.root === root?.toString()) return;
    watched?.subscription.dispose();
    watched = undefined;
    shownFor = '';
    if (!repo || !root) return hide();
    const cloned = await clonedRepository(root);
    if (!cloned || services.repos.active?.rootUri?.toString() !== root.toString()) return;
    const update = (): void => void show(repo, cloned.repository, cloned.gitPath).catch((e: unknown) => services.log.warn(`Pull request status: ${String(e)}`));
    watched = { root: root.toString(), subscription: cloned.repository.state.onDidChange(update) };
    update();
  };
  const followLogged = (): void => void follow().catch((e: unknown) => services.log.warn(`Pull request status: ${String(e)}`));
  services.context.subscriptions.push(item, services.repos.onDidChangeActive(followLogged), { dispose: (): void => void watched?.subscription.dispose() });
  followLogged();
}

function truncate(title: string): string {
  return title.length > 40 ? `${title.slice(0, 39)}…` : title;
}

function tooltip(pr: PullRequestKey, title: string | undefined, branch: string, defaultBranch: string | undefined): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = { enabledCommands: [COMMAND.openIssue, COMMAND.backToDefaultBranch, COMMAND.checkoutPullRequest] };
  md.appendMarkdown(`$(git-pull-request) `);
  md.appendText(vscode.l10n.t('Pull request {0}/{1}#{2} {3}', pr.owner, pr.repo, pr.index, title ?? ''));
  md.appendMarkdown('\n\n');
  md.appendText(vscode.l10n.t('Checked out as the branch {0}.', branch));
  const link = (label: string, command: string, arg?: unknown): string =>
    `[${label}](command:${command}${arg === undefined ? '' : `?${encodeURIComponent(JSON.stringify([arg]))}`})`;
  md.appendMarkdown(
    `\n\n${link(vscode.l10n.t('Open Pull Request'), COMMAND.openIssue, { repo: { instanceUrl: pr.instanceUrl, owner: pr.owner, repo: pr.repo }, number: pr.index, isPull: true })}` +
      ` · ${link(vscode.l10n.t('Update from Pull Request'), COMMAND.checkoutPullRequest, { repo: { instanceUrl: pr.instanceUrl, owner: pr.owner, repo: pr.repo }, index: pr.index })}` +
      ` · ${link(defaultBranch ? vscode.l10n.t('Back to {0}', defaultBranch) : vscode.l10n.t('Back to Default Branch'), COMMAND.backToDefaultBranch)}`,
  );
  return md;
}

// The vscode.git repository of a clone and the git executable the git extension runs, for the features that act
// on a clone (checking out a pull request, its status bar item). Small: loaded at activation.
import * as vscode from 'vscode';
import type { PullRequestRef } from '../core/pullRequestArg';
import type { Services } from '../core/services';
import { GIT_EXTENSION_ID, type GitApi, type GitExtension, type GitRepository } from './gitApi';
import { GitUnavailableError, resolveGitExecutable } from './gitProcess';
import { branchConfigKey, parsePullRequestKey, PR_TITLE_CONFIG_VARIABLE, type PullRequestKey } from './pullRequestBranch';

/** The git extension's API once it is enabled and has scanned the workspace; undefined without git. */
export async function gitApi(): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION_ID);
  if (!extension) return undefined;
  const git = extension.isActive ? extension.exports : await extension.activate();
  if (!git.enabled) return undefined;
  const api = git.getAPI(1);
  if (api.state !== 'initialized') {
    await new Promise<void>((resolve) => {
      const sub = api.onDidChangeState((s) => s === 'initialized' && (sub.dispose(), resolve()));
    });
  }
  return api;
}

/**
 * The absolute path of the git the git extension runs: the only git the extension starts (a bare `git` would be
 * looked up in the repository first on Windows; the git extension reports a bare `git` on Linux, which is looked
 * up in PATH's absolute directories). Throws GitUnavailableError, with a message for the user, when the git
 * extension is off or its git cannot be found that way.
 */
export async function gitExecutable(api: GitApi | undefined): Promise<string> {
  if (!api) throw new GitUnavailableError(vscode.l10n.t('The built-in Git extension is disabled or did not find git: Gitea Workbench runs git only through it. Enable it (setting "git.enabled") or install git.'));
  const resolved = await resolveGitExecutable(api.git.path);
  if (!resolved) {
    throw new GitUnavailableError(vscode.l10n.t('The Git extension runs git as "{0}", which is neither an absolute path nor found in the folders of PATH: Gitea Workbench does not start it. Set "git.path" to the full path of git.', api.git.path));
  }
  return resolved;
}

export interface ClonedRepository {
  readonly repository: GitRepository;
  /** The git executable the git extension uses (for the few commands its API cannot express). */
  readonly gitPath: string;
}

/** The git extension's repository at `rootUri`, undefined when it has none. Throws GitUnavailableError without git. */
export async function clonedRepository(rootUri: vscode.Uri): Promise<ClonedRepository | undefined> {
  const api = await gitApi();
  const gitPath = await gitExecutable(api);
  const repository = api?.getRepository(rootUri);
  return repository ? { repository, gitPath } : undefined;
}

/** The pull request a branch was checked out from (its git config), with the title it had then. */
export async function pullRequestOfBranch(repository: GitRepository, branch: string): Promise<{ key: PullRequestKey; title?: string } | undefined> {
  let value: string;
  try {
    value = await repository.getConfig(branchConfigKey(branch));
  } catch {
    // expected: `git config --get` fails when the key is not set (a branch of no pull request).
    return undefined;
  }
  const key = parsePullRequestKey(value);
  if (!key) return undefined;
  // expected: a branch remembered without a title.
  const title = await repository.getConfig(branchConfigKey(branch, PR_TITLE_CONFIG_VARIABLE)).catch(() => undefined);
  return { key, title: title?.trim() || undefined };
}

/** The pull request the active clone's checked-out branch belongs to (checked out or created here), if any: what the
 * pull request commands take when they are given none. */
export async function checkedOutPullRequest(services: Services): Promise<PullRequestRef | undefined> {
  const active = services.repos.active;
  const cloned = active?.rootUri ? await clonedRepository(active.rootUri) : undefined;
  const branch = cloned?.repository.state.HEAD?.name;
  const pr = cloned && branch ? await pullRequestOfBranch(cloned.repository, branch) : undefined;
  if (!active || !pr || pr.key.instanceUrl !== active.instanceUrl) return undefined;
  return { repo: { instanceUrl: pr.key.instanceUrl, owner: pr.key.owner, repo: pr.key.repo, accountId: active.accountId }, index: pr.key.index };
}

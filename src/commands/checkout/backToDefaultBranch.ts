// "Gitea: Back to Default Branch": from a checked-out pull request's branch to the repository's default branch
// (the remote's HEAD as the clone knows it, else the server's `default_branch`), with the same dirty-tree rule.
import * as vscode from 'vscode';
import { gitArgs } from '../../git/gitCommands';
import { runGit } from '../../git/gitProcess';
import { clonedRepository, pullRequestOfBranch } from '../../git/gitRepositories';
import { remoteDefaultBranch } from '../../git/remoteHead';
import { checkServerRefName } from '../../shared/refName';
import { messageOf } from '../../core/errors';
import type { RepoRef, Services } from '../../core/services';
import { repoRefFrom, resolveTarget } from '../../core/target';
import { cloneOf } from './checkoutPullRequest';
import { ensureCleanTree } from './workingTree';
import { inertText } from '../../shared/untrustedText';
import { recentRepositories } from '../../core/recentRepositories';

export type BackResult =
  | { readonly kind: 'switched'; readonly branch: string; readonly stashed: boolean }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string };

/** The default branch: `refs/remotes/<remote>/HEAD` of the clone, else what the server says (refused when git would
 * not take it as a branch name: `-Bmain` would reset the local main). */
async function defaultBranch(services: Services, clone: RepoRef, gitPath: string): Promise<{ branch: string } | { refused: string } | undefined> {
  const local = await remoteDefaultBranch(gitPath, clone.rootUri!.fsPath, clone.remoteName!);
  if (local) return { branch: local };
  let named: string | null | undefined;
  try {
    const resolution = await resolveTarget(services, clone);
    if (resolution.kind !== 'ready') return undefined;
    named = (await recentRepositories.read(resolution.target, clone)).default_branch;
  } catch (e) {
    services.log.warn(`The default branch of ${clone.owner}/${clone.repo}: ${messageOf(e)}`);
    return undefined;
  }
  if (!named) return undefined;
  const refused = checkServerRefName(named, vscode.l10n.t('the default branch of {0}/{1}', clone.owner, clone.repo), vscode.l10n.t);
  return refused ? { refused } : { branch: named };
}

/** Whether the clone has the branch, locally or as `<remote>/<branch>` (what `git checkout <branch>` switches to). */
async function hasBranch(gitPath: string, clone: RepoRef, branch: string): Promise<boolean> {
  for (const ref of [`refs/heads/${branch}`, `refs/remotes/${clone.remoteName!}/${branch}`]) {
    if ((await runGit(gitArgs.refExists(ref), { git: gitPath, cwd: clone.rootUri!.fsPath })).code === 0) return true;
  }
  return false;
}

export async function backToDefaultBranch(services: Services, arg?: unknown): Promise<BackResult> {
  const repo = repoRefFrom((arg as { repo?: unknown } | undefined)?.repo) ?? services.repos.active;
  const clone = repo && cloneOf(services, repo);
  if (!clone?.rootUri || !clone.remoteName) {
    const message = vscode.l10n.t('No cloned Gitea repository is active.');
    void vscode.window.showWarningMessage(message);
    return { kind: 'failed', message };
  }
  const cloned = await clonedRepository(clone.rootUri);
  if (!cloned) {
    const message = vscode.l10n.t('The git extension has no repository at {0}.', inertText(clone.rootUri.fsPath));
    void vscode.window.showWarningMessage(message);
    return { kind: 'failed', message };
  }
  const { repository, gitPath } = cloned;
  const found = await defaultBranch(services, clone, gitPath);
  if (!found || 'refused' in found) {
    const message = inertText(found?.refused ?? vscode.l10n.t('Could not tell the default branch of {0}/{1}.', clone.owner, clone.repo));
    void vscode.window.showWarningMessage(message);
    return { kind: 'failed', message };
  }
  const { branch } = found;
  if (!(await hasBranch(gitPath, clone, branch))) {
    const message = inertText(vscode.l10n.t('The default branch {0} is neither a branch of this clone nor of the remote {1}: fetch it first.', branch, clone.remoteName));
    void vscode.window.showWarningMessage(message);
    return { kind: 'failed', message };
  }
  await repository.status();
  const current = repository.state.HEAD?.name;
  if (current === branch) {
    void vscode.window.showInformationMessage(vscode.l10n.t('You are on {0} already.', inertText(branch)));
    return { kind: 'switched', branch, stashed: false };
  }
  const clean = await ensureCleanTree(services, repository, gitPath, vscode.l10n.t('switching to {0}', branch));
  if (clean === 'cancelled') return { kind: 'cancelled' };
  // git creates the local branch from `<remote>/<branch>` when there is none yet. `branch` passed the ref check.
  await repository.checkout(branch);
  const left = current ? await pullRequestOfBranch(repository, current) : undefined;
  services.log.info(`Switched from ${current ?? 'a detached HEAD'} to ${branch}.`);
  void vscode.window.showInformationMessage(
    inertText(left
      ? vscode.l10n.t('Switched to {0}. The branch {1} of pull request #{2} stays: check the pull request out again to update it.', branch, current!, left.key.index)
      : vscode.l10n.t('Switched to {0}.', branch)),
  );
  return { kind: 'switched', branch, stashed: clean === 'stashed' };
}

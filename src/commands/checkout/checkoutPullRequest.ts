// Checking out a pull request: fetch `refs/pull/<n>/head` from the clone's remote of the repository (works for
// pull requests from forks and after the head branch was deleted), into the local branch named after the head
// branch (`pr/<n>-<head>` when that name is another branch's), remembered in git config as the pull request's.
// Checking out again updates that branch: fast-forward when possible, otherwise it is kept and the user told.
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PullRequest } from '../../api';
import type { GitRepository } from '../../git/gitApi';
import { gitArgs, isFullSha, UnsafeGitArgumentError } from '../../git/gitCommands';
import { runGit, type GitArgs } from '../../git/gitProcess';
import { clonedRepository } from '../../git/gitRepositories';
import {
  branchConfigKey,
  chooseBranchName,
  formatPullRequestKey,
  PR_TITLE_CONFIG_VARIABLE,
  rememberedPullRequests,
  type PullRequestKey,
} from '../../git/pullRequestBranch';
import type { PullRequestRef } from '../../core/pullRequestArg';
import type { RepoRef, Services } from '../../core/services';
import { signalOf } from '../../core/errors';
import { checkoutBranchPattern, configuredInstances } from '../../core/settings';
import { checkServerRefName, isValidRefName } from '../../shared/refName';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { trackContributorBranch } from './contributorBranch';
import { ensureCleanTree } from './workingTree';
import { inertText } from '../../shared/untrustedText';

export type CheckoutResult =
  | {
      readonly kind: 'checkedOut';
      readonly branch: string;
      readonly sha: string;
      /** created: a new branch; upToDate / fastForward: the pull request's branch, at / moved to its head;
       * diverged: the branch has commits the pull request has not (kept as it is). */
      readonly update: 'created' | 'upToDate' | 'fastForward' | 'diverged';
      readonly stashed: boolean;
      /** A pull request from a fork that allows maintainer edits: the contributor's branch the local one now tracks. */
      readonly upstream?: string;
    }
  /** The user kept the uncommitted changes (or closed a prompt). */
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string };

/** The clone of `repo` in the workspace: `repo` itself when it names one, else a detected one on the same remote repository. */
export function cloneOf(services: Services, repo: RepoRef): RepoRef | undefined {
  if (repo.rootUri && repo.remoteName) return repo;
  const same = (r: RepoRef): boolean =>
    r.instanceUrl === repo.instanceUrl && r.owner.toLowerCase() === repo.owner.toLowerCase() && r.repo.toLowerCase() === repo.repo.toLowerCase();
  const active = services.repos.active;
  return active && same(active) && active.rootUri ? active : services.repos.detected.find((r) => same(r) && r.rootUri && r.remoteName);
}

/** The message of a failed git command: git's own last line when the git extension attached it. */
export function gitMessage(e: unknown): string {
  const stderr = (e as { stderr?: unknown } | undefined)?.stderr;
  const lines = typeof stderr === 'string' ? stderr.trim().split('\n').filter((l) => l.trim()) : [];
  return lines.at(-1) ?? (e instanceof Error ? e.message : String(e));
}

async function git(repository: GitRepository, gitPath: string, args: GitArgs, signal?: AbortSignal): Promise<string> {
  const result = await runGit(args, { cwd: repository.rootUri.fsPath, git: gitPath, signal });
  if (result.code !== 0) throw Object.assign(new Error(`git ${args[0]} failed`), { stderr: result.stderr });
  return result.stdout.trim();
}

/** The commit `git fetch <remote> <ref>` wrote into FETCH_HEAD for `ref` (the line that names it: a background fetch
 * of the git extension may have rewritten the file since). */
async function fetchedHead(repository: GitRepository, gitPath: string, ref: string): Promise<string> {
  const file = await git(repository, gitPath, gitArgs.gitPath('FETCH_HEAD'));
  const text = await readFile(path.resolve(repository.rootUri.fsPath, file), 'utf8');
  const line = text.split('\n').find((l) => l.includes(`'${ref}'`));
  const sha = line?.split('\t')[0];
  if (!sha || !isFullSha(sha)) throw new Error(vscode.l10n.t('git fetched {0}, but FETCH_HEAD no longer names it: please try again.', ref));
  return sha;
}

export async function checkoutPullRequest(services: Services, ref: PullRequestRef): Promise<CheckoutResult> {
  const clone = cloneOf(services, ref.repo);
  if (!clone?.rootUri || !clone.remoteName) {
    const message = inertText(vscode.l10n.t('{0}/{1} is not cloned in this workspace: clone it to check out its pull requests.', ref.repo.owner, ref.repo.repo));
    void vscode.window.showWarningMessage(message);
    return { kind: 'failed', message };
  }
  const target = await targetOrSignIn(services, { ...clone, accountId: ref.repo.accountId ?? clone.accountId });
  if (!target) return { kind: 'cancelled' };
  const cloned = await clonedRepository(clone.rootUri);
  if (!cloned) {
    const message = vscode.l10n.t('The git extension has no repository at {0}.', inertText(clone.rootUri.fsPath));
    void vscode.window.showWarningMessage(message);
    return { kind: 'failed', message };
  }
  const { repository, gitPath } = cloned;
  const key: PullRequestKey = { instanceUrl: clone.instanceUrl, owner: clone.owner, repo: clone.repo, index: ref.index };
  const remote = clone.remoteName;
  if (!Number.isSafeInteger(ref.index) || ref.index < 1) {
    const message = vscode.l10n.t('{0} is not a pull request number.', String(ref.index));
    void vscode.window.showWarningMessage(message);
    return { kind: 'failed', message };
  }
  const pullRef = `refs/pull/${ref.index}/head`;

  const fetched = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking out pull request #{0}', ref.index), cancellable: true },
    async (progress, token): Promise<{ refused: string } | { pr: PullRequest; sha: string }> => {
      const pr: PullRequest = await target.client.repoGetPullRequest({ owner: clone.owner, repo: clone.repo, index: ref.index }, { signal: signalOf(token) });
      // The head branch's name becomes a local branch: refused before any git command when git would not take it.
      const head = pr.head?.ref?.replace(/^refs\/heads\//, '');
      const refused = head ? checkServerRefName(head, vscode.l10n.t('the head branch of pull request #{0}', ref.index), vscode.l10n.t) : undefined;
      if (refused) return { refused };
      progress.report({ message: vscode.l10n.t('Fetching {0} from {1}…', pullRef, inertText(remote)) });
      services.log.info(`Fetching ${pullRef} of ${clone.owner}/${clone.repo} from the remote ${remote}.`);
      await repository.fetch({ remote, ref: pullRef, cancellationToken: token });
      const sha = await fetchedHead(repository, gitPath, pullRef);
      if (pr.head?.sha && pr.head.sha !== sha) services.log.info(`Pull request #${ref.index}: the server said head ${pr.head.sha}, the remote has ${sha} (pushed since).`);
      return { pr, sha };
    },
  );
  if ('refused' in fetched) {
    services.log.warn(fetched.refused);
    void vscode.window.showWarningMessage(inertText(fetched.refused));
    return { kind: 'failed', message: fetched.refused };
  }
  const { pr, sha } = fetched;

  // HEAD and the branches as git has them now (the git extension's state follows with a delay).
  await repository.status();
  const locals = await repository.getBranches({ remote: false });
  const names = locals.map((b) => b.name).filter((n): n is string => !!n);
  const choice = chooseBranchName(key, pr.head?.ref, names, rememberedPullRequests(await repository.getConfigs()), checkoutBranchPattern(repository.rootUri), pr.head?.repo?.owner?.login);
  // Both reach the git extension's checkout and branch commands, which put no `--` before them.
  if (!isValidRefName(choice.name) || !isFullSha(sha)) throw new UnsafeGitArgumentError(`refusing to check out ${JSON.stringify(choice.name)} at ${JSON.stringify(sha)}`);
  const old = choice.existing ? locals.find((b) => b.name === choice.name)?.commit : undefined;
  const update: Extract<CheckoutResult, { kind: 'checkedOut' }>['update'] = !choice.existing
    ? 'created'
    : old === sha
      ? 'upToDate'
      : old && (await repository.getMergeBase(old, sha)) === old
        ? 'fastForward'
        : 'diverged';
  const onBranch = repository.state.HEAD?.name === choice.name;

  // Only a switch or a fast-forward of the checked-out branch touches the working tree.
  let stashed = false;
  if (!onBranch || update === 'fastForward') {
    const clean = await ensureCleanTree(services, repository, gitPath, vscode.l10n.t('checking out pull request #{0}', ref.index));
    if (clean === 'cancelled') return { kind: 'cancelled' };
    stashed = clean === 'stashed';
  }

  // Remembered first, so that the status bar finds the pull request when HEAD moves.
  const remember = async (): Promise<void> => {
    await git(repository, gitPath, gitArgs.setBranchConfig(branchConfigKey(choice.name), formatPullRequestKey(key)));
    await git(repository, gitPath, gitArgs.setBranchConfig(branchConfigKey(choice.name, PR_TITLE_CONFIG_VARIABLE), pr.title));
  };
  if (update === 'created') {
    await repository.createBranch(choice.name, false, sha);
    await remember();
    await repository.checkout(choice.name);
  } else if (onBranch) {
    await remember();
    if (update === 'fastForward') await git(repository, gitPath, gitArgs.fastForward(sha));
  } else {
    if (update === 'fastForward') await git(repository, gitPath, gitArgs.moveBranch(choice.name, sha, old!));
    await remember();
    await repository.checkout(choice.name);
  }
  await repository.status();
  const head = update === 'diverged' ? old! : sha;
  services.log.info(`Pull request #${ref.index} is checked out as ${choice.name} at ${head.slice(0, 10)} (${update}).`);
  tell(choice.name, ref.index, onBranch && update === 'upToDate' ? 'stayed' : update, repository, gitPath, sha, services);
  // The fork's SSH URL may name only the instance's host or an SSH host the user configured for it.
  const sshHosts = configuredInstances().flatMap((i) => (i.url === clone.instanceUrl ? (i.sshHosts ?? []) : []));
  const upstream = await trackContributorBranch(repository, clone, pr, choice.name, sshHosts).catch((e: unknown) => {
    services.log.warn(`Pull request #${ref.index}: could not track the contributor's branch: ${gitMessage(e)}`);
    return undefined;
  });
  if (upstream) {
    services.log.info(`${choice.name} tracks ${upstream}: the author of #${ref.index} allows maintainers to push to it.`);
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} tracks {1}: its author allows maintainers to edit, so a push updates pull request #{2}.', inertText(choice.name), inertText(upstream), ref.index));
  }
  return { kind: 'checkedOut', branch: choice.name, sha: head, update, stashed, ...(upstream ? { upstream } : {}) };
}

function tell(
  branch: string,
  index: number,
  update: Extract<CheckoutResult, { kind: 'checkedOut' }>['update'] | 'stayed',
  repository: GitRepository,
  gitPath: string,
  sha: string,
  services: Services,
): void {
  switch (update) {
    case 'created':
      void vscode.window.showInformationMessage(vscode.l10n.t('Pull request #{0} is checked out as the branch {1}.', index, inertText(branch)));
      return;
    case 'stayed':
      void vscode.window.showInformationMessage(vscode.l10n.t('{0} is up to date with pull request #{1}.', inertText(branch), index));
      return;
    case 'upToDate':
      void vscode.window.showInformationMessage(vscode.l10n.t('Switched to {0}: it is up to date with pull request #{1}.', inertText(branch), index));
      return;
    case 'fastForward':
      void vscode.window.showInformationMessage(vscode.l10n.t('Updated {0} to the head of pull request #{1} (fast-forward).', inertText(branch), index));
      return;
    case 'diverged': {
      const reset = vscode.l10n.t('Reset to Pull Request');
      void vscode.window
        .showWarningMessage(
          vscode.l10n.t(
            'The branch {0} has diverged from pull request #{1} (local commits, or the pull request was force-pushed): it was kept as it is. Reset it to the pull request\'s head {2}?',
            inertText(branch),
            index,
            inertText(sha.slice(0, 10)),
          ),
          reset,
        )
        .then(async (choice) => {
          if (choice !== reset || repository.state.HEAD?.name !== branch) return;
          // --keep refuses instead of overwriting uncommitted changes; the old head stays in the reflog.
          await git(repository, gitPath, gitArgs.resetKeep(sha));
          await repository.status();
          services.log.info(`Reset ${branch} to ${sha} (pull request #${index}).`);
        })
        .then(undefined, (e: unknown) => void vscode.window.showErrorMessage(inertText(vscode.l10n.t('Could not reset {0}: {1}', branch, gitMessage(e)))));
      return;
    }
  }
}

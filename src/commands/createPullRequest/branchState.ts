// The clone's side of a new pull request, through the git extension's API only: the checked-out branch, the remote
// and repository it is pushed to, whether commits are not pushed yet (and pushing them, with an upstream), the
// commits to describe, and the issue the branch was started from (`branch.<name>.gitea-issue`).
import * as vscode from 'vscode';
import type { GitBranchRef, GitCommit, GitRepository } from '../../git/gitApi';
import { formatPullRequestKey, PR_CONFIG_VARIABLE, PR_TITLE_CONFIG_VARIABLE, branchConfigKey } from '../../git/pullRequestBranch';
import { ISSUE_CONFIG_VARIABLE, parseIssueKey, type IssueKey } from '../../git/issueBranch';
import { resolveRemote, type KnownInstance } from '../../git/remoteParser';
import { gitArgs, UnsafeGitArgumentError } from '../../git/gitCommands';
import { runGit } from '../../git/gitProcess';
import { configuredInstances } from '../../core/settings';
import type { RepoRef, Services } from '../../core/services';
import { refNameProblem } from '../../shared/refName';

/** A branch name (the draft's head or base: typed, or the server's) that git must not see: refused before it does. */
function checkedBranch(name: string): string {
  const problem = refNameProblem(name);
  if (problem) throw new UnsafeGitArgumentError(`not a valid branch name (${problem}): ${JSON.stringify(name.slice(0, 80))}`);
  return name;
}

/** The repository a remote of the clone points at on the clone's instance. */
export interface RemoteRepo {
  readonly remote: string;
  readonly owner: string;
  readonly repo: string;
}

/** The instances remotes are matched against: the signed-in ones and `gitea.instances` (with their SSH hosts). */
function knownInstances(services: Services): KnownInstance[] {
  const byUrl = new Map<string, KnownInstance>(services.accounts.accounts.map((a) => [a.instanceUrl, { url: a.instanceUrl }]));
  for (const i of configuredInstances()) byUrl.set(i.url, { url: i.url, sshHosts: [...(byUrl.get(i.url)?.sshHosts ?? []), ...(i.sshHosts ?? [])] });
  return [...byUrl.values()];
}

/** Every remote of the clone that is a repository of `clone`'s instance. */
export function remoteRepos(services: Services, repository: GitRepository, clone: RepoRef): RemoteRepo[] {
  const instances = knownInstances(services);
  return repository.state.remotes.flatMap((r) => {
    const match = [r.fetchUrl, r.pushUrl].map((u) => (u ? resolveRemote(u, instances) : undefined)).find((m) => m !== undefined);
    return match && match.instanceUrl === clone.instanceUrl ? [{ remote: r.name, owner: match.owner, repo: match.repo }] : [];
  });
}

/**
 * Where `branch` goes: its upstream's remote, else `origin`, else the clone's remote; undefined when that remote is not
 * on the instance.
 */
export function headRemote(services: Services, repository: GitRepository, clone: RepoRef, branch: GitBranchRef | undefined): RemoteRepo | undefined {
  const remotes = remoteRepos(services, repository, clone);
  const named = (name: string | undefined) => (name ? remotes.find((r) => r.remote === name) : undefined);
  return named(branch?.upstream?.remote) ?? named('origin') ?? named(clone.remoteName) ?? remotes[0];
}

/** What is not on the server yet: the branch itself, or commits ahead of it. `tracks`: its upstream is that branch. */
export interface PushState {
  readonly onRemote: boolean;
  readonly ahead: number;
  readonly tracks: boolean;
}

/**
 * Whether `branch` is on `remote` under its own name, and how many commits it has that the remote's copy has not.
 * A branch started from `origin/main` tracks that branch: its upstream says nothing about its own copy.
 */
export async function pushState(repository: GitRepository, remote: string, branch: string): Promise<PushState> {
  checkedBranch(branch);
  await repository.status();
  // expected: a branch that does not exist locally has nothing to push.
  const ref = await repository.getBranch(branch).catch(() => undefined);
  if (!ref) return { onRemote: true, ahead: 0, tracks: false };
  const tracks = ref.upstream?.remote === remote && ref.upstream.name === branch;
  if (tracks) return { onRemote: true, ahead: ref.ahead ?? 0, tracks };
  const remoteName = `${remote}/${branch}`;
  const onRemote = (await repository.getBranches({ remote: true })).some((b) => b.name === remoteName);
  const ahead = onRemote ? (await repository.log({ range: `${remoteName}..${branch}`, maxEntries: 1000 })).length : 1;
  return { onRemote, ahead, tracks };
}

/** Pushes the branch to `remote` under its own name, making that its upstream when it is not yet (`git push -u`). */
export async function pushBranch(repository: GitRepository, remote: string, branch: string, setUpstream: boolean): Promise<void> {
  await repository.push(remote, checkedBranch(branch), setUpstream);
  await repository.status();
}

/** The commits of `branch` that `baseRef` (e.g. `origin/main`) has not, newest first; none when either is unknown. */
export async function commitsSince(repository: GitRepository, baseRef: string | undefined, branch: string, max = 50): Promise<readonly GitCommit[]> {
  // A base or branch git would not read as a branch name describes nothing (it is refused at its field on sending).
  if (!baseRef || refNameProblem(`refs/remotes/${baseRef}`) || refNameProblem(branch)) return [];
  try {
    return await repository.log({ range: `${baseRef}..${branch}`, maxEntries: max });
  } catch {
    // expected: the base is not fetched (a fork's parent without a remote): nothing to describe.
    return [];
  }
}

/** The remote-tracking ref that stands for the base branch: of a remote of the base repository, else of the head's. */
export function baseTrackingRef(remotes: readonly RemoteRepo[], baseRepo: { owner: string; repo: string }, headRemoteName: string | undefined, base: string): string | undefined {
  const same = (r: RemoteRepo) => r.owner.toLowerCase() === baseRepo.owner.toLowerCase() && r.repo.toLowerCase() === baseRepo.repo.toLowerCase();
  const remote = remotes.find(same)?.remote ?? headRemoteName;
  return remote && base ? `${remote}/${base}` : undefined;
}

/** The issue the branch was started from (Start Working on Issue). */
export async function issueOfBranch(repository: GitRepository, branch: string): Promise<IssueKey | undefined> {
  try {
    return parseIssueKey(await repository.getConfig(branchConfigKey(branch, ISSUE_CONFIG_VARIABLE)));
  } catch {
    // expected: `git config --get` fails when the branch was not started from an issue.
    return undefined;
  }
}

/**
 * Remembers the new pull request as the branch's (the status bar and the review threads follow it): git config by
 * gitArgs, whose `--` keeps the server's title a value whatever it starts with.
 */
export async function rememberPullRequest(
  repository: GitRepository,
  gitPath: string,
  branch: string,
  pr: { instanceUrl: string; owner: string; repo: string; index: number; title: string },
): Promise<void> {
  const cwd = repository.rootUri.fsPath;
  for (const [variable, value] of [[PR_CONFIG_VARIABLE, formatPullRequestKey(pr)], [PR_TITLE_CONFIG_VARIABLE, pr.title]] as const) {
    const result = await runGit(gitArgs.setBranchConfig(branchConfigKey(branch, variable), value), { git: gitPath, cwd });
    if (result.code !== 0) throw new Error(result.stderr.trim() || `git config exited with ${result.code}`);
  }
}

/** The local branches, for the head picker. */
export async function localBranches(repository: GitRepository): Promise<string[]> {
  const branches = await repository.getBranches({ remote: false });
  return branches.map((b) => b.name).filter((n): n is string => !!n).sort((a, b) => a.localeCompare(b));
}

/** A sentence for a failed git command: git's last line when the git extension attached it. */
export function gitFailure(e: unknown): string {
  const stderr = (e as { stderr?: unknown } | undefined)?.stderr;
  const lines = typeof stderr === 'string' ? stderr.trim().split('\n').filter((l) => l.trim()) : [];
  return lines.at(-1) ?? (e instanceof Error ? e.message : vscode.l10n.t('git failed'));
}

// A checked-out pull request from a fork whose author allows maintainer edits: the local branch tracks the
// contributor's branch (a remote for the fork, named after its owner, added when the clone has none), so that a pull
// brings their new commits and a push updates their pull request.
import type { PullRequest } from '../../api';
import type { GitRepository } from '../../git/gitApi';
import type { RepoRef } from '../../core/services';

/** The remote name for the fork's owner: the owner's name, or with `-2`, `-3`… when that name is another remote's. */
function freeRemoteName(owner: string, taken: readonly string[]): string {
  const base = owner.replace(/[^A-Za-z0-9._-]/g, '-') || 'contributor';
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!taken.includes(name)) return name;
  }
}

/**
 * Sets the upstream of `localBranch` to the pull request's head branch in the contributor's fork; answers the
 * upstream (`remote/branch`), or undefined when the pull request is not from a fork or does not allow maintainer
 * edits.
 */
export async function trackContributorBranch(repository: GitRepository, clone: RepoRef, pr: PullRequest, localBranch: string): Promise<string | undefined> {
  const headRepo = pr.head?.repo;
  const headRef = pr.head?.ref;
  if (!pr.allow_maintainer_edit || !headRepo || !headRef || headRef.startsWith('refs/')) return undefined;
  if (headRepo.full_name.toLowerCase() === `${clone.owner}/${clone.repo}`.toLowerCase()) return undefined;
  const remotes = repository.state.remotes;
  // The clone's own remote says which transport the user uses.
  const own = remotes.find((r) => r.name === clone.remoteName);
  const ssh = !!own?.fetchUrl && !/^https?:\/\//i.test(own.fetchUrl);
  const url = (ssh ? headRepo.ssh_url : headRepo.clone_url) || headRepo.clone_url;
  if (!url) return undefined;
  const existing = remotes.find((r) => r.fetchUrl === url || r.pushUrl === url);
  const remote = existing?.name ?? freeRemoteName(headRepo.owner?.login ?? headRepo.full_name.split('/')[0] ?? '', remotes.map((r) => r.name));
  if (!existing) await repository.addRemote(remote, url);
  await repository.fetch({ remote, ref: headRef });
  await repository.setBranchUpstream(localBranch, `${remote}/${headRef}`);
  return `${remote}/${headRef}`;
}

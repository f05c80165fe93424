// A checked-out pull request from a fork whose author allows maintainer edits: the local branch tracks the
// contributor's branch (a remote for the fork, named after its owner, added when the clone has none), so that a pull
// brings their new commits and a push updates their pull request. Everything git is given here is the server's (the
// head branch, the fork's URL and owner): checked first, refused with an UnsafeGitArgumentError.
import type { PullRequest } from '../../api';
import type { GitRepository } from '../../git/gitApi';
import { UnsafeGitArgumentError } from '../../git/gitCommands';
import type { RepoRef } from '../../core/services';
import { instanceHost, stripBrackets } from '../../shared/instanceUrl';
import { checkServerRefName, isValidRefName } from '../../shared/refName';

/** The remote name for the fork's owner: the owner's name, or with `-2`, `-3`… when that name is another remote's. */
function freeRemoteName(owner: string, taken: readonly string[]): string {
  // Never an option (`-…`) nor a hidden or relative name (`.…`): git takes the name as an argument.
  const base = owner.replace(/[^\w.-]/g, '-').replace(/^[-.]+/, '') || 'contributor';
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!taken.includes(name)) return name;
  }
}

/**
 * A fork URL git may fetch: http(s) on the instance's origin, or SSH (`ssh://…`, `user@host:path`) to the instance's
 * host or one of its `sshHosts` (setting `gitea.instances`): a check-out fetches from it and a push later goes there,
 * so never to a host the server names. Never another transport (`ext::`, `file:`), a local path or anything git would
 * read as an option.
 */
// Stryker disable next-line ArrayDeclaration: a made-up default host holds a space, which no URL taken here has
export function isForkUrl(url: string, instanceUrl: string, sshHosts: readonly string[] = []): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\x00-\x08\x0e-\x1f\x7f]/.test(url) || url.includes('::')) return false;
  const short = /^\w[\w.-]*@([A-Z0-9][A-Z0-9.-]*):[^:]/i.exec(url);
  if (short) return isInstanceSshHost(short[1]!, instanceUrl, sshHosts);
  let parsed: URL;
  let instance: URL;
  try {
    parsed = new URL(url);
    instance = new URL(instanceUrl);
  } catch {
    // expected: neither an absolute URL nor the SSH short form.
    return false;
  }
  if (parsed.protocol === 'ssh:') return isInstanceSshHost(parsed.hostname, instanceUrl, sshHosts);
  // The protocol too: a `blob:` URL has the origin of the URL inside it.
  return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.origin === instance.origin;
}

/** The instance's own host or one of its configured SSH hosts (case-insensitive, as the remote parser matches them). */
function isInstanceSshHost(host: string, instanceUrl: string, sshHosts: readonly string[]): boolean {
  const h = stripBrackets(host.toLowerCase());
  if (!h) return false;
  return h === instanceHost(instanceUrl) || sshHosts.some((s) => stripBrackets(s.trim().toLowerCase()) === h);
}

/**
 * Sets the upstream of `localBranch` to the pull request's head branch in the contributor's fork; answers the
 * upstream (`remote/branch`), or undefined when the pull request is not from a fork or does not allow maintainer
 * edits.
 */
export async function trackContributorBranch(repository: GitRepository, clone: RepoRef, pr: PullRequest, localBranch: string, sshHosts: readonly string[] = []): Promise<string | undefined> {
  const headRepo = pr.head?.repo;
  const headRef = pr.head?.ref;
  if (!pr.allow_maintainer_edit || !headRepo || !headRef || headRef.startsWith('refs/')) return undefined;
  if (headRepo.full_name.toLowerCase() === `${clone.owner}/${clone.repo}`.toLowerCase()) return undefined;
  const refused = checkServerRefName(headRef, `the head branch of pull request #${pr.number}`);
  if (refused) throw new UnsafeGitArgumentError(refused);
  const remotes = repository.state.remotes;
  // The clone's own remote says which transport the user uses.
  const own = remotes.find((r) => r.name === clone.remoteName);
  const ssh = !!own?.fetchUrl && !/^https?:\/\//i.test(own.fetchUrl);
  const url = (ssh ? headRepo.ssh_url : headRepo.clone_url) || headRepo.clone_url;
  if (!url) return undefined;
  if (!isForkUrl(url, clone.instanceUrl, sshHosts)) throw new UnsafeGitArgumentError(`the fork's URL is not one git may fetch: ${JSON.stringify(url.slice(0, 120))}`);
  const existing = remotes.find((r) => r.fetchUrl === url || r.pushUrl === url);
  const remote = existing?.name ?? freeRemoteName(headRepo.owner?.login ?? headRepo.full_name.split('/')[0] ?? '', remotes.map((r) => r.name));
  if (!isValidRefName(`refs/remotes/${remote}/${headRef}`) || !isValidRefName(localBranch)) {
    throw new UnsafeGitArgumentError(`not a valid upstream: ${JSON.stringify(`${remote}/${headRef}`.slice(0, 120))}`);
  }
  if (!existing) await repository.addRemote(remote, url);
  await repository.fetch({ remote, ref: headRef });
  await repository.setBranchUpstream(localBranch, `${remote}/${headRef}`);
  return `${remote}/${headRef}`;
}

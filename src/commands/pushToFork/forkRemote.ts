// The user's fork of a repository (an existing one, else a new one) and the clone's remote for it (an existing one
// that points there, else a new remote named after the user, with the fork's URL in the scheme of the original).
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import type { GiteaClient, Repository } from '../../api';
import type { GitRemote } from '../../git/gitApi';
import { matchRemote, parseRemoteUrl } from '../../git/remoteParser';
import { refNameProblem } from '../../shared/refName';

/** Pages of forks read at most while looking for the user's. */
const MAX_FORK_PAGES = 10;

const sameName = (a: string | undefined, b: string | undefined): boolean => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The user's fork of `parent`: `<me>/<name>` when it is one, else the first of the forks owned by the user. */
export async function existingFork(client: GiteaClient, me: string, parent: Repository, signal?: AbortSignal): Promise<Repository | undefined> {
  try {
    const same = await client.repoGet({ owner: me, repo: parent.name }, { signal });
    if (same.fork && sameName(same.parent?.full_name, parent.full_name)) return same;
  } catch (e) {
    if (!isGiteaError(e) || e.kind !== 'notFound') throw e;
  }
  const [owner, repo] = parent.full_name.split('/') as [string, string];
  const forks = await readAllPages((page) => client.listForks({ owner, repo, page }, { signal }), { maxPages: MAX_FORK_PAGES, signal });
  return forks.items.find((f) => sameName(f.owner?.login, me));
}

/** The fork's URL for git, in the scheme of the remote the push was refused on; undefined when the server's URL is
 * not a remote of this instance for that very repository (a server's text never reaches git unchecked). */
export function forkUrl(fork: Repository, original: GitRemote, instanceUrl: string): string | undefined {
  const originalUrl = original.pushUrl ?? original.fetchUrl ?? '';
  const ssh = /^(?:ssh:\/\/|[^/:@]+@[^/:]+:)/.test(originalUrl);
  const url = (ssh ? fork.ssh_url : fork.clone_url)?.trim();
  if (!url || url.startsWith('-')) return undefined;
  const parsed = parseRemoteUrl(url);
  const match = parsed && matchRemote(parsed, [{ url: instanceUrl }]);
  return match && `${match.owner}/${match.repo}`.toLowerCase() === fork.full_name.toLowerCase() ? url : undefined;
}

/** A name for the fork's remote: the user's name, else with `-fork` (and a number) when that is taken. */
export function forkRemoteName(me: string, remotes: readonly GitRemote[]): string | undefined {
  const taken = new Set(remotes.map((r) => r.name));
  const base = me.replace(/[^\w.-]/g, '-');
  for (const candidate of [base, `${base}-fork`, ...[2, 3, 4, 5].map((n) => `${base}-fork${n}`)]) {
    if (!taken.has(candidate) && !refNameProblem(candidate)) return candidate;
  }
  return undefined;
}

/** The clone's remote that already points at the fork, if any. */
export function remoteOfFork(remotes: readonly GitRemote[], fork: Repository, instanceUrl: string): GitRemote | undefined {
  return remotes.find((r) => {
    const parsed = parseRemoteUrl(r.pushUrl ?? r.fetchUrl ?? '');
    const match = parsed && matchRemote(parsed, [{ url: instanceUrl }]);
    return !!match && `${match.owner}/${match.repo}`.toLowerCase() === fork.full_name.toLowerCase();
  });
}

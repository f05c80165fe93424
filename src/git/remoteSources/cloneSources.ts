// What Git: Clone's "Clone from Gitea (user@host)" lists: with nothing typed, the account's repositories (its own,
// its organisations' and collaborations', GET /user/repos) and those it starred; with text, the instance's search
// (GET /repos/search?q=). Each read is capped (pages and items), each URL is the server's https or ssh URL as
// `gitea.cloneProtocol` says (core/cloneUrl.ts, the Starred view's Clone uses the same).
import type { Repository } from '../../api';
import { readAllPages } from '../../api/paging';
import { repoCloneUrl } from '../../core/cloneUrl';
import type { Services } from '../../core/services';
import { messageOf } from '../../shared/errors';
import { inertOptional, inertText } from '../../shared/untrustedText';
import type { GitRemoteSource } from '../gitApi';

/** Pages of the account's own repositories and of its stars read at most (50 a page on a default server). */
export const OWN_PAGES = 4;
export const STARRED_PAGES = 2;

function iconOf(repo: Repository, starred: boolean): string {
  if (repo.private) return 'lock';
  if (repo.fork) return 'repo-forked';
  if (repo.mirror) return 'mirror';
  return starred ? 'star-full' : 'repo';
}

/** A repository as Git: Clone shows it; undefined when the server gave no URL git may clone. Label and description
 * are server text: inert (VS Code makes `$(…)` an icon in a picker). */
export function remoteSourceOf(repo: Repository, starred = false): GitRemoteSource | undefined {
  const url = repoCloneUrl(repo);
  if (!url) return undefined;
  const description = repo.description?.split('\n', 1)[0]?.slice(0, 200);
  return { name: inertText(repo.full_name), description: inertOptional(description || undefined), icon: iconOf(repo, starred), url };
}

function sources(repos: readonly Repository[], starred: ReadonlySet<number>): GitRemoteSource[] {
  const seen = new Set<number>();
  const result: GitRemoteSource[] = [];
  for (const repo of repos) {
    if (seen.has(repo.id)) continue;
    seen.add(repo.id);
    const source = remoteSourceOf(repo, starred.has(repo.id));
    if (source) result.push(source);
  }
  return result;
}

/** The account's repositories, then its starred ones (each once), or the search's answer for `query`. */
export async function remoteSourcesOf(services: Services, accountId: string, query: string | undefined, signal: AbortSignal): Promise<GitRemoteSource[]> {
  const account = services.accounts.accounts.find((a) => a.id === accountId);
  if (!account) return [];
  const client = await services.accounts.getClient(accountId);
  const q = query?.trim();
  if (q) {
    const page = await client.repoSearch({ q, page: 1 }, { signal });
    return sources(page.items, new Set());
  }
  const capped = (what: string) => (pages: number, items: number): void => services.log.info(`Clone from Gitea: ${what} of ${account.username} listed up to ${items} (${pages} pages).`);
  const [own, stars] = await Promise.all([
    readAllPages((page) => client.userCurrentListRepos({ page }, { signal }), { signal, maxPages: OWN_PAGES, onCapped: capped('the repositories') }),
    readAllPages((page) => client.userListStarred({ username: account.username, page }, { signal }), { signal, maxPages: STARRED_PAGES, onCapped: capped('the starred repositories') })
      // expected: stars disabled on the instance (403): the own repositories still show.
      .catch((e: unknown) => {
        services.log.info(`Clone from Gitea: no starred repositories of ${account.username}: ${messageOf(e)}`);
        return { items: [] as Repository[], truncated: false };
      }),
  ]);
  return sources([...own.items, ...stars.items], new Set(stars.items.map((r) => r.id)));
}

// What a view shows data for: the active repository, the account used for it and that account's client.
import type { GiteaClient } from '../api';
import type { Account, RepoRef, Services } from '../services';

export interface ViewScope {
  /** `${accountId}|${owner}/${repo}`: the prefix of every cache key of the views. */
  readonly key: string;
  readonly repo: RepoRef;
  readonly account: Account;
  readonly client: GiteaClient;
  /** `owner` and `repo`, ready to spread into client parameters. */
  readonly params: { readonly owner: string; readonly repo: string };
}

/** The account that serves a repository: the one the repository names, else the instance's account. */
export function accountForRepo(services: Services, repo: RepoRef): Account | undefined {
  if (repo.accountId) {
    const named = services.accounts.accounts.find((a) => a.id === repo.accountId);
    if (named) return named;
  }
  return services.accounts.accountFor(repo.instanceUrl);
}

/** The scope of the active repository, or undefined when there is none or nobody is signed in to its
 * instance (the views then show their welcome content). Rejects only when the client cannot be built. */
export async function resolveScope(services: Services): Promise<ViewScope | undefined> {
  const repo = services.repos.active;
  if (!repo) return undefined;
  const account = accountForRepo(services, repo);
  if (!account) return undefined;
  const client = await services.accounts.getClient(account.id);
  return {
    key: `${account.id}|${repo.owner}/${repo.repo}`,
    repo,
    account,
    client,
    params: { owner: repo.owner, repo: repo.repo },
  };
}

/** The web page of the repository (instance URLs end with a slash). */
export function repoWebUrl(scope: ViewScope): string {
  return `${scope.account.instanceUrl}${encodeURIComponent(scope.repo.owner)}/${encodeURIComponent(scope.repo.repo)}`;
}

/** Compares a Gitea version (`1.27.0`, `1.25.0+dev-12`) with `major.minor`. Forgejo is never "at least" a Gitea. */
export function giteaAtLeast(account: Account, major: number, minor: number): boolean {
  if (account.flavor !== 'gitea') return false;
  const m = /^(\d+)\.(\d+)/.exec(account.version);
  if (!m) return false;
  const [maj, min] = [Number(m[1]), Number(m[2])];
  return maj > major || (maj === major && min >= minor);
}

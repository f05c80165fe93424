// What a view shows data for: the active repository, the account used for it and that account's client
// (ViewScope); or, for the views of the signed-in user rather than of a repository, just an account (AccountScope).
import type { GiteaClient } from '../api';
import type { Account, RepoRef, Services } from '../services';

/** An account and its client: what Activity and Starred need, with or without an active repository. */
export interface AccountScope {
  /** The prefix of every cache key of the view: `${accountId}` here, `${accountId}|${owner}/${repo}` below. */
  readonly key: string;
  readonly account: Account;
  readonly client: GiteaClient;
}

/** The active repository and the account that serves it. */
export interface ViewScope extends AccountScope {
  readonly repo: RepoRef;
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

/** The account of the views of the user (Activity, Starred): the active repository's account when there is one,
 * else the first signed-in account; undefined when nobody is signed in (the signed-out welcome shows).
 * Rejects only when the client cannot be built. */
export async function accountScope(services: Services): Promise<AccountScope | undefined> {
  const repo = services.repos.active;
  const account = (repo && accountForRepo(services, repo)) ?? services.accounts.accounts[0];
  if (!account) return undefined;
  const client = await services.accounts.getClient(account.id);
  return { key: account.id, account, client };
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

// What a view shows data for: the active repository, the account used for it and that account's client
// (ViewScope); or, for the views of the signed-in user rather than of a repository, just an account (AccountScope).
import type { GiteaClient } from '../api';
import type { Account, Services } from '../core/services';
import { accountForRepo, resolveTarget, type Target } from '../core/target';
import { repoWebUrl as webUrl } from '../shared/account';

/** An account and its client: what Activity and Starred need, with or without an active repository. */
export interface AccountScope {
  /** The prefix of every cache key of the view: `${accountId}` here, `${accountId}|${owner}/${repo}` below. */
  readonly key: string;
  readonly account: Account;
  readonly client: GiteaClient;
}

/** The active repository and the account that serves it. */
export interface ViewScope extends AccountScope, Target {
  /** `owner` and `repo`, ready to spread into client parameters. */
  readonly params: { readonly owner: string; readonly repo: string };
}

/** The scope of the active repository, or undefined when there is none or nobody is signed in to its
 * instance (the views then show their welcome content). Rejects only when the client cannot be built. */
export async function resolveScope(services: Services): Promise<ViewScope | undefined> {
  const resolution = await resolveTarget(services);
  if (resolution.kind !== 'ready') return undefined;
  const { repo, account, client } = resolution.target;
  return { key: `${account.id}|${repo.owner}/${repo.repo}`, repo, account, client, params: { owner: repo.owner, repo: repo.repo } };
}

/** The account of the views of the user (Activity, Starred): the active repository's account when there is one,
 * else the first signed-in account; undefined when nobody is signed in (the signed-out welcome shows).
 * Rejects only when the client cannot be built. */
export async function accountScope(services: Services): Promise<AccountScope | undefined> {
  const repo = services.repos.active;
  const account = (repo && accountForRepo(services.accounts, repo)) ?? services.accounts.accounts[0];
  if (!account) return undefined;
  const client = await services.accounts.getClient(account.id);
  return { key: account.id, account, client };
}

/** The web page of the scope's repository. */
export function repoWebUrl(scope: ViewScope): string {
  return webUrl(scope.account.instanceUrl, scope.repo.owner, scope.repo.repo);
}

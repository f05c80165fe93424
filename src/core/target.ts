// The repository a command or view acts on, the account that serves it and that account's client: one resolver
// returning a tagged result (views show their welcome content on anything but `ready`). Commands use
// targetOrSignIn (./targetOrSignIn.ts), which tells the user why there is no target and offers a way out.
import type { GiteaClient } from '../api';
import type { Account, AccountService, RepoRef, Services } from './services';

export interface Target {
  readonly client: GiteaClient;
  readonly repo: RepoRef;
  readonly account: Account;
}

export type TargetResolution =
  | { readonly kind: 'ready'; readonly target: Target }
  /** Nobody is signed in anywhere. */
  | { readonly kind: 'signedOut' }
  /** Signed in, but no repository was given and none is active. */
  | { readonly kind: 'noRepository' }
  /** The repository's instance has no signed-in account. */
  | { readonly kind: 'notSignedInThere'; readonly repo: RepoRef };

/** The account that serves a repository: the one the repository names, else the instance's account. */
export function accountForRepo(accounts: AccountService, repo: Pick<RepoRef, 'instanceUrl' | 'accountId'>): Account | undefined {
  if (repo.accountId) {
    const named = accounts.accounts.find((a) => a.id === repo.accountId);
    if (named) return named;
  }
  return accounts.accountFor(repo.instanceUrl);
}

/** Resolves `repo` (the active repository when none is given) to its account and client. Shows nothing; rejects
 * only when the client cannot be built (a missing secret, an unusable CA file). */
export async function resolveTarget(services: Services, repo: RepoRef | undefined = services.repos.active): Promise<TargetResolution> {
  if (!repo) return services.accounts.accounts.length ? { kind: 'noRepository' } : { kind: 'signedOut' };
  const account = accountForRepo(services.accounts, repo);
  if (!account) return services.accounts.accounts.length ? { kind: 'notSignedInThere', repo } : { kind: 'signedOut' };
  return { kind: 'ready', target: { client: await services.accounts.getClient(account.id), repo, account } };
}

/** A repository reference as command arguments carry it (tree items, other commands, tests). */
export function repoRefFrom(value: unknown): RepoRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  if (typeof o.instanceUrl === 'string' && typeof o.owner === 'string' && typeof o.repo === 'string') return o as unknown as RepoRef;
  return undefined;
}

/** `owner` and `repo`, ready to spread into client parameters. */
export function repoParams(repo: RepoRef): { owner: string; repo: string } {
  return { owner: repo.owner, repo: repo.repo };
}

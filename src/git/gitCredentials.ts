// Git's credentials from the signed-in accounts: a credentials provider of the git extension, which its askpass
// (GIT_ASKPASS of every git it runs: push, pull, fetch, the SCM view's sync) asks when git prompts for a user name.
// It answers for http(s) remotes of a signed-in instance with the account's user name and token (Gitea takes a
// token as the password); nothing is written to disk, git config or a credential helper. Other hosts and ssh get no
// answer, so git goes on to its own helpers and prompt. Registered when the repository context obtains the git
// extension (no work at activation); the secret is read only when git asks.
import type * as vscode from 'vscode';
import type { AccountService } from '../core/services';
import { accountLabel } from '../shared/account';
import { messageOf } from '../shared/errors';
import { accountsForGitRequest, pickAccount } from './credentialMatch';
import type { GitCredentials } from './gitApi';
import type { GitRepositoryContext } from './repositoryContext';

/** What SecretStorage holds for an account (auth's StoredSecret, by shape). */
export type AccountSecret = { readonly kind: 'token'; readonly token: string } | { readonly kind: 'basic'; readonly password: string };

/** The accounts, with the one read of a secret this needs. */
export interface CredentialAccounts extends AccountService {
  secretFor(accountId: string): Promise<AccountSecret | undefined>;
}

export function registerGitCredentials(repos: GitRepositoryContext, accounts: CredentialAccounts, log: vscode.LogOutputChannel): vscode.Disposable {
  let registration: vscode.Disposable | undefined;
  let disposed = false;
  repos.gitApi
    .then((api) => {
      if (!api || disposed) return;
      registration = api.registerCredentialsProvider({ getCredentials: (host) => credentialsFor(host, repos, accounts, log) });
    })
    .catch((e: unknown) => log.warn(`Git credentials from the accounts are off: ${messageOf(e)}`));
  return {
    dispose: () => {
      disposed = true;
      registration?.dispose();
    },
  };
}

async function credentialsFor(host: vscode.Uri, repos: GitRepositoryContext, accounts: CredentialAccounts, log: vscode.LogOutputChannel): Promise<GitCredentials | undefined> {
  // Never the user info git may show: only the remote's origin and path are logged.
  const remote = `${host.scheme}://${host.authority.replace(/^.*@/, '')}${host.path}`;
  try {
    const candidates = accountsForGitRequest(`${host.scheme}://${host.authority}${host.path}`, accounts.accounts);
    const workspaceAccounts = [repos.active?.accountId, ...repos.detected.map((r) => r.accountId)];
    const account = pickAccount(candidates, workspaceAccounts, (instanceUrl) => accounts.accountFor(instanceUrl)?.id);
    if (!account) {
      log.debug(`Git asked for credentials for ${remote}: ${candidates.length ? 'several accounts fit, none is the workspace\'s' : 'no signed-in instance there'}; left to git.`);
      return undefined;
    }
    // A refused token would only fail git's request; without an answer git asks the user, as before sign-in.
    if (accounts.needsSignIn(account.id)) {
      log.info(`Git asked for credentials for ${remote}: ${accountLabel(account)} needs signing in again; left to git.`);
      return undefined;
    }
    const secret = await accounts.secretFor(account.id);
    if (!secret) {
      log.info(`Git asked for credentials for ${remote}: the secret of ${accountLabel(account)} is missing; left to git.`);
      return undefined;
    }
    log.info(`Git asked for credentials for ${remote}: answered as ${accountLabel(account)}.`);
    return { username: account.username, password: secret.kind === 'token' ? secret.token : secret.password };
  } catch (e) {
    log.warn(`Git asked for credentials for ${remote}; they could not be read: ${messageOf(e)}`);
    return undefined;
  }
}

// The answer to one of git's credential requests (gitCredentials.ts registers the provider): the signed-in account of
// the remote's instance, with its token as the password; undefined leaves the request to git's own helpers and prompt.
// Bundled apart (dist/gitCredentials.js): loaded the first time git asks.
import type * as vscode from 'vscode';
import type { AccountService } from '../core/services';
import { accountLabel } from '../shared/account';
import { messageOf } from '../shared/errors';
import { accountsForGitRequest, pickAccount, subPathInstanceOn } from './credentialMatch';
import type { GitCredentials } from './gitApi';
import type { GitRepositoryContext } from './repositoryContext';

/** What SecretStorage holds for an account (auth's StoredSecret, by shape). */
export type AccountSecret = { readonly kind: 'token'; readonly token: string } | { readonly kind: 'basic'; readonly password: string };

/** The accounts, with the one read of a secret this needs. */
export interface CredentialAccounts extends AccountService {
  secretFor(accountId: string): Promise<AccountSecret | undefined>;
}

export async function credentialsFor(host: vscode.Uri, repos: GitRepositoryContext, accounts: CredentialAccounts, log: vscode.LogOutputChannel): Promise<GitCredentials | undefined> {
  // Never the user info git may show: only the remote's origin and path are logged.
  const remote = `${host.scheme}://${host.authority.replace(/^.*@/, '')}${host.path}`;
  try {
    const candidates = accountsForGitRequest(`${host.scheme}://${host.authority}${host.path}`, accounts.accounts);
    const workspaceAccounts = [repos.active?.accountId, ...repos.detected.map((r) => r.accountId)];
    const account = pickAccount(candidates, workspaceAccounts, (instanceUrl) => accounts.accountFor(instanceUrl)?.id);
    if (!account && candidates.length === 0 && subPathInstanceOn(host, accounts.accounts)) {
      // git asked without a path: a sub-path instance answers only when git names the repository's path.
      log.info(
        `Git asked for credentials for ${remote} without a repository path; an instance under a sub-path of that host answers only when git names the path: git config --global credential.${host.scheme}://${host.authority.replace(/^.*@/, '')}.useHttpPath true. Left to git.`,
      );
      return undefined;
    }
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

// Builds the Services that views and commands receive. Cheap: no client is loaded here (src/apiLoader.ts loads
// it on the first request), and repository detection waits for the git extension in the background.
import * as vscode from 'vscode';
import type { GiteaClient } from '../api';
import type { Account, RepoRef, Services } from '../services';
import { AccountStore } from '../auth/accountStore';
import { isCaFileProblem } from '../auth/httpOptions';
import { GitRepositoryContext } from '../git/repositoryContext';
import { instanceLabel } from '../git/instanceUrl';

/** The Services with their concrete types, for the auth and git wiring that needs more than the interfaces. */
export interface CoreServices extends Services {
  readonly accounts: AccountStore;
  readonly repos: GitRepositoryContext;
}

export function createServices(context: vscode.ExtensionContext): CoreServices {
  const log = vscode.window.createOutputChannel('Gitea Workbench', { log: true });
  const accounts = new AccountStore(context, log);
  const repos = new GitRepositoryContext(context, log, accounts);
  context.subscriptions.push(log, accounts, repos);
  return {
    context,
    log,
    accounts,
    repos,
    activeClient: () => activeClient(accounts, repos),
  };
}

async function activeClient(accounts: AccountStore, repos: GitRepositoryContext): Promise<{ client: GiteaClient; repo: RepoRef; account: Account } | undefined> {
  const signIn = vscode.l10n.t('Sign In');
  if (!accounts.accounts.length) {
    if ((await vscode.window.showInformationMessage(vscode.l10n.t('Sign in to a Gitea or Forgejo instance first.'), signIn)) === signIn) {
      await vscode.commands.executeCommand('gitea.signIn');
    }
    return undefined;
  }
  const repo = repos.active;
  if (!repo) {
    const select = vscode.l10n.t('Select Repository');
    if ((await vscode.window.showInformationMessage(vscode.l10n.t('No Gitea repository is selected.'), select)) === select) {
      await vscode.commands.executeCommand('gitea.selectRepository');
    }
    return undefined;
  }
  const account = (repo.accountId ? accounts.get(repo.accountId) : undefined) ?? accounts.accountFor(repo.instanceUrl);
  if (!account) {
    const message = vscode.l10n.t('You are not signed in to {0}, where {1}/{2} is.', instanceLabel(repo.instanceUrl), repo.owner, repo.repo);
    if ((await vscode.window.showInformationMessage(message, signIn)) === signIn) {
      await vscode.commands.executeCommand('gitea.signIn', { url: repo.instanceUrl });
    }
    return undefined;
  }
  try {
    return { client: await accounts.getClient(account.id), repo, account };
  } catch (e) {
    // getClient fails only before any request: a missing secret or an unusable CA file (already shown).
    if (!isCaFileProblem(e)) void vscode.window.showErrorMessage(e instanceof Error ? e.message : String(e));
    return undefined;
  }
}

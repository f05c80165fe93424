// What every area shows once the server refused an account's token: the account that waits for Sign In Again, and
// the offer of it beside a failure. The state itself is the AccountService's (auth/accountStore.ts).
import * as vscode from 'vscode';
import { refusesStoredCredential } from '../api/errorKind';
import { COMMAND } from './commandIds';
import type { Account, RepoRef, Services } from './services';
import { accountForRepo } from './target';

/** The label of the action, on buttons, tree items and pages. */
export function signInAgainLabel(): string {
  return vscode.l10n.t('Sign In Again…');
}

/** A 401 on the account's stored credential (not after a redirect to another origin, where none was sent). */
export function isRefusedCredential(e: unknown): boolean {
  return refusesStoredCredential(e);
}

/** The account that serves `repo` when it waits for Sign In Again. */
export function refusedAccountOf(services: Services, repo: Pick<RepoRef, 'instanceUrl' | 'accountId'>): Account | undefined {
  const account = accountForRepo(services.accounts, repo);
  return account && services.accounts.needsSignIn(account.id) ? account : undefined;
}

/** Runs Sign In Again for the account (else the one waiting for it); resolves to true when it signed in. */
export async function runSignInAgain(account?: Pick<Account, 'id'>): Promise<boolean> {
  return !!(await vscode.commands.executeCommand<Account | undefined>(COMMAND.signInAgain, account ? { accountId: account.id } : undefined));
}

/** Shows `message` with a Sign In Again… button (not awaited by callers: the button acts whenever it is clicked). */
export async function offerSignInAgain(message: string, account?: Pick<Account, 'id'>): Promise<boolean> {
  const label = signInAgainLabel();
  const choice = await vscode.window.showErrorMessage(message, label);
  return choice === label && runSignInAgain(account);
}

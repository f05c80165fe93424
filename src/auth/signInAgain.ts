// "Gitea: Sign In Again…": after the server refused an account's token (or kept password), the sign-in form opens
// at its credential step with the instance and the user name filled in. Signing in again replaces the secret of the
// same account (same id): its settings, the repository it serves and every form's draft stay as they were.
import * as vscode from 'vscode';
import type { Account } from '../core/services';
import { askPick } from '../core/quickInput';
import { accountLabel } from '../shared/account';
import type { AccountStore } from './accountStore';
import type { SignInPrefill } from './signInFlow';

/** Which account an argument names: its id, `{ accountId }` (status bar, tree items, messages). */
export function accountIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const id = typeof arg === 'object' && arg !== null ? (arg as { accountId?: unknown }).accountId : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The account to sign in again: the one named, else the one waiting for it (the user picks when several are).
 * Undefined when none waits and none is named: the caller opens the plain form.
 */
async function accountToRenew(store: AccountStore, arg: unknown): Promise<Account | undefined> {
  const named = accountIdOf(arg);
  if (named) return store.get(named);
  const waiting = store.needingSignIn;
  if (waiting.length <= 1) return waiting[0];
  const picked = await askPick({
    title: vscode.l10n.t('Sign In Again to Gitea'),
    placeholder: vscode.l10n.t('Account whose token was refused'),
    items: waiting.map((a) => ({ value: a.id, label: `$(account) ${accountLabel(a)}` })),
  });
  return typeof picked === 'string' ? store.get(picked) : undefined;
}

/** Runs the form for the account (`form` is the sign-in form of auth/index.ts); resolves to the account signed in. */
export async function signInAgain(
  store: AccountStore,
  arg: unknown,
  form: (prefill?: SignInPrefill) => Promise<Account | undefined>,
): Promise<Account | undefined> {
  const account = await accountToRenew(store, arg);
  if (!account) return accountIdOf(arg) ? undefined : form();
  // The step the account used: a token, or the password it chose to keep.
  const method = (await store.secretFor(account.id))?.kind === 'basic' ? 'password' : 'token';
  return form({ url: account.instanceUrl, username: account.username, again: { method } });
}

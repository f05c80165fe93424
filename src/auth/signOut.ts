// "Gitea: Sign Out": removes the account and its secret. A token the extension created stays valid on the
// server (deleting it needs the password), so the message links to the page where the user can revoke it.
import * as vscode from 'vscode';
import { accountLabel } from '../shared/account';
import type { AccountStore } from './accountStore';
import { askPick } from '../core/quickInput';
import { inertText } from '../shared/untrustedText';
import { openServerUrl } from '../core/openExternal';

/** `accountId` (or `{ accountId }`) signs that account out without asking, for the Accounts menu and tests. */
export async function signOut(store: AccountStore, arg?: unknown): Promise<boolean> {
  const requested = typeof arg === 'string' ? arg : typeof arg === 'object' && arg !== null ? (arg as { accountId?: unknown }).accountId : undefined;
  let id = typeof requested === 'string' ? requested : undefined;
  if (!id) {
    const accounts = store.accounts;
    if (!accounts.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('You are not signed in to any Gitea instance.'));
      return false;
    }
    const picked =
      accounts.length === 1
        ? accounts[0]!.id
        : await askPick({
            title: vscode.l10n.t('Sign Out of Gitea'),
            placeholder: vscode.l10n.t('Account to sign out'),
            items: accounts.map((a) => ({ value: a.id, label: `$(account) ${accountLabel(a)}`, description: inertText(`${a.flavor} ${a.version}`) })),
          });
    if (typeof picked !== 'string') return false;
    id = picked;
  }
  const secret = await store.secretFor(id);
  const account = await store.remove(id);
  if (!account) return false;
  if (arg === undefined) {
    const revoke = vscode.l10n.t('Open Applications Settings');
    const text =
      secret?.kind === 'token'
        ? vscode.l10n.t('Signed out of {0}. The access token stays valid on the server until you delete it there.', accountLabel(account))
        : vscode.l10n.t('Signed out of {0}.', accountLabel(account));
    const picked = await vscode.window.showInformationMessage(text, ...(secret?.kind === 'token' ? [revoke] : []));
    if (picked === revoke) await openServerUrl(`${account.instanceUrl}user/settings/applications`, account.instanceUrl);
  }
  return true;
}

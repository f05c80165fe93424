// The accounts as VS Code authentication sessions (provider id `gitea-workbench`, label "Gitea"), so they show
// in the Accounts menu. Signing out there (removeSession) signs out here; signing in there runs the form. An account
// whose token the server refused has no session until it signs in again: the session is reported removed, and the
// Accounts menu gets its sign-in entry (a badge), which runs Sign In Again for that account.
import * as vscode from 'vscode';
import type { Account } from '../core/services';
import { accountLabel } from '../shared/account';
import type { AccountStore } from './accountStore';

export const AUTH_PROVIDER_ID = 'gitea-workbench';
/**
 * The one scope every session has. Not empty: VS Code keys a pending sign-in request by its scopes joined, and
 * splits the key again when a session arrives; `[]` comes back as `['']`, matches no session, and the Accounts
 * badge of Sign In Again would stay after the account signed in again.
 */
export const SESSION_SCOPES: readonly string[] = ['account'];

export class GiteaAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private known: Map<string, Account>;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly store: AccountStore,
    /** Sign In Again for the account named (else the one waiting for it; else the plain form). */
    private readonly signIn: (accountId?: string) => Promise<Account | undefined>,
  ) {
    this.known = new Map(this.withSession().map((a) => [a.id, a]));
    this.subscription = store.onDidChangeAccounts(() => this.fireDifferences());
  }

  async getSessions(_scopes: readonly string[] | undefined, options?: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession[]> {
    // The sessions carry the tokens: the first time, accounts whose secret is gone are hidden first.
    await this.store.verifySecrets();
    const accounts = this.withSession().filter((a) => !options?.account || options.account.id === a.id);
    return Promise.all(accounts.map((a) => this.session(a, true)));
  }

  async createSession(_scopes: readonly string[], options?: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession> {
    const account = await this.signIn(options?.account?.id);
    if (!account) throw new Error(vscode.l10n.t('Sign-in to Gitea was cancelled.'));
    return this.session(account, true);
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.store.remove(sessionId);
  }

  /**
   * The session's access token is the account's token. An account that kept its password gets an empty one:
   * a password is not handed to other extensions.
   */
  private async session(account: Account, withToken: boolean): Promise<vscode.AuthenticationSession> {
    const secret = withToken ? await this.store.secretFor(account.id) : undefined;
    return {
      id: account.id,
      accessToken: secret?.kind === 'token' ? secret.token : '',
      account: { id: account.id, label: accountLabel(account) },
      scopes: SESSION_SCOPES,
    };
  }

  /** The accounts that have a session: every account but those waiting to sign in again. */
  private withSession(): Account[] {
    return this.store.accounts.filter((a) => !this.store.needsSignIn(a.id));
  }

  private fireDifferences(): void {
    const now = new Map(this.withSession().map((a) => [a.id, a]));
    const added = [...now.values()].filter((a) => !this.known.has(a.id));
    const removed = [...this.known.values()].filter((a) => !now.has(a.id));
    this.known = now;
    if (!added.length && !removed.length) return;
    for (const a of removed) if (this.store.needsSignIn(a.id)) this.askForSignIn(a);
    void Promise.all([...added.map((a) => this.session(a, false)), ...removed.map((a) => this.session(a, false))]).then((sessions) =>
      this.changed.fire({ added: sessions.slice(0, added.length), removed: sessions.slice(added.length), changed: [] }),
    );
  }

  /**
   * Puts the account's sign-in entry in the Accounts menu (a numbered badge; no dialog): asking for a session of an
   * account that has none does that. Choosing it calls createSession, which signs in again.
   */
  private askForSignIn(account: Account): void {
    const info = { id: account.id, label: accountLabel(account) };
    // expected: an editor without the request (or refusing it) just shows no badge; the views and status bar still offer it.
    vscode.authentication.getSession(AUTH_PROVIDER_ID, SESSION_SCOPES, { account: info }).then(undefined, () => undefined);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

// The accounts as VS Code authentication sessions (provider id `gitea-workbench`, label "Gitea"), so they show
// in the Accounts menu. Signing out there (removeSession) signs out here; signing in there runs the form.
import * as vscode from 'vscode';
import type { Account } from '../core/services';
import { accountLabel } from '../shared/account';
import type { AccountStore } from './accountStore';

export const AUTH_PROVIDER_ID = 'gitea-workbench';

export class GiteaAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private known: Map<string, Account>;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly store: AccountStore,
    private readonly signIn: () => Promise<Account | undefined>,
  ) {
    this.known = new Map(store.accounts.map((a) => [a.id, a]));
    this.subscription = store.onDidChangeAccounts(() => this.fireDifferences());
  }

  async getSessions(_scopes: readonly string[] | undefined, options?: vscode.AuthenticationProviderSessionOptions): Promise<vscode.AuthenticationSession[]> {
    // The sessions carry the tokens: the first time, accounts whose secret is gone are hidden first.
    await this.store.verifySecrets();
    const accounts = this.store.accounts.filter((a) => !options?.account || options.account.id === a.id);
    return Promise.all(accounts.map((a) => this.session(a, true)));
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const account = await this.signIn();
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
      scopes: [],
    };
  }

  private fireDifferences(): void {
    const now = new Map(this.store.accounts.map((a) => [a.id, a]));
    const added = [...now.values()].filter((a) => !this.known.has(a.id));
    const removed = [...this.known.values()].filter((a) => !now.has(a.id));
    this.known = now;
    if (!added.length && !removed.length) return;
    void Promise.all([...added.map((a) => this.session(a, false)), ...removed.map((a) => this.session(a, false))]).then((sessions) =>
      this.changed.fire({ added: sessions.slice(0, added.length), removed: sessions.slice(added.length), changed: [] }),
    );
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

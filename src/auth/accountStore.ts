// The signed-in accounts. Their list (no secrets) is in globalState; each account's token or password is in
// SecretStorage under `gitea-workbench:<accountId>` and nowhere else. Implements AccountService.
import * as vscode from 'vscode';
import type { GiteaClient } from '../api';
import { GiteaError, refusesStoredCredential } from '../api/errorKind';
import { loadApi } from '../apiLoader';
import type { Account, AccountService } from '../core/services';
import { CLIENT_SETTINGS } from '../core/settings';
import { accountLabel } from '../shared/account';
import type { InstanceHttpOptions } from './httpOptions';
import { messageOf } from '../shared/errors';

/** What SecretStorage holds for an account. A password is kept only when the user declined a token. */
export type StoredSecret = { readonly kind: 'token'; readonly token: string } | { readonly kind: 'basic'; readonly password: string };

const ACCOUNTS_KEY = 'gitea.accounts';
const PREFERRED_KEY = 'gitea.preferredAccounts';
const SECRET_PREFIX = 'gitea-workbench:';
/** Each instance's paging limits (GET /settings/api) as last read: the next session's first lists need not wait. */
const PAGING_LIMITS_KEY = 'gitea.pagingLimits';
/** The accounts whose stored credential the server refused (ids only): a reload still offers Sign In Again. */
const NEEDS_SIGN_IN_KEY = 'gitea.needsSignIn';

/**
 * The clients' TLS and proxy options (auth/httpOptions.ts), handed in by the composition root: they are bundled with
 * the sign-in code (dist/signIn.js), loaded with the first client.
 */
export interface HttpOptionsSource {
  build(instanceUrl: string, log: vscode.LogOutputChannel): Promise<InstanceHttpOptions>;
  /** The settings changed: problems already shown are shown again (nothing to do before the first build). */
  reset(): void;
}

export function accountId(instanceUrl: string, username: string): string {
  return `${instanceUrl}|${username}`;
}

export class AccountStore implements AccountService, vscode.Disposable {
  private list: Account[];
  /** Accounts whose secret turned out to be missing (e.g. another browser profile in code-server). */
  private readonly missingSecret = new Set<string>();
  /** Accounts whose token (or kept password) the server refused with a 401: they wait for Sign In Again. */
  private readonly refused: Set<string>;
  /** Per account, a token of its current client: a late 401 of a client dropped since (the old token) is no news. */
  private readonly clientMarks = new Map<string, object>();
  private readonly clients = new Map<string, Promise<{ client: GiteaClient; close(): Promise<void> }>>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  readonly onDidChangeAccounts = this.changed.event;
  private verified: Promise<void> | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly httpOptions: HttpOptionsSource,
  ) {
    this.list = this.readList();
    const kept = context.globalState.get<unknown>(NEEDS_SIGN_IN_KEY);
    this.refused = new Set(Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : []);
    this.disposables.push(
      context.secrets.onDidChange((e) => {
        // Another window signed in or out: re-read the shared list and drop cached clients of that account.
        if (e.key.startsWith(SECRET_PREFIX)) void this.reload(e.key.slice(SECRET_PREFIX.length));
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (CLIENT_SETTINGS.some((s) => e.affectsConfiguration(s))) {
          this.httpOptions.reset();
          this.dropClients();
        }
      }),
    );
  }

  /**
   * Resolves when every listed account was checked for its secret. Started by the first caller that needs the
   * secrets (a request, the Accounts menu, the first use of a view or command), not at activation: reading the
   * secret storage can wake a keyring.
   */
  verifySecrets(): Promise<void> {
    this.verified ??= this.checkSecrets().catch((e: unknown) => this.log.warn(`Could not read the secret storage: ${messageOf(e)}`));
    return this.verified;
  }

  get accounts(): readonly Account[] {
    return this.list.filter((a) => !this.missingSecret.has(a.id));
  }

  accountFor(instanceUrl: string): Account | undefined {
    const preferred = this.context.globalState.get<Record<string, string>>(PREFERRED_KEY, {})[instanceUrl];
    const onInstance = this.accounts.filter((a) => a.instanceUrl === instanceUrl);
    return onInstance.find((a) => a.id === preferred) ?? onInstance[0];
  }

  /** True once the server refused the account's stored credential, until it is signed in again. */
  needsSignIn(accountId: string): boolean {
    return this.refused.has(accountId);
  }

  /** The accounts listed and waiting for Sign In Again. */
  get needingSignIn(): readonly Account[] {
    return this.accounts.filter((a) => this.refused.has(a.id));
  }

  /**
   * Every failed request of an account's client comes here. A 401 to a request that carried the stored token or
   * password means it no longer works: the account is marked (its polls stop, its views offer Sign In Again) and
   * everyone is told once. A 401 to a request sent without them (a signed artifact link, a redirect to another
   * origin) is not the credential's fault: refusesStoredCredential (api/errorKind.ts) tells them apart.
   */
  private noteFailure(accountId: string, mark: object, e: GiteaError): void {
    if (!refusesStoredCredential(e) || this.clientMarks.get(accountId) !== mark) return;
    if (this.refused.has(accountId)) return;
    this.refused.add(accountId);
    this.log.warn(`The server refused the stored credential of ${accountId}: the account needs to sign in again.`);
    void this.saveRefused();
    this.changed.fire();
  }

  private clearRefused(accountId: string): boolean {
    if (!this.refused.delete(accountId)) return false;
    void this.saveRefused();
    return true;
  }

  private saveRefused(): Thenable<void> {
    return this.context.globalState.update(NEEDS_SIGN_IN_KEY, [...this.refused]);
  }

  async setPreferred(account: Account): Promise<void> {
    const map = { ...this.context.globalState.get<Record<string, string>>(PREFERRED_KEY, {}), [account.instanceUrl]: account.id };
    await this.context.globalState.update(PREFERRED_KEY, map);
    this.changed.fire();
  }

  get(accountId: string): Account | undefined {
    return this.accounts.find((a) => a.id === accountId);
  }

  async getClient(accountId: string): Promise<GiteaClient> {
    let entry = this.clients.get(accountId);
    if (!entry) {
      entry = this.createClient(accountId);
      this.clients.set(accountId, entry);
      // A failed build (unreadable CA file, missing secret) must not stick: the next call tries again.
      // expected: the failure reaches the caller through `entry`; here it only stops being cached.
      entry.catch(() => this.clients.delete(accountId));
    }
    return (await entry).client;
  }

  private async createClient(accountId: string): Promise<{ client: GiteaClient; close(): Promise<void> }> {
    await this.verifySecrets();
    const account = this.get(accountId);
    const secret = account && (await this.secretFor(account.id));
    if (!account || !secret) throw new GiteaError('unauthorized', vscode.l10n.t('You are not signed in to this Gitea instance. Run "Gitea: Sign In".'));
    const { dispatcher, timeoutMs } = await this.httpOptions.build(account.instanceUrl, this.log);
    const auth = secret.kind === 'token' ? { kind: 'token' as const, token: secret.token } : { kind: 'basic' as const, username: account.username, password: secret.password };
    const mark = {};
    this.clientMarks.set(accountId, mark);
    const client = loadApi().createClient({
      baseUrl: account.instanceUrl,
      auth,
      dispatcher,
      timeoutMs,
      log: this.log,
      // Checked by the client (what another version stored may not be limits).
      pagingLimits: this.keptPagingLimits()[account.instanceUrl],
      onPagingLimits: (limits) => void this.context.globalState.update(PAGING_LIMITS_KEY, { ...this.keptPagingLimits(), [account.instanceUrl]: limits }),
      onFailure: (e) => this.noteFailure(accountId, mark, e),
    });
    return { client, close: () => dispatcher.close() };
  }

  private keptPagingLimits(): Record<string, unknown> {
    return this.context.globalState.get<Record<string, unknown>>(PAGING_LIMITS_KEY, {});
  }

  async secretFor(accountId: string): Promise<StoredSecret | undefined> {
    const raw = await this.context.secrets.get(SECRET_PREFIX + accountId);
    if (!raw) return undefined;
    let parsed: StoredSecret | undefined;
    try {
      parsed = JSON.parse(raw) as StoredSecret;
    } catch (e) {
      // Never log the secret itself: only that it is unreadable (written by another version, or damaged).
      this.log.error(`The stored secret of ${accountId} is not valid JSON (${e instanceof SyntaxError ? 'syntax error' : 'unreadable'}): sign in again.`);
      return undefined;
    }
    if (parsed?.kind === 'token' || parsed?.kind === 'basic') return parsed;
    this.log.error(`The stored secret of ${accountId} has an unknown form: sign in again.`);
    return undefined;
  }

  /** Saves an account after its credentials were checked. The list is written before the secret, so that
   * another window that hears of the secret finds the account in the list. */
  async add(account: Account, secret: StoredSecret): Promise<void> {
    this.list = [...this.readList().filter((a) => a.id !== account.id), account];
    await this.context.globalState.update(ACCOUNTS_KEY, this.list);
    await this.context.secrets.store(SECRET_PREFIX + account.id, JSON.stringify(secret));
    this.missingSecret.delete(account.id);
    this.clearRefused(account.id);
    this.dropClients(account.id);
    this.log.info(`Signed in as ${accountLabel(account)} (${account.flavor} ${account.version}).`);
    this.changed.fire();
  }

  /** Signs out: the secret goes first, so that no window can use the account any more. */
  async remove(accountId: string): Promise<Account | undefined> {
    const account = this.list.find((a) => a.id === accountId);
    await this.context.secrets.delete(SECRET_PREFIX + accountId);
    this.list = this.readList().filter((a) => a.id !== accountId);
    await this.context.globalState.update(ACCOUNTS_KEY, this.list);
    this.clearRefused(accountId);
    this.dropClients(accountId);
    if (account) this.log.info(`Signed out ${accountLabel(account)}.`);
    this.changed.fire();
    return account;
  }

  private readList(): Account[] {
    const raw = this.context.globalState.get<unknown>(ACCOUNTS_KEY);
    if (!Array.isArray(raw)) return [];
    return raw.filter((a: unknown): a is Account => {
      const o = typeof a === 'object' && a !== null ? (a as Partial<Record<keyof Account, unknown>>) : undefined;
      return typeof o?.id === 'string' && typeof o.instanceUrl === 'string' && typeof o.username === 'string';
    });
  }

  private async reload(changedId: string): Promise<void> {
    this.list = this.readList();
    this.dropClients(changedId);
    const secret = await this.context.secrets.get(SECRET_PREFIX + changedId);
    if (secret) this.missingSecret.delete(changedId);
    else this.missingSecret.add(changedId);
    // Another window signed in again (a new secret) or out: the refusal was of the secret that is gone.
    this.clearRefused(changedId);
    this.changed.fire();
  }

  /** Accounts listed without a secret (a fresh browser profile in code-server, a wiped keychain) are hidden. */
  private async checkSecrets(): Promise<void> {
    let changed = false;
    for (const account of this.list) {
      if (!(await this.context.secrets.get(SECRET_PREFIX + account.id))) {
        this.missingSecret.add(account.id);
        changed = true;
      }
    }
    if (changed) this.changed.fire();
  }

  private dropClients(accountId?: string): void {
    for (const [id, entry] of this.clients) {
      if (accountId && id !== accountId) continue;
      this.clients.delete(id);
      this.clientMarks.delete(id);
      // expected: a client that never got built has nothing to close.
      entry.then((e) => e.close()).catch(() => undefined);
    }
  }

  dispose(): void {
    this.dropClients();
    for (const d of this.disposables) d.dispose();
  }
}

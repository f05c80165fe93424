// The network side of signing in: check credentials with GET /user and GET /version, and create a scoped
// access token from a password (POST /users/{username}/tokens). No UI here; errors are the client's
// GiteaErrors (kind + a sentence without secrets), handled by signInErrors.ts.
import type * as vscode from 'vscode';
import { hostname } from 'node:os';
import type { GiteaClient } from '../api';
import { GiteaError, isGiteaError } from '../api/errorKind';
import { loadApi } from '../apiLoader';
import type { Account } from '../core/services';
import { accountId, type StoredSecret } from './accountStore';
import { buildHttpOptions } from './httpOptions';

export type SignInAuth =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'basic'; readonly username: string; readonly password: string; readonly otp?: string };

/**
 * Scopes of the tokens the extension creates, one per feature family:
 * - write:repository — branches, releases, repository settings, deploy keys, repository webhooks, migration,
 *   pull requests and their files, the commit → pull request lookup, Actions jobs and logs;
 * - write:issue — create issues, add and remove dependencies, the blocked-issues list, issue search;
 * - write:organization — organization webhooks and labels, teams and their activity feeds;
 * - write:user — user webhooks (PATCH /user/hooks), starred repositories, the user's activity feed, GET /user;
 * - read:misc — GET /settings/api (paging limits) and the other miscellaneous read endpoints;
 * - write:notification — the Notifications view and its unread count, marking threads read, unread or pinned.
 * Not requested (no feature uses them): package, activitypub, admin, and `all`.
 */
export const TOKEN_SCOPES = ['write:repository', 'write:issue', 'write:organization', 'write:user', 'read:misc', 'write:notification'] as const;

export interface ServerIdentity {
  readonly login: string;
  readonly flavor: 'gitea' | 'forgejo';
  readonly version: string;
}


async function withClient<T>(instanceUrl: string, auth: SignInAuth | undefined, log: vscode.LogOutputChannel, use: (c: GiteaClient) => Promise<T>): Promise<T> {
  const { dispatcher, timeoutMs } = await buildHttpOptions(instanceUrl, log);
  const client = loadApi().createClient({ baseUrl: instanceUrl, auth, dispatcher, timeoutMs, log });
  try {
    return await use(client);
  } finally {
    // expected: closing a connection pool that already failed has nothing left to do.
    dispatcher.close().catch(() => undefined);
  }
}

/** GET /user and GET /version at once, with the credentials; a failure of /user is the one reported. Never called
 * with an OTP: each code works only once. */
export async function checkCredentials(instanceUrl: string, auth: SignInAuth, log: vscode.LogOutputChannel, signal?: AbortSignal): Promise<ServerIdentity> {
  return withClient(instanceUrl, auth, log, async (client) => {
    const userLoad = client.userGetCurrent({}, { signal });
    const versionLoad = client.getVersion({}, { signal });
    // expected: a failed /version is thrown below, once /user answered; this only keeps it from going unhandled meanwhile
    versionLoad.catch(() => undefined);
    const user = await userLoad;
    const { version } = await versionLoad;
    const login = user.login ?? '';
    if (!login) throw new GiteaError('malformed', 'The server answered GET /user without a login name.', { operation: 'userGetCurrent', field: 'login' });
    return { login, flavor: loadApi().parseServerVersion(version ?? '').flavor, version: version ?? '' };
  });
}

/** A token name that tells the user, in their settings → Applications, which machine it belongs to. */
export function tokenName(now = new Date(), host = hostname()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `gitea-workbench-${host.replace(/[^\w.-]+/g, '-').slice(0, 40)}-${stamp}`;
}

/** POST /users/{username}/tokens with Basic auth (and the one-time code for two-factor accounts). */
export async function createAccessToken(instanceUrl: string, auth: Extract<SignInAuth, { kind: 'basic' }>, log: vscode.LogOutputChannel, signal?: AbortSignal): Promise<string> {
  return withClient(instanceUrl, auth, log, async (client) => {
    const created = await client.userCreateToken({ username: auth.username, body: { name: tokenName(), scopes: [...TOKEN_SCOPES] } }, { signal });
    if (!created.sha1) throw new GiteaError('malformed', 'The server created a token but did not return it.', { operation: 'userCreateToken', field: 'sha1' });
    log.info(`Created access token "${created.name ?? ''}" with scopes ${TOKEN_SCOPES.join(', ')}.`);
    return created.sha1;
  });
}

export interface VerifiedSignIn {
  readonly account: Account;
  readonly secret: StoredSecret;
}

export function verified(instanceUrl: string, identity: ServerIdentity, secret: StoredSecret): VerifiedSignIn {
  return {
    account: { id: accountId(instanceUrl, identity.login), instanceUrl, username: identity.login, flavor: identity.flavor, version: identity.version },
    secret,
  };
}

/** The password path of a two-factor account: the code is spent on the token, the token is then checked. */
export async function signInWithOtp(instanceUrl: string, username: string, password: string, otp: string, log: vscode.LogOutputChannel, signal?: AbortSignal): Promise<VerifiedSignIn> {
  const token = await createAccessToken(instanceUrl, { kind: 'basic', username, password, otp }, log, signal);
  const identity = await checkCredentials(instanceUrl, { kind: 'token', token }, log, signal);
  return verified(instanceUrl, identity, { kind: 'token', token });
}

/** Password accounts: check the password, then (unless the user keeps the password) trade it for a token. */
export async function signInWithPassword(
  instanceUrl: string,
  username: string,
  password: string,
  keepPassword: boolean,
  log: vscode.LogOutputChannel,
  signal?: AbortSignal,
): Promise<VerifiedSignIn> {
  const identity = await checkCredentials(instanceUrl, { kind: 'basic', username, password }, log, signal);
  if (keepPassword) return verified(instanceUrl, identity, { kind: 'basic', password });
  return tradePasswordForToken(instanceUrl, identity, password, log, signal);
}

export async function tradePasswordForToken(instanceUrl: string, identity: ServerIdentity, password: string, log: vscode.LogOutputChannel, signal?: AbortSignal): Promise<VerifiedSignIn> {
  const token = await createAccessToken(instanceUrl, { kind: 'basic', username: identity.login, password }, log, signal);
  // The new token is checked once more: a server that disabled token auth would otherwise fail later.
  const checked = await checkCredentials(instanceUrl, { kind: 'token', token }, log, signal);
  return verified(instanceUrl, checked, { kind: 'token', token });
}

export async function signInWithToken(instanceUrl: string, token: string, log: vscode.LogOutputChannel, signal?: AbortSignal): Promise<VerifiedSignIn> {
  const identity = await checkCredentials(instanceUrl, { kind: 'token', token }, log, signal);
  return verified(instanceUrl, identity, { kind: 'token', token });
}

/**
 * True when the server refused the (correct) password because the account has a security key: Gitea answers
 * 401 "basic authorization is not allowed while WebAuthn enrolled", Forgejo "… while having security keys
 * enrolled". No one-time code helps; only an access token created in the browser does.
 */
export function refusesPasswordForSecurityKey(e: unknown): boolean {
  return isGiteaError(e) && e.kind === 'unauthorized' && /not allowed while (?:webauthn|having security keys?) enrolled/i.test(e.serverMessage ?? '');
}

/** True when a 401 after a password may mean "two-factor account, code needed" (real Gitea cannot tell). */
export function mayNeedOtp(e: unknown): boolean {
  if (refusesPasswordForSecurityKey(e)) return false;
  return isGiteaError(e) && (e.kind === 'otpRequired' || (e.kind === 'unauthorized' && (e.details.auth ?? 'basic') === 'basic'));
}

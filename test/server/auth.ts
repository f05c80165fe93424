// Authentication as Gitea's API does it: `Authorization: token X` / `Bearer X`, or Basic where the password
// is first tried as a token (an empty password or "x-oauth-basic" means the username is the token), then as
// the account password; two-factor accounts need a one-time X-Gitea-OTP code with the password, and accounts
// with a security key (WebAuthn) cannot use the password at all (services/auth/basic.go: that check comes
// after the password was found correct and before the one-time code).
import type { IncomingHttpHeaders } from 'node:http';
import { forbidden, unauthorized } from './errors';
import type { ServerState, TokenRec, UserRec } from './state';
import { verifyTotp } from './totp';

export interface AuthResult {
  user?: UserRec;
  token?: TokenRec;
  /** Basic auth with the account password (what `POST /users/{u}/tokens` requires). */
  basicPassword: boolean;
}

export const ANONYMOUS: AuthResult = { basicPassword: false };

function parseBasic(value: string): { username: string; password: string } | undefined {
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const idx = decoded.indexOf(':');
  if (idx < 0) return undefined;
  return { username: decoded.slice(0, idx), password: decoded.slice(idx + 1) };
}

function findToken(state: ServerState, value: string): TokenRec | undefined {
  return value ? state.tokens.find((t) => t.token === value) : undefined;
}

function checkPassword(state: ServerState, login: string, password: string): UserRec | undefined {
  const n = login.toLowerCase();
  const user = state.users.find((u) => u.login.toLowerCase() === n || u.email.toLowerCase() === n);
  return user && user.password === password ? user : undefined;
}

/** The 401 message for the password of an account with a security key (Gitea 1.27; Forgejo 11). */
export const WEBAUTHN_REFUSAL = {
  gitea: 'basic authorization is not allowed while WebAuthn enrolled',
  forgejo: 'Basic authorization is not allowed while having security keys enrolled',
} as const;

/** Throws 401 for credentials that do not authenticate; no header → anonymous. */
export function authenticateApi(state: ServerState, headers: IncomingHttpHeaders, flavor: 'gitea' | 'forgejo'): AuthResult {
  const header = headers.authorization;
  if (!header) return ANONYMOUS;
  const sp = header.indexOf(' ');
  const scheme = (sp < 0 ? header : header.slice(0, sp)).toLowerCase();
  const value = sp < 0 ? '' : header.slice(sp + 1).trim();
  if (scheme === 'token' || scheme === 'bearer') {
    const token = findToken(state, value);
    if (!token) return unauthorized();
    return { user: state.user(token.userId), token, basicPassword: false };
  }
  if (scheme !== 'basic') return ANONYMOUS;
  const creds = parseBasic(value);
  if (!creds) return unauthorized();
  const usernameIsToken = creds.password === '' || creds.password === 'x-oauth-basic';
  const token = findToken(state, usernameIsToken ? creds.username : creds.password);
  if (token) return { user: state.user(token.userId), token, basicPassword: false };
  const user = checkPassword(state, creds.username, creds.password);
  if (!user) return unauthorized();
  if (user.webAuthnEnrolled) return unauthorized(WEBAUTHN_REFUSAL[flavor]);
  if (user.totpSecret) {
    const otp = String(headers['x-gitea-otp'] ?? (flavor === 'forgejo' ? headers['x-forgejo-otp'] ?? '' : '')).trim();
    const counter = verifyTotp(user.totpSecret, otp);
    if (counter === undefined || user.usedOtpCounters.has(counter)) return unauthorized();
    user.usedOtpCounters.add(counter);
  }
  user.lastLogin = new Date();
  return { user, basicPassword: true };
}

export type GitAuth =
  | { kind: 'anonymous' }
  | { kind: 'user'; user: UserRec }
  | { kind: 'invalid' }
  | { kind: 'twoFactorPassword' };

/** Git over HTTP: like the API, but a two-factor account cannot use its password at all. */
export function authenticateGit(state: ServerState, header: string | undefined): GitAuth {
  if (!header) return { kind: 'anonymous' };
  const sp = header.indexOf(' ');
  const scheme = header.slice(0, sp).toLowerCase();
  const value = header.slice(sp + 1).trim();
  if (scheme === 'token' || scheme === 'bearer') {
    const token = findToken(state, value);
    const user = token && state.user(token.userId);
    return user ? { kind: 'user', user } : { kind: 'invalid' };
  }
  if (scheme !== 'basic') return { kind: 'anonymous' };
  const creds = parseBasic(value);
  if (!creds) return { kind: 'invalid' };
  const usernameIsToken = creds.password === '' || creds.password === 'x-oauth-basic';
  const token = findToken(state, usernameIsToken ? creds.username : creds.password);
  if (token) {
    const user = state.user(token.userId);
    return user ? { kind: 'user', user } : { kind: 'invalid' };
  }
  const user = checkPassword(state, creds.username, creds.password);
  if (!user || user.webAuthnEnrolled) return { kind: 'invalid' };
  if (user.totpSecret) return { kind: 'twoFactorPassword' };
  return { kind: 'user', user };
}

export type ScopeCategory =
  | 'activitypub'
  | 'admin'
  | 'misc'
  | 'notification'
  | 'organization'
  | 'package'
  | 'issue'
  | 'repository'
  | 'user';

export const SCOPE_CATEGORIES: ScopeCategory[] = [
  'activitypub', 'admin', 'misc', 'notification', 'organization', 'package', 'issue', 'repository', 'user',
];

function tokenHas(scopes: string[], needed: string): boolean {
  if (scopes.includes('all')) return true;
  if (scopes.includes(needed)) return true;
  const [level, category] = needed.split(':');
  return level === 'read' && scopes.includes(`write:${category}`);
}

/**
 * Gitea's tokenRequiresScopes: only requests authenticated by a token are checked; GET/HEAD need read:X,
 * anything else write:X, for every listed category.
 */
export function checkTokenScopes(auth: AuthResult, method: string, categories: ScopeCategory[]): void {
  if (!auth.token || categories.length === 0) return;
  const level = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  const required = categories.map((c) => `${level}:${c}`);
  if (required.every((r) => tokenHas(auth.token!.scopes, r))) return;
  forbidden(
    `token does not have at least one of required scope(s), required=[${required.join(' ')}], token scope=${auth.token.scopes.join(',')}`,
  );
}

export function isPublicOnly(auth: AuthResult): boolean {
  return auth.token?.scopes.includes('public-only') ?? false;
}

/** Normalises requested scopes; undefined when one is unknown. */
export function normalizeScopes(scopes: string[]): string[] | undefined {
  const out = new Set<string>();
  for (const raw of scopes.flatMap((s) => s.split(','))) {
    const s = raw.trim();
    if (!s) continue;
    if (s === 'all' || s === 'public-only') out.add(s);
    else {
      const [level, category] = s.split(':');
      if ((level !== 'read' && level !== 'write') || !SCOPE_CATEGORIES.includes(category as ScopeCategory)) return undefined;
      out.add(s);
    }
  }
  return [...out];
}

// Which signed-in account answers git's request for credentials. git names the remote as `scheme://host[:port]`
// (with the repository's path only when `credential.useHttpPath` is set); we answer only for an account whose
// instance has that very scheme, host and port, and, when a path is given, whose sub-path holds it (the path as
// written: plainPath); without a path, only an instance at the host's root (a sub-path instance needs useHttpPath for
// that host, see the README). Anything else
// (another host, http for an https instance, ssh) gets no answer, so that git goes on to its own helpers or prompt.
// Platform neutral (no vscode import): unit-tested.

export interface CredentialAccount {
  readonly id: string;
  readonly instanceUrl: string;
  readonly username: string;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    // expected: git's text or a stored URL that does not parse matches no account.
    return undefined;
  }
}

/**
 * The accounts whose instance `requestUrl` (what git asks for) is on: same scheme, host and port (default ports
 * as their absence); with a path, only the instances whose sub-path is a prefix of it, the longest such sub-path
 * winning; without one, only the instances at the host's root; with a user name in the URL, only that user's accounts.
 */
export function accountsForGitRequest<A extends CredentialAccount>(requestUrl: string, accounts: readonly A[]): A[] {
  const request = parse(requestUrl);
  if (!request || (request.protocol !== 'https:' && request.protocol !== 'http:') || !request.hostname) return [];
  const user = request.username ? safeDecode(request.username).toLowerCase() : undefined;
  const path = request.pathname;
  const onOrigin = accounts
    .map((account) => ({ account, instance: parse(account.instanceUrl) }))
    .filter(({ account, instance }) => instance && instance.protocol === request.protocol && instance.host === request.host && (!user || account.username.toLowerCase() === user));
  // Without a path (git's default, no credential.useHttpPath; the URL's path is then "/") git may be asking for any
  // repository of the host: only an instance at the host's root holds "/". A sub-path instance's token would reach
  // whatever else the host serves (https://host/~mallory/x.git), so it answers only for a path under its sub-path.
  // A sub-path instance also needs the path exactly as written (plainPath): the URL parser below reads `\`, `..`, `?`
  // and `#` otherwise than the host's server may, which would put a path under the sub-path here and elsewhere there.
  const plain = plainPath(requestUrl, path);
  const holding = onOrigin
    .map(({ account, instance }) => ({ account, root: instance!.pathname.endsWith('/') ? instance!.pathname : `${instance!.pathname}/` }))
    .filter(({ root }) => root === '/' || (plain && (path.startsWith(root) || `${path}/` === root)));
  const longest = Math.max(...holding.map(({ root }) => root.length));
  return holding.filter(({ root }) => root.length === longest).map(({ account }) => account);
}

/**
 * Whether the path of `url` as written (from the first `/` after the authority) is the
 * `pathname` the URL parser makes of it: no dot segment, backslash, query, fragment, escape or character it encodes.
 * git names the path to its askpass decoded, and the git extension decodes it again (vscode.Uri): the remotes
 * `https://host/~mallory/..%2fgitea/r.git` and `https://host/~mallory/x%5c..%5c..%5cgitea%5cr.git` reach us as
 * `/~mallory/../gitea/r.git` and `/~mallory/x\..\..\gitea\r.git`, which the URL parser reads as `/gitea/r.git`,
 * while git requests them as written and the host's server routes them under `/~mallory/`. A `?` or `#` decoded
 * from `%3F`, `%23` would cut the path here and not there. Gitea's owner and repository names hold none of these
 * characters: a request for one of its repositories is always plain.
 */
function plainPath(url: string, pathname: string): boolean {
  // The path as written starts at the first `/` after `scheme://` (a `\\`, `?` or `#` before it gives the parser
  // another pathname, so the two differ anyway).
  const start = url.indexOf('/', url.indexOf('://') + 3);
  // Stryker disable next-line EqualityOperator,ConditionalExpression: a `/` found is past `scheme://`, never at 0; without the check, none found compares url.slice(-1), one character, which only the pathname `/` could equal, and a URL ending in `/` has one
  if (start < 0) return false;
  return url.slice(start) === pathname && !pathname.includes('%');
}

/** Whether git asked without a path (`host` has none) for a host where a signed-in instance lives under a sub-path. */
export function subPathInstanceOn(host: { readonly scheme: string; readonly authority: string; readonly path: string }, accounts: readonly CredentialAccount[]): boolean {
  if (host.path !== '' && host.path !== '/') return false;
  const request = parse(`${host.scheme}://${host.authority.replace(/^.*@/, '')}/`);
  return accounts.some((account) => {
    const instance = parse(account.instanceUrl);
    return !!request && !!instance && instance.protocol === request.protocol && instance.host === request.host && instance.pathname !== '/';
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // expected: a malformed escape is compared as it is written.
    return text;
  }
}

/**
 * One account among the candidates: the only one; else the first of `preferredIds` (the workspace's repositories'
 * accounts, the active one first) that is a candidate; else, when they are all on one instance, the account the
 * user prefers there. Undefined when that still leaves a choice: git then asks the user as it would without us.
 */
export function pickAccount<A extends CredentialAccount>(
  candidates: readonly A[],
  preferredIds: readonly (string | undefined)[],
  preferredOnInstance: (instanceUrl: string) => string | undefined,
): A | undefined {
  if (candidates.length <= 1) return candidates[0];
  for (const id of preferredIds) {
    const found = id === undefined ? undefined : candidates.find((a) => a.id === id);
    if (found) return found;
  }
  const instances = new Set(candidates.map((a) => a.instanceUrl));
  if (instances.size !== 1) return undefined;
  const preferred = preferredOnInstance(candidates[0]!.instanceUrl);
  return candidates.find((a) => a.id === preferred);
}

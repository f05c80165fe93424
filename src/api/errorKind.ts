// Dependency-free error type of the client. Editor code may import this module by value (it is tiny and is
// bundled into both dist files); everything else in src/api is loaded lazily through src/apiLoader.ts.

export type GiteaErrorKind =
  | 'notFound' // 404
  | 'unauthorized' // 401: bad credentials or missing token
  | 'otpRequired' // 401 for a two-factor account without (or with a used) X-Gitea-OTP code
  | 'forbidden' // 403
  | 'scope' // 403: the token lacks a required scope
  | 'validation' // 422
  | 'badRequest' // 400
  | 'conflict' // 409: e.g. a repository with the same name exists
  | 'precondition' // 412: e.g. closing an issue with open dependencies
  | 'archived' // 423: the repository is archived
  | 'server' // 5xx or an unexpected status
  | 'network' // connection refused, DNS failure, reset
  | 'tls' // certificate problems
  | 'timeout' // no answer within the configured time
  | 'cancelled' // the caller aborted
  | 'malformed'; // the body does not fit the expected shape

const BRAND = Symbol.for('gitea-workbench.GiteaError');

export class GiteaError extends Error {
  readonly [BRAND] = true;
  override readonly name = 'GiteaError';
  constructor(
    readonly kind: GiteaErrorKind,
    /** A sentence a user can act on. Never contains a secret. */
    message: string,
    readonly details: {
      operation?: string;
      status?: number;
      /** The server's own `message`, as sent. */
      serverMessage?: string;
      /** For `malformed`: the path of the field that did not fit, e.g. `items[3].commit.id`.
       * For `validation`: the Go field name the server named, e.g. `Title` from "[Title]: Required". */
      field?: string;
      /** For `tls`: the node/undici error code, e.g. `SELF_SIGNED_CERT_IN_CHAIN`. */
      code?: string;
      /** How the failed request authenticated. A 401 with `basic` (no one-time code) may mean the account
       * uses two-factor authentication: the server does not say so, see `mayNeedOtp` in src/api/errors.ts. */
      auth?: 'none' | 'token' | 'basic' | 'basic+otp';
      /** For `scope`: the scopes the server asked for, e.g. `['write:issue']`. */
      requiredScopes?: string[];
      /** Set when a redirect left the instance's origin, so the credentials were not sent there. */
      redirectedTo?: string;
    } = {},
  ) {
    super(message);
  }
  get status(): number | undefined {
    return this.details.status;
  }
  get operation(): string | undefined {
    return this.details.operation;
  }
  get serverMessage(): string | undefined {
    return this.details.serverMessage;
  }
}

/** True for errors thrown by the client, also across the two bundles (no instanceof). */
export function isGiteaError(e: unknown): e is GiteaError {
  return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[BRAND] === true;
}

/**
 * Whether `e` is the server refusing the account's own stored credential: a 401 to a request that carried the token
 * or password. A 401 to a request sent without them says nothing of the credential and must not sign the account
 * out: a signed artifact link (Gitea answers an expired one 401 "Error link expired"), a redirect to another origin
 * (credentials are not sent there), a request made without any.
 */
export function refusesStoredCredential(e: unknown): boolean {
  return isGiteaError(e) && e.kind === 'unauthorized' && !e.details.redirectedTo && (e.details.auth === 'token' || e.details.auth === 'basic');
}

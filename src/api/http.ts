// The transport: one undici request per call (plus redirects, followed here so that credentials never leave
// the instance's origin), a per-request timeout, caller cancellation, a body size limit, and error mapping.
import { request, type Dispatcher } from './undici';
import { normalizeBaseUrl } from './baseUrl';
import { GiteaError, isGiteaError } from './errorKind';
import { errorFromResponse, errorFromTransport, type AuthScheme, type ErrorContext } from './errors';
import type { PagingLimits } from './paging';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ClientAuth = { kind: 'token'; token: string } | { kind: 'basic'; username: string; password: string; otp?: string };

export interface ClientLog {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface ClientOptions {
  /** Instance root, e.g. `https://host/git/` (sub-path, port, trailing slash all fine). */
  baseUrl: string;
  /**
   * A Basic client with an `otp` is good for one request (each code works once): use it to create an access
   * token. A fresh code can also be given per request with the `otp` request option.
   */
  auth?: ClientAuth;
  /** TLS / proxy agent from `createDispatcher` (agent.ts). */
  dispatcher?: Dispatcher;
  /** Per request; default 30000; 0 = none. Long-running operations (migration) default to none. */
  timeoutMs?: number;
  /** Largest accepted answer; default 50 MB. */
  maxBodyBytes?: number;
  log?: ClientLog;
  /**
   * The paging limits read in an earlier session (kept with the account): the first list request uses them at once
   * instead of waiting for GET /settings/api, which then runs beside it and replaces them for the next requests.
   * Anything but `{ defaultLimit, maxLimit }` of positive integers is ignored.
   */
  pagingLimits?: unknown;
  /** Told the limits each time they are read from the server (to keep them for the next session). */
  onPagingLimits?: (limits: PagingLimits) => void;
  /** Told every failed request's error (not cancellations) before it is thrown: the one place an account's client
   * sees a refused credential, whichever request met it. */
  onFailure?: (error: GiteaError) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this request (0 = none). */
  timeoutMs?: number;
  /** A one-time code for this request (Basic auth of a two-factor account). */
  otp?: string;
}

export interface HttpRequest {
  operation: string;
  method: HttpMethod;
  /** Relative to the API root, already encoded, starting with `/`. */
  path: string;
  query?: URLSearchParams;
  /** Sent as JSON when defined. */
  body?: unknown;
  longRunning?: boolean;
  /** Never send a one-time code (each works once; background requests such as /settings/api must not spend it). */
  withoutOtp?: boolean;
  /** A redirect leads to a self-authenticating (signed) URL: no credentials after one, whatever its origin. */
  signedRedirect?: boolean;
  /** Extra request headers (lower-case names), e.g. `range` for a ranged read. */
  headers?: Record<string, string>;
}

/** A `stream` answer: the caller reads `body` to its end or destroys it (an abort of the request's signal does). */
export interface ResponseStream {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Record<string, string>;
  /** From Content-Length, when the server sent one. */
  readonly contentLength?: number;
  readonly body: AsyncIterable<Uint8Array> & { destroy(error?: Error): void };
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Uint8Array;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BODY = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class Transport {
  readonly instanceUrl: string;
  readonly apiUrl: string;
  readonly origin: string;
  private readonly secrets: string[];

  constructor(private readonly options: ClientOptions) {
    ({ instanceUrl: this.instanceUrl, apiUrl: this.apiUrl, origin: this.origin } = normalizeBaseUrl(options.baseUrl));
    const a = options.auth;
    this.secrets =
      a?.kind === 'token'
        ? [a.token]
        : a
          ? // Stryker disable next-line StringLiteral,ArrayDeclaration: Buffer.from reads an empty encoding as utf8; an extra made-up secret no text contains changes nothing
            [a.password, Buffer.from(`${a.username}:${a.password}`, 'utf8').toString('base64'), ...(a.otp ? [a.otp] : [])]
          : // Stryker disable next-line ArrayDeclaration: an extra made-up secret no text contains changes nothing
            [];
  }

  private credentials(otp: string | undefined, withoutOtp: boolean): { headers: Record<string, string>; scheme: AuthScheme } {
    const a = this.options.auth;
    if (!a) return { headers: {}, scheme: 'none' };
    if (a.kind === 'token') return { headers: { authorization: `token ${a.token}` }, scheme: 'token' };
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${a.username}:${a.password}`, 'utf8').toString('base64')}`,
    };
    const code = withoutOtp ? undefined : (otp ?? a.otp);
    if (code) headers['x-gitea-otp'] = code;
    return { headers, scheme: code ? 'basic+otp' : 'basic' };
  }

  /** Sends a request; resolves for 2xx, throws a GiteaError for everything else. */
  send(req: HttpRequest, opts: RequestOptions = {}): Promise<HttpResponse> {
    return this.exchange(req, opts, false) as Promise<HttpResponse>;
  }

  /**
   * Like send, but a 2xx body is handed over unread (a download streamed to disk). The timeout covers the
   * wait for the headers; then it is the longest silence between two chunks. The caller's signal, until the
   * body ends, destroys it.
   */
  sendStream(req: HttpRequest, opts: RequestOptions = {}): Promise<ResponseStream> {
    return this.exchange(req, opts, true) as Promise<ResponseStream>;
  }

  private async exchange(req: HttpRequest, opts: RequestOptions, streaming: boolean): Promise<HttpResponse | ResponseStream> {
    const creds = this.credentials(opts.otp, req.withoutOtp === true);
    const ctx: ErrorContext = {
      operation: req.operation,
      auth: creds.scheme,
      origin: this.origin,
      // Stryker disable next-line ArrayDeclaration: an extra made-up secret no text contains changes nothing
      secrets: [...this.secrets, ...(opts.otp ? [opts.otp] : []), ...bodySecrets(req.body)],
    };
    const timeoutMs = opts.timeoutMs ?? (req.longRunning ? 0 : (this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    const signal = opts.signal;
    const started = Date.now();
    const qs = req.query?.toString();
    let url = new URL(this.apiUrl + req.path + (qs ? `?${qs}` : ''));
    const logPath = `${req.path}${qs ? `?${qs}` : ''}`;

    if (signal?.aborted) throw cancelled(req.operation);
    const abort = new AbortController();
    let timedOut = false;
    const timer = timeoutMs > 0 ? setTimeout(() => ((timedOut = true), abort.abort()), timeoutMs) : undefined;
    const onAbort = () => abort.abort();
    signal?.addEventListener('abort', onAbort, { once: true });

    let method: HttpMethod = req.method;
    let body = req.body === undefined ? undefined : JSON.stringify(req.body);
    let sendCredentials = true;
    let status: number;
    let logged = false;
    let handedOver = false;
    try {
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = {
          accept: 'application/json, text/plain;q=0.9, */*;q=0.8',
          'user-agent': 'gitea-workbench',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...req.headers,
          ...(sendCredentials ? creds.headers : {}),
        };
        // How this very request authenticated: a failure of one sent without credentials is not the credential's.
        ctx.auth = sendCredentials ? creds.scheme : 'none';
        const res = await request(url, {
          method,
          headers,
          body,
          signal: abort.signal,
          dispatcher: this.options.dispatcher,
          // undici's own timeouts (300 s) would cut long requests short; ours is the one that counts.
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        status = res.statusCode;
        const location = headerValue(res.headers, 'location');
        if (REDIRECTS.has(status) && location) {
          await res.body.dump();
          const next = new URL(location, url);
          if (hop >= MAX_REDIRECTS || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
            throw new GiteaError('server', `The server redirected too often (more than ${MAX_REDIRECTS} times). Check the instance URL.`, {
              operation: req.operation,
              status,
            });
          }
          if (sendCredentials && next.origin !== this.origin) {
            sendCredentials = false;
            ctx.redirectedTo = next.origin;
            this.options.log?.warn(`${req.operation}: redirected to ${next.origin}; credentials are not sent to another origin`);
          }
          if (req.signedRedirect) sendCredentials = false;
          if (req.signedRedirect) ctx.signedLink = true;
          // As browsers do: 303, and 301/302 after POST, continue as GET without a body.
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
          }
          url = next;
          continue;
        }
        const responseHeaders = flattenHeaders(res.headers);
        if (streaming && status >= 200 && status < 300) {
          this.options.log?.debug(`${req.method} ${logPath} ${status} ${Date.now() - started}ms (streamed)`);
          handedOver = true;
          clearTimeout(timer);
          res.body.once('close', () => signal?.removeEventListener('abort', onAbort));
          const length = Number(responseHeaders['content-length']);
          return { status, headers: responseHeaders, body: res.body, ...(Number.isFinite(length) && responseHeaders['content-length'] ? { contentLength: length } : {}) };
        }
        const bytes = await readBody(res.body, responseHeaders['content-length'], this.options.maxBodyBytes ?? DEFAULT_MAX_BODY, req.operation);
        this.options.log?.debug(`${req.method} ${logPath} ${status} ${Date.now() - started}ms`);
        logged = true;
        if (status >= 200 && status < 300) return { status, headers: responseHeaders, body: bytes };
        throw errorFromResponse(status, Buffer.from(bytes).toString('utf8'), responseHeaders['content-type'], ctx);
      }
    } catch (e) {
      const err = isGiteaError(e)
        ? e
        : timedOut
        ? new GiteaError('timeout', `The server did not answer within ${timeoutMs / 1000} s. Try again later, or raise the request timeout in the settings.`, {
            operation: req.operation,
          })
        : signal?.aborted
          ? cancelled(req.operation)
          : errorFromTransport(e, url, ctx);
      if (!logged) this.options.log?.debug(`${req.method} ${logPath} ${err.kind}${err.details.code ? ` ${err.details.code}` : ''} ${Date.now() - started}ms`);
      if (err.kind !== 'cancelled') this.options.onFailure?.(err);
      throw err;
    } finally {
      clearTimeout(timer);
      if (!handedOver) signal?.removeEventListener('abort', onAbort);
    }
  }
}

const SECRET_FIELD = /password|token|secret|authorization|access_key/i;

/**
 * String values of secret-looking body fields (migration credentials, a hook's authorization header and
 * signing secret, mirror credentials): a server that echoes the request must not get them into messages.
 */
// Stryker disable next-line ArrayDeclaration: the list starts empty; a made-up first entry nobody's text contains changes nothing.
function bodySecrets(body: unknown, out: string[] = [], depth = 0): string[] {
  // Stryker disable next-line ConditionalExpression: a string body has only index keys, never a secret's name; the depth bound only stops bodies nested deeper than any request's (JSON cannot send a cycle)
  if (!body || typeof body !== 'object' || depth > 3) return out;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'object') {
      // Stryker disable next-line ArithmeticOperator: the same depth bound
      bodySecrets(value, out, depth + 1);
      continue;
    }
    // Stryker disable next-line ConditionalExpression: a number or a switch under such a name is passed over by redact(), which takes text of 4+ characters only
    if (typeof value === 'string' && SECRET_FIELD.test(key) && value) {
      out.push(value);
      const credential = /^\S+\s+(\S{4,})$/.exec(value)?.[1]; // "Bearer xyz" → also "xyz"
      if (credential) out.push(credential);
    }
  }
  return out;
}

function cancelled(operation: string): GiteaError {
  return new GiteaError('cancelled', 'The request was cancelled.', { operation });
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

async function readBody(
  body: AsyncIterable<Buffer> & { destroy(): void },
  contentLength: string | undefined,
  limit: number,
  operation: string,
): Promise<Uint8Array> {
  const tooLarge = () =>
    new GiteaError('malformed', `The server's answer is larger than ${Math.round(limit / 1048576)} MB, more than this client accepts.`, {
      operation,
    });
  if (contentLength && Number(contentLength) > limit) {
    body.destroy();
    throw tooLarge();
  }
  // With its length known, the body is copied into place chunk by chunk as it arrives: joining the chunks at the end
  // copied a 20 MB job log in one go, tens of milliseconds of the extension host's event loop (#40).
  const expected = contentLength !== undefined && /^\d{1,15}$/.test(contentLength) ? Number(contentLength) : undefined;
  const whole = expected !== undefined && expected > 0 ? Buffer.allocUnsafe(expected) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  let filled = 0; // bytes copied into `whole`, from its start
  for await (const chunk of body) {
    if (size + chunk.length > limit) {
      body.destroy();
      throw tooLarge();
    }
    if (whole && filled === size && size + chunk.length <= whole.length) {
      chunk.copy(whole, size);
      filled += chunk.length;
    } else chunks.push(chunk);
    size += chunk.length;
  }
  if (!whole) return Buffer.concat(chunks, size);
  if (chunks.length === 0) return filled === whole.length ? whole : whole.subarray(0, filled);
  // More than its length said (a server's mistake): what came after is joined on.
  return Buffer.concat([whole.subarray(0, filled), ...chunks], size);
}

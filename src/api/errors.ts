// Turns HTTP answers and transport failures into GiteaErrors with a sentence a user can act on. The
// status → kind table follows test/fixtures/gitea-api/BEHAVIOR.md (which wins over the swagger).
import { GiteaError, isGiteaError, type GiteaErrorKind } from './errorKind';

export type AuthScheme = 'none' | 'token' | 'basic' | 'basic+otp';

export interface ErrorContext {
  operation: string;
  auth: AuthScheme;
  /** The instance origin the credentials belong to, for messages. */
  origin: string;
  /** Origin a redirect went to, when the credentials were dropped because of it. */
  redirectedTo?: string;
  /** Set once a signed redirect (an artifact's download link) was followed: sent without credentials. */
  signedLink?: boolean;
  /** Secrets that must never appear in a message (token, password, OTP). */
  secrets: readonly string[];
}

/**
 * Whether a failed sign-in may only need a one-time code. Gitea answers a Basic request of a two-factor account
 * without (or with a wrong) `X-Gitea-OTP` code with the same 401 as for a wrong password, so the client cannot
 * tell the two apart. The sign-in flow should, when this is true, ask for a one-time code and retry with it
 * (`{ otp }` request option); a second 401 then means a wrong password or code.
 */
export function mayNeedOtp(e: unknown): boolean {
  return isGiteaError(e) && (e.kind === 'otpRequired' || (e.kind === 'unauthorized' && e.details.auth === 'basic'));
}

interface ParsedBody {
  message?: string;
  html: boolean;
}

const MAX_MESSAGE = 300;
/** What of an error body is read for its message: a JSON error is far shorter, a proxy's page has its title near
 * the top. The rest (bodies are read up to 50 MB) is never parsed. */
export const MAX_ERROR_BODY_PARSED = 64 * 1024;

/**
 * Reads `{message, url, errors?}`, an empty body, plain text or an HTML page (reverse proxies). The message is
 * redacted (`secrets`, URL passwords) before it is clipped: clipped first, a secret or `user:password@` cut at the
 * limit would keep its beginning, which the redaction no longer recognises.
 */
export function parseErrorBody(text: string, contentType: string | undefined, secrets: readonly string[]): ParsedBody {
  const trimmed = text.slice(0, MAX_ERROR_BODY_PARSED).trim();
  if (!trimmed) return { html: false };
  if (/text\/html/i.test(String(contentType)) || /^<(?:!doctype|html|head|body)/i.test(trimmed)) {
    const lower = trimmed.replace(/[A-Z]/g, (letter) => letter.toLowerCase()); // ASCII only: same length
    const title = elementText(trimmed, lower, 'title') ?? elementText(trimmed, lower, 'h1');
    return { html: true, message: title ? clip(redact(title, secrets).replace(/\s+/g, ' ').trim()) : undefined };
  }
  try {
    const json = JSON.parse(trimmed) as unknown;
    // `?.` for a JSON null; a number's or a string's `.message` is undefined.
    if (typeof (json as { message?: unknown } | null)?.message === 'string') {
      return { html: false, message: clip(redact((json as { message: string }).message, secrets)) };
    }
    return { html: false };
  } catch {
    // expected: an error body that is not JSON is shown as the text it is.
    return { html: false, message: clip(redact(trimmed, secrets)) };
  }
}

/**
 * The text of the first `<tag…>text</tag>` whose text holds no `<` (what `/<tag[^>]*>([^<]*)<\/tag>/i` finds), in one
 * pass: that pattern rescans to the next `>` from every `<tag`, quadratic on a page of `<title` repeated. Every
 * `<tag` before the `>` a try found shares that `>` and what follows it, so the next try starts after it.
 * `lower` is `html` with its ASCII letters lower-cased (the same length, so its indexes are `html`'s).
 */
function elementText(html: string, lower: string, tag: string): string | undefined {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  for (let at = lower.indexOf(open); at >= 0; ) {
    const gt = lower.indexOf('>', at + open.length);
    if (gt < 0) return undefined;
    const lt = lower.indexOf('<', gt + 1);
    if (lt < 0) return undefined;
    if (lower.startsWith(close, lt)) return html.slice(gt + 1, lt);
    at = lower.indexOf(open, gt + 1);
  }
  return undefined;
}

function clip(s: string): string {
  return s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE)}…` : s;
}

/** Removes known secrets and `user:password@` parts of URLs from a text. */
export function redact(text: string, secrets: readonly string[]): string {
  // A scheme is tried from the start of its run of scheme characters only (the lookbehind), which keeps the scan
  // linear; the run's leading digits or signs stay in the kept group, as they stayed before the match.
  let out = text.replace(/(?<![a-z0-9+.-])([0-9+.-]*[a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1');
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  return out;
}

function said(serverMessage: string | undefined): string {
  return serverMessage ? ` The server said: "${serverMessage}".` : '';
}

function unauthorizedSentence(ctx: ErrorContext): string {
  if (ctx.redirectedTo) {
    return (
      `The server redirected the request to ${ctx.redirectedTo}, another address than ${ctx.origin}, so the ` +
      `credentials were not sent there. If that is the instance's real address, use it as the instance URL.`
    );
  }
  if (ctx.signedLink && ctx.auth === 'none') {
    return 'The server refused the signed download link it gave (it may have expired). The account is still signed in: try the download again.';
  }
  switch (ctx.auth) {
    case 'token':
      return 'The access token was refused: it may have been revoked, have expired or been mistyped. Sign in again with a valid token.';
    case 'basic':
      return (
        'The username or password was refused. If the account uses two-factor authentication, enter a one-time ' +
        'code from your authenticator app, or sign in with an access token.'
      );
    case 'basic+otp':
      return 'The username, password or one-time code was refused. Each code works only once: wait for the next code and try again.';
    default:
      return 'You need to be signed in for this. Sign in to the instance and try again.';
  }
}

/** Maps a non-2xx answer to a GiteaError. */
export function errorFromResponse(status: number, bodyText: string, contentType: string | undefined, ctx: ErrorContext): GiteaError {
  const parsed = parseErrorBody(bodyText, contentType, ctx.secrets);
  const serverMessage = parsed.message;
  const msg = serverMessage ?? '';
  const base = { operation: ctx.operation, status, serverMessage, auth: ctx.auth, redirectedTo: ctx.redirectedTo };
  const make = (kind: GiteaErrorKind, sentence: string, extra: Partial<GiteaError['details']> = {}) =>
    new GiteaError(kind, sentence + said(serverMessage), { ...base, ...extra });

  if (parsed.html && status !== 401 && status < 500) {
    return make(
      status === 404 ? 'notFound' : status === 403 ? 'forbidden' : 'server',
      `The server answered ${status} with a web page instead of an API answer. Check the instance URL (including a ` +
        'sub-path such as https://host/git/) and whether a proxy or login page sits in front of the server.',
    );
  }
  switch (status) {
    case 400:
      return make('badRequest', 'The server could not use the request; check the values you entered.');
    case 401:
      if (/\botp\b|one-time|two-factor|2fa/i.test(msg)) {
        return make('otpRequired', 'This account uses two-factor authentication: enter the current one-time code from your authenticator app.');
      }
      return make('unauthorized', unauthorizedSentence(ctx));
    case 403: {
      const scope = /token does not have at least one of required scope\(s\)(?:[^[]*\[([^\]]*)\])?/i.exec(msg);
      if (scope) {
        const requiredScopes = (scope[1] ?? '').split(/[\s,]+/).filter(Boolean);
        const which = requiredScopes.length ? `the scope ${requiredScopes.join(' or ')}` : 'a scope';
        return make(
          'scope',
          `The access token lacks ${which} needed for this. Create a token with that scope and sign in again with it.`,
          { requiredScopes },
        );
      }
      return make('forbidden', 'Your account is not allowed to do this here. Ask an owner or administrator for access.');
    }
    case 404:
      return make(
        'notFound',
        'Not found: it does not exist, or this account cannot see it (the server answers "not found" for private items too).',
      );
    case 409:
      return make('conflict', 'This conflicts with something that already exists, such as a repository with the same name or a release for the same tag.');
    case 412:
      return make('precondition', 'A precondition failed, for example the issue still has open dependencies. Resolve them first.');
    case 422: {
      const field = /^\[(\w+)\]:/.exec(msg)?.[1];
      const sentence = field
        ? `The server rejected the value of the field ${field}; correct it and try again.`
        : 'The server rejected the input; correct it and try again.';
      return make('validation', sentence, field ? { field } : {});
    }
    case 423:
      return make('archived', 'The repository is archived, so it cannot be changed. Unarchive it in its settings first.');
    case 429:
      return make('server', 'The server is limiting the number of requests. Wait a moment and try again.');
  }
  if (status >= 500) {
    if (parsed.html || status === 502 || status === 503 || status === 504) {
      return make('server', `The server, or a proxy in front of it, is unavailable (HTTP ${status}). Try again later.`);
    }
    if (!msg) {
      return make(
        'server',
        `The server failed with an internal error (HTTP ${status}) and did not say why: Gitea shows the reason only to ` +
          'site administrators. The administrator can find it in the server log.',
      );
    }
    return make('server', `The server failed with an internal error (HTTP ${status}).`);
  }
  return make('server', `The server gave an unexpected answer (HTTP ${status}); this server version may not support the operation.`);
}

const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UND_ERR_PRX_TLS',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function isTlsCode(code: string): boolean {
  return TLS_CODES.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_');
}

/** The first interesting error code in an error, its causes and (for AggregateError) its parts. */
function findCode(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 5) return undefined;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (isTlsCode(code) || NETWORK_CODES.has(code) || code.startsWith('HPE_'))) return code;
  for (const inner of [(e as { cause?: unknown }).cause, ...((e as { errors?: unknown[] }).errors ?? [])]) {
    const c = findCode(inner, depth + 1);
    if (c) return c;
  }
  return typeof code === 'string' ? code : undefined;
}

function tlsSentence(code: string, host: string): string {
  switch (code) {
    case 'CERT_HAS_EXPIRED':
      return `The certificate of ${host} has expired. Ask the administrator to renew it.`;
    case 'CERT_NOT_YET_VALID':
      return `The certificate of ${host} is not valid yet. Check your computer's clock.`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `The certificate of ${host} was issued for another host name. Use the host name the certificate names in the instance URL.`;
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return `${host} does not speak HTTPS on this port. If the server uses plain HTTP, use an http:// instance URL.`;
    default:
      return (
        `The certificate of ${host} is not trusted (self-signed or issued by an unknown authority). Add your ` +
        "organisation's CA certificate in the extension's settings, or, only on a network you trust, turn off certificate verification."
      );
  }
}

/** Maps an exception from undici/node (no HTTP answer) to a GiteaError. */
export function errorFromTransport(e: unknown, url: URL, ctx: ErrorContext): GiteaError {
  if (isGiteaError(e)) return e;
  const code = findCode(e) ?? '';
  const host = url.host;
  const base = { operation: ctx.operation, code: code || undefined, auth: ctx.auth };
  if (isTlsCode(code) || /certificate/i.test(String((e as Error)?.message))) {
    return new GiteaError('tls', `${tlsSentence(code, host)} (${code || 'TLS error'})`, base);
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new GiteaError('timeout', `${host} did not answer in time. Try again later, or raise the request timeout.`, base);
  }
  let sentence: string;
  switch (code) {
    case 'ECONNREFUSED':
      sentence = `Could not connect to ${host}: the connection was refused. Check the instance URL (port) and that the server is running.`;
      break;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      sentence = `The host name ${url.hostname} could not be resolved. Check the instance URL and your network or VPN.`;
      break;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      sentence = `Could not connect to ${host} (the connection timed out). Check your network, VPN or proxy settings.`;
      break;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      sentence = `${host} cannot be reached from this network. Check your network, VPN or proxy settings.`;
      break;
    default:
      sentence = code.startsWith('HPE_')
        ? `${host} did not answer with valid HTTP. If the server uses HTTPS, use an https:// instance URL.`
        : `The connection to ${host} failed${code ? '' : ` (${redact(String((e as Error)?.message ?? e), ctx.secrets)})`}. Try again; if it keeps happening, check proxies and firewalls.`;
  }
  return new GiteaError('network', code ? `${sentence} (${code})` : sentence, base);
}

// Replays the exchanges recorded from a real Gitea (test/fixtures/gitea-api/recordings/, see its README.md) to the
// client: reads the recording, finds the client operation a recorded request belongs to, derives the method's
// parameters from the recorded URL and body, and builds the reply the local server sends back.
import { readFileSync } from 'node:fs';
import { operations, type Operations } from '../../../src/api';
import type { Operation } from '../../../src/api/ops/op';
import type { StubReply } from './stub';

/** One line of a recordings file. */
export interface Exchange {
  /** 1-based line number in the file. */
  line: number;
  operationId: string;
  pathTemplate: string;
  method: string;
  /** Path and query as sent, under `/api/v1`. */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: unknown;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody?: unknown;
}

export type OperationName = keyof Operations;

/** The instance URL the recorder wrote in place of the real one (README.md). */
export const RECORDED_INSTANCE = 'http://gitea.test:3000/';
const API_PREFIX = '/api/v1';
/** Hop-by-hop and framing headers: the local server frames its own answer. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer', 'te']);



/** Every non-empty line, parsed; a line that is not JSON comes back as its parse error, to fail its own test. */
export function readRecordings(file: string): (Exchange | { line: number; error: string })[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => text.trim() !== '')
    .map(({ text, line }) => {
      try {
        return { ...(JSON.parse(text) as Omit<Exchange, 'line'>), line };
      } catch (e) {
        return { line, error: `line ${line} is not JSON: ${(e as Error).message}` };
      }
    });
}

export function recordedPath(ex: Exchange): string {
  return ex.url.split('?')[0]!;
}

export function recordedQuery(ex: Exchange): URLSearchParams {
  return new URL(ex.url, RECORDED_INSTANCE).searchParams;
}

interface Route {
  name: OperationName;
  operation: Operation;
  pattern: RegExp;
  names: string[];
  /** Characters outside `{…}`: the more, the more specific (a router tries static parts first). */
  literal: number;
}

const routes: Route[] = Object.entries(operations).map(([name, op]) => {
  const operation = op as Operation;
  const names: string[] = [];
  const source = operation.path
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const param = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param);
      return operation.slashParams?.includes(param) ? '(.+)' : '([^/]+)';
    })
    .join('');
  return { name: name as OperationName, operation, pattern: new RegExp(`^${source}$`), names, literal: operation.path.replace(/\{[^{}]+\}/g, '').length };
});

export interface Resolved {
  name: OperationName;
  operation: Operation;
  /** Path parameters, decoded. */
  pathParams: Record<string, string>;
}

/**
 * The client operation that serves the recorded request: the most specific path template of the recorded method
 * that matches the recorded path. Usually the recorded operationId; the recorder labelled `GET …/pulls/2.diff`
 * with `/pulls/{index}`, which Gitea routes to `/pulls/{index}.{diffType}` (the answer is the diff text).
 */
export function resolveOperation(ex: Exchange): Resolved | undefined {
  const path = recordedPath(ex);
  if (!path.startsWith(`${API_PREFIX}/`)) return undefined;
  const apiPath = path.slice(API_PREFIX.length);
  let best: { route: Route; match: RegExpExecArray } | undefined;
  for (const route of routes) {
    if (route.operation.method !== ex.method) continue;
    const match = route.pattern.exec(apiPath);
    if (match && (!best || route.literal > best.route.literal)) best = { route, match };
  }
  if (!best) return undefined;
  const pathParams: Record<string, string> = {};
  best.route.names.forEach((n, i) => (pathParams[n] = decodeURIComponent(best.match[i + 1]!)));
  return { name: best.route.name, operation: best.route.operation, pathParams };
}

/** A URL text as the typed value a caller passes: integers and booleans as such (the client sends String(v)). */
function typed(v: string): string | number | boolean {
  if (/^(?:0|[1-9]\d{0,14})$/.test(v)) return Number(v);
  if (v === 'true' || v === 'false') return v === 'true';
  return v;
}

/**
 * The method's parameters: path parameters, every recorded query parameter (a repeated one as an array) and the
 * recorded body under `body`. Query names the operation does not declare come back in `unknownQuery`.
 */
export function paramsFor(ex: Exchange, resolved: Resolved): { params: Record<string, unknown>; unknownQuery: string[] } {
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(resolved.pathParams)) params[k] = typed(v);
  const query = recordedQuery(ex);
  const unknownQuery: string[] = [];
  for (const key of new Set(query.keys())) {
    if (!resolved.operation.query.includes(key)) unknownQuery.push(key);
    const values = query.getAll(key).map(typed);
    params[key] = values.length > 1 ? values : values[0];
  }
  if (ex.requestBody !== undefined) params.body = ex.requestBody;
  return { params, unknownQuery };
}

/** Recorded headers minus framing ones; `Link` points at the local server instead of the recorded instance. */
export function replyHeaders(ex: Exchange, localInstanceUrl: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(ex.responseHeaders)) {
    const lower = name.toLowerCase();
    if (FRAMING_HEADERS.has(lower)) continue;
    out[lower] = lower === 'link' ? value.split(RECORDED_INSTANCE).join(localInstanceUrl) : value;
  }
  return out;
}

/** The recorded answer: JSON bodies as JSON text, text bodies as recorded, no body for an empty one. */
export function replyFor(ex: Exchange, localInstanceUrl: string): StubReply {
  const b = ex.responseBody;
  const body = b === undefined ? '' : typeof b === 'string' ? b : JSON.stringify(b);
  return { status: ex.status, headers: replyHeaders(ex, localInstanceUrl), body };
}

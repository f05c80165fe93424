// startTestServer(): a Gitea-compatible HTTP(S) server for tests, demos and benchmarks. In-memory state
// seeded from FIXTURES, real git repositories (smart HTTP via git http-backend) in a temp directory,
// optional URL sub-path, Gitea 1.27 or Forgejo 11 flavour. Every request is recorded in `requests`.
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApiRouter, handleApi } from './api';
import { InvalidJsonBody } from './binding';
import type { ServerContext } from './context';
import { FIXTURES } from './fixtures';
import { GitStore } from './git';
import { handleGitHttp, isGitRequest } from './gitHttp';
import { syncPullHeadRefs } from './pullRefs';
import { recordPush } from './pushEvents';
import { buildState } from './seed/index';
import { materializeRepositories, type SeedName } from './seed/repositories';
import type { ServerState } from './state';
import { handleWeb } from './web';

export { FIXTURES, sshEd25519PublicKey } from './fixtures';
export { totp } from './totp';
export { appendJobLog, finishJob, logTime } from './jobLogs';
export type { ServerState } from './state';

export interface StartTestServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Instance under a URL sub-path, e.g. '/git' (like ROOT_URL=https://host/git/). */
  subPath?: string;
  flavor?: 'gitea' | 'forgejo';
  /** Overrides the version answered by GET /version. */
  version?: string;
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** 'recorded': the story of the instance test/fixtures/gitea-api/recordings/ was recorded on (seed/recordedState.ts). */
  seed?: SeedName;
  /** Receives one line with the startup timings (default: stderr for the big seed, silent otherwise). */
  log?: (line: string) => void;
  /** Keep only the newest N recorded requests (long-running servers); default: all. */
  maxRecordedRequests?: number;
  /** With a subPath: the host's other paths are another application that asks for Basic credentials (401 with
   * WWW-Authenticate, as a shared web server's protected folder), not 404. Their requests are recorded as 'web'. */
  otherApplicationOutside?: boolean;
}

/** A failure the server answers once instead of the real answer (a 502 of a proxy, a 429, …), for a test. */
export interface InjectedFailure {
  /** Which request fails: the first one this accepts (then the failure is used up). */
  readonly match: (request: RecordedRequest) => boolean;
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
}

export interface RecordedRequest {
  kind: 'api' | 'git' | 'web';
  method: string;
  /** The request target as received (sub-path included). */
  url: string;
  /** Path relative to the instance root (sub-path removed), starting with '/'. */
  path: string;
  /** Path relative to /api/v1 for API requests (e.g. '/repos/alice/demo'). */
  apiPath?: string;
  query: Record<string, string | string[]>;
  /** Lower-case names; Authorization kept exactly as sent. */
  headers: Record<string, string>;
  /** Parsed JSON body (or the raw text when it is not JSON); undefined when empty or for git traffic. */
  body?: unknown;
  status?: number;
  time: number;
}

export interface TestServer {
  /** Instance root with trailing slash, e.g. http://127.0.0.1:PORT/git/. */
  url: string;
  /** `<url>api/v1`. */
  apiUrl: string;
  port: number;
  flavor: 'gitea' | 'forgejo';
  version: string;
  requests: RecordedRequest[];
  fixtures: typeof FIXTURES;
  /** The live in-memory state (replaced by reset()). */
  readonly state: ServerState;
  /** The git repositories of the current state. */
  readonly git: GitStore;
  timings: { totalMs: number; templateMs: number; stateMs: number };
  /** Answers the first request `failure.match` accepts with its status and body, once (recorded with that status). */
  failOnce(failure: InjectedFailure): void;
  /** Fresh seed (state and repositories) and an empty request log, on the same port. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Temp directories of servers not closed yet, removed when the process exits. */
const openDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of openDirs) rmSync(dir, { recursive: true, force: true });
});

function normalizeSubPath(p: string | undefined): string {
  if (!p) return '';
  const trimmed = p.replace(/^\/+|(?<!\/)\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{"]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text);
  } catch (err) {
    // Phrase it like Go's encoding/json, which is what Gitea answers.
    const pos = /position (\d+)/.exec((err as Error).message);
    const ch = pos ? text[Number(pos[1])] : undefined;
    return new InvalidJsonBody(ch === undefined ? 'unexpected end of JSON input' : `invalid character '${ch}' looking for beginning of value`);
  }
}

function recordQuery(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

export async function startTestServer(options: StartTestServerOptions = {}): Promise<TestServer> {
  const started = Date.now();
  const flavor = options.flavor ?? 'gitea';
  const version = options.version ?? (flavor === 'forgejo' ? '11.0.1+gitea-1.22.0' : '1.27.0');
  const seed = options.seed ?? 'default';
  const subPath = normalizeSubPath(options.subPath);
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (seed === 'big' ? (line: string) => process.stderr.write(`${line}\n`) : undefined);
  const tmp = await mkdtemp(join(tmpdir(), 'gitea-test-server-'));
  openDirs.add(tmp);
  const home = join(tmp, 'home');
  await mkdir(home, { recursive: true });

  let generation = 0;
  const timings = { totalMs: 0, templateMs: 0, stateMs: 0 };
  const load = async (): Promise<{ git: GitStore; state: ServerState }> => {
    const root = join(tmp, `repos-${++generation}`);
    const shas = await materializeRepositories(seed, root);
    timings.templateMs = shas.templateMillis;
    const t = Date.now();
    const state = buildState(shas);
    const git = new GitStore(root, home);
    await syncPullHeadRefs(state, git);
    timings.stateMs = Date.now() - t;
    return { git, state };
  };
  let current = await load();
  const requests: RecordedRequest[] = [];
  const router = buildApiRouter();
  let server: ServerContext | undefined;
  const failures: InjectedFailure[] = [];

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    const record: RecordedRequest = {
      kind: 'web', method: req.method ?? 'GET', url: req.url ?? '/', path: url.pathname, query: recordQuery(url.searchParams), headers, time: Date.now(),
    };
    requests.push(record);
    if (options.maxRecordedRequests !== undefined && requests.length > options.maxRecordedRequests) {
      requests.splice(0, requests.length - options.maxRecordedRequests);
    }
    res.on('finish', () => (record.status = res.statusCode));
    try {
      if (!server) throw new Error('server not ready');
      const inside = subPath === '' || url.pathname === subPath || url.pathname.startsWith(`${subPath}/`);
      if (!inside) {
        req.resume();
        if (options.otherApplicationOutside) {
          res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Basic realm="another application"' });
          res.end('401 Unauthorized\n');
          return;
        }
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('404 page not found\n');
        return;
      }
      const rel = url.pathname.slice(subPath.length) || '/';
      record.path = rel;
      if (rel === '/api/v1' || rel.startsWith('/api/v1/')) {
        record.kind = 'api';
        record.apiPath = rel.slice('/api/v1'.length) || '/';
      }
      const failure = isGitRequest(rel) ? -1 : failures.findIndex((f) => f.match(record));
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        // Recorded with what was sent, as any request.
        record.body = parseBody(await readBody(req), req.headers['content-type']);
        res.writeHead(f!.status, { 'Content-Type': f!.contentType ?? 'application/json' });
        res.end(f!.body);
        return;
      }
      if (isGitRequest(rel)) {
        record.kind = 'git';
        const { state, git } = current;
        await handleGitHttp(
          { state, git, flavor, onPush: async (repo, pusher, before) => {
            await recordPush(state, git, repo, pusher, before);
            await syncPullHeadRefs(state, git, [repo]);
          } },
          rel, url.search.slice(1), req, res,
        );
        return;
      }
      const raw = await readBody(req);
      const body = parseBody(raw, req.headers['content-type']);
      record.body = body instanceof InvalidJsonBody ? raw.toString('utf8') : body;
      if (rel === '/api/v1' || rel.startsWith('/api/v1/')) {
        record.kind = 'api';
        record.apiPath = rel.slice('/api/v1'.length) || '/';
        await handleApi(server, router, req, res, rel, record.apiPath, url.searchParams, body, raw);
        return;
      }
      handleWeb(server, req, res, rel);
    } catch (err) {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`test server error: ${(err as Error).message}\n`);
      } else res.end();
    }
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => void handler(req, res);
  const http: Server = options.tls ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, onRequest) : createHttpServer(onRequest);
  http.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const rootUrl = `${options.tls ? 'https' : 'http'}://${hostPart}:${port}${subPath}/`;
  server = {
    get state() {
      return current.state;
    },
    get git() {
      return current.git;
    },
    flavor,
    version,
    rootUrl,
    apiUrl: `${rootUrl}api/v1`,
    swaggerUrl: `${rootUrl}api/swagger`,
  };
  timings.totalMs = Date.now() - started;
  log?.(`gitea test server (${seed} seed) ready in ${timings.totalMs} ms (repositories ${timings.templateMs} ms, state ${timings.stateMs} ms)`);

  let closed = false;
  return {
    url: rootUrl,
    apiUrl: `${rootUrl}api/v1`,
    port,
    flavor,
    version,
    requests,
    fixtures: FIXTURES,
    get state() {
      return current.state;
    },
    get git() {
      return current.git;
    },
    timings,
    failOnce(failure) {
      failures.push(failure);
    },
    async reset() {
      failures.length = 0;
      const previous = current.git.root;
      current = await load();
      requests.length = 0;
      await rm(previous, { recursive: true, force: true });
    },
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      await rm(tmp, { recursive: true, force: true });
      openDirs.delete(tmp);
    },
  };
}

// A local HTTP server that answers one operation at a time with a body from SwaggerFuzzer, the way a Gitea of
// another version or a fork might: paging headers sometimes there and sometimes not, a `null` body for an
// empty list (real Gitea does that for branches). It checks that the client called the right route.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prng, SwaggerFuzzer, type FuzzOptions, type Generated } from './swaggerFuzz';
import { loadSubset, type SubsetOperation } from './swaggerSubset';

export interface FuzzExchange {
  operationId: string;
  seed: number;
  method: string;
  url: string;
  status: number;
  /** The body as generated (undefined when the server sent none). */
  generated: Generated | undefined;
  bodyText: string;
}

export interface FuzzServer {
  /** Instance root with trailing slash (the API is under `api/v1/`). */
  readonly url: string;
  /** Answer the next requests for `operationId` with the instance generated from `seed`. */
  arm(operationId: string, seed: number, options?: FuzzOptions & { nullBody?: boolean }): void;
  /** Every request since the last `arm`. */
  readonly exchanges: FuzzExchange[];
  /** Requests that did not match the armed operation's method and path (a client bug). */
  readonly strays: string[];
  close(): Promise<void>;
}

function templateRegex(op: SubsetOperation): RegExp {
  const escaped = op.path.replace(/[.*+?^$()|\\]/g, '\\$&').replace(/\{[^{}]+\}/g, '[^/]+');
  return new RegExp(`^/api/v1${escaped}$`);
}

export async function startFuzzServer(options: { subPath?: string } = {}): Promise<FuzzServer> {
  const subset = loadSubset();
  const prefix = (options.subPath ?? '').replace(/\/$/, '');
  let armed: { id: string; op: SubsetOperation; seed: number; re: RegExp; options: FuzzOptions & { nullBody?: boolean } } | undefined;
  const exchanges: FuzzExchange[] = [];
  const strays: string[] = [];

  const answer = (req: IncomingMessage): { status: number; headers: Record<string, string>; body: string; gen?: Generated } => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
    // What a client may read before the operation itself (server version, paging defaults) answers normally
    // unless it is the operation under test.
    if (path === '/api/v1/version' && armed?.id !== 'getVersion') {
      return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"version":"1.27.0"}' };
    }
    if (path === '/api/v1/settings/api' && armed?.id !== 'getGeneralAPISettings') {
      const settings = { max_response_items: 50, default_paging_num: 30, default_git_trees_per_page: 1000, default_max_blob_size: 10485760, default_max_response_size: 104857600 };
      return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(settings) };
    }
    if (!armed || req.method !== armed.op.method || !armed.re.test(path)) {
      strays.push(`${req.method} ${req.url} (armed: ${armed ? `${armed.op.method} ${armed.op.path}` : 'nothing'})`);
      return { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"not found"}' };
    }
    const { op, seed, options: fuzz } = armed;
    const rnd = prng(seed ^ 0x5bd1e995);
    const headers: Record<string, string> = { 'content-type': 'application/json;charset=utf-8' };
    if (op.schema === null) return { status: op.status, headers, body: '' };
    const isList = op.schema.type === 'array';
    // Empty lists: Gitea answers `null` for the branches of an empty repository.
    if (isList && (fuzz.nullBody ?? true) && rnd() < 0.05) return { status: op.status, headers: { ...headers, 'x-total-count': '0' }, body: 'null' };
    const gen = new SwaggerFuzzer(seed, fuzz).response(armed.id);
    if (isList) {
      const n = (gen.value as unknown[]).length;
      const page = Number(url.searchParams.get('page') ?? '1') || 1;
      if (rnd() < 0.6) headers['x-total-count'] = String(rnd() < 0.5 ? n : n + 50);
      if (rnd() < 0.3) headers.link = `<${url.origin}${prefix}${path}?page=${page + 1}>; rel="next"`;
      if (rnd() < 0.2) headers['x-hasmore'] = rnd() < 0.5 ? 'true' : 'false';
    }
    return { status: op.status, headers, body: JSON.stringify(gen.value), gen };
  };

  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const a = answer(req);
      if (armed && a.status !== 404) {
        exchanges.push({ operationId: armed.id, seed: armed.seed, method: req.method ?? '', url: req.url ?? '', status: a.status, generated: a.gen, bodyText: a.body });
      }
      res.writeHead(a.status, a.headers);
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}/`,
    exchanges,
    strays,
    arm(operationId, seed, options = {}) {
      const op = subset.operations[operationId];
      if (!op) throw new Error(`operation ${operationId} is not in swagger-subset.json`);
      armed = { id: operationId, op, seed, re: templateRegex(op), options };
      exchanges.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

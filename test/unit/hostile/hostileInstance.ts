// A Gitea instance for in-host tests of the views that signs in normally (version, user, settings and the
// repository itself always answer well) and serves every other API route according to a switchable mode:
// 'ok' (complete swagger instances), 'fuzz' (fields randomly absent/null, unknown fields added) or one of the
// broken-server modes. Plain node, so the extension-host tests can start it in their own process.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BROKEN_MODES, serveBroken, type BrokenMode } from './brokenServer';
import { SwaggerFuzzer } from './swaggerFuzz';
import { loadSubset } from './swaggerSubset';

/** 'echo': reads answer as in 'ok'; writes fail with 422 quoting the request's Authorization header and body, the
 * way a careless proxy or an old server might — for the no-secret checks. */
export type InstanceMode = 'ok' | 'fuzz' | 'echo' | BrokenMode;
export const HOSTILE_OWNER = 'alice';
export const HOSTILE_REPO = 'hostile';

export interface HostileInstance {
  /** Instance root with trailing slash. */
  readonly url: string;
  readonly token: string;
  mode: InstanceMode;
  /** Seed of the next fuzzed answer (incremented per answer, so retries see a new instance). */
  seed: number;
  /** `METHOD path` of the requests since the last `clear()`. */
  readonly requests: string[];
  /** Bodies of the write requests since the last `clear()` (to check what the extension sent). */
  readonly bodies: string[];
  /** Requests not answered yet whose connection is still open; only those whose path starts with `pathPrefix` when given. */
  pendingRequests(pathPrefix?: string): number;
  clear(): void;
  close(): Promise<void>;
}

const USER = { id: 1, login: HOSTILE_OWNER, full_name: 'Alice', email: 'alice@example.com', avatar_url: 'https://example.com/a.png', is_admin: false };

function repository(url: string) {
  return {
    id: 1, name: HOSTILE_REPO, full_name: `${HOSTILE_OWNER}/${HOSTILE_REPO}`, owner: USER, default_branch: 'main', empty: false, private: false,
    archived: false, html_url: `${url}${HOSTILE_OWNER}/${HOSTILE_REPO}`, clone_url: `${url}${HOSTILE_OWNER}/${HOSTILE_REPO}.git`,
    permissions: { admin: true, push: true, pull: true }, has_issues: true, has_pull_requests: true, has_releases: true, has_actions: true,
  };
}

/** Operation ids by route, to answer with the right definition. */
function routeTable(): { method: string; re: RegExp; id: string }[] {
  return Object.entries(loadSubset().operations).map(([id, op]) => ({
    id,
    method: op.method,
    re: new RegExp(`^/api/v1${op.path.replace(/[.*+?^$()|\\]/g, '\\$&').replace(/\{[^{}]+\}/g, '[^/]+')}$`),
  }));
}

export async function startHostileInstance(): Promise<HostileInstance> {
  const routes = routeTable();
  const pending = new Map<ServerResponse, string>();
  const requests: string[] = [];
  const bodies: string[] = [];
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  let url = '';
  const state = { mode: 'ok' as InstanceMode, seed: 1 };
  const server = createServer((req, res) => {
    pending.set(res, new URL(req.url ?? '/', 'http://x').pathname);
    res.on('close', () => pending.delete(res));
    let received = '';
    req.on('data', (c: Buffer) => (received += c.toString('utf8')));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      requests.push(`${req.method} ${path}`);
      if (req.method !== 'GET') bodies.push(received);
      if (path === '/api/v1/version') return json(res, 200, { version: '1.27.0' });
      if (path === '/api/v1/user') return json(res, 200, USER);
      if (path === '/api/v1/settings/api') return json(res, 200, { max_response_items: 50, default_paging_num: 30 });
      if (path === `/api/v1/repos/${HOSTILE_OWNER}/${HOSTILE_REPO}`) return json(res, 200, repository(url));
      if (!path.startsWith('/api/v1/')) return json(res, 404, { message: 'not found' });
      if ((BROKEN_MODES as readonly string[]).includes(state.mode)) return serveBroken(state.mode as BrokenMode, req, res);
      if (state.mode === 'echo' && req.method !== 'GET') {
        return json(res, 422, { message: `Authentication failed: authorization=${req.headers.authorization ?? ''} body=${received}`, url: `${url}api/swagger` });
      }
      const route = routes.find((r) => r.method === req.method && r.re.test(path));
      if (!route) return json(res, 404, { message: 'not found' });
      const fuzzer = new SwaggerFuzzer(state.seed++, state.mode === 'fuzz' ? {} : { absent: 0, nullable: 0, unknownFields: 1, enumNoise: 0 });
      const answer = fuzzer.response(route.id).value;
      return json(res, loadSubset().operations[route.id]!.status, answer, Array.isArray(answer) ? { 'x-total-count': String(answer.length) } : {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    token: 'hostile-instance-token-0123456789',
    get mode() {
      return state.mode;
    },
    set mode(m: InstanceMode) {
      state.mode = m;
    },
    get seed() {
      return state.seed;
    },
    set seed(s: number) {
      state.seed = s;
    },
    requests,
    bodies,
    pendingRequests: (pathPrefix?: string) => [...pending.values()].filter((p) => !pathPrefix || p.startsWith(pathPrefix)).length,
    clear: () => void ((requests.length = 0), (bodies.length = 0)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

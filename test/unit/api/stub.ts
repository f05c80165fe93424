// Tiny scripted HTTP servers for the transport, paging and error tests (127.0.0.1 only).
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, isGiteaError, type ClientOptions, type GiteaClient, type GiteaError } from '../../../src/api';

export interface StubRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings and buffers as given. */
  body?: unknown;
  /** Never answer (for timeout/abort tests). */
  hang?: boolean;
}

export interface Stub {
  origin: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

export type Handler = (req: StubRequest) => StubReply | Promise<StubReply>;

/** Answers GET /settings/api like Gitea's defaults unless the handler does. */
export async function startStub(handler: Handler): Promise<Stub> {
  const requests: StubRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: StubRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(r);
      void Promise.resolve(handler(r)).then((reply) => {
        if (reply.hang) {
          hanging.add(res);
          return;
        }
        const isJson = reply.body !== undefined && typeof reply.body !== 'string' && !Buffer.isBuffer(reply.body);
        const payload = reply.body === undefined ? '' : isJson ? JSON.stringify(reply.body) : (reply.body as string | Buffer);
        res.writeHead(reply.status ?? 200, { ...(isJson ? { 'content-type': 'application/json;charset=utf-8' } : {}), ...reply.headers });
        res.end(payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A client whose paging limits are Gitea's defaults without a /settings/api round trip being scripted. */
export function clientFor(stub: Stub, options: Partial<ClientOptions> = {}): GiteaClient {
  return createClient({ baseUrl: stub.origin, timeoutMs: 5000, ...options });
}

/** Only the requests to `path` (ignoring the query), e.g. to leave out GET /settings/api. */
export function requestsTo(stub: Stub, path: string): StubRequest[] {
  return stub.requests.filter((r) => r.url.split('?')[0] === path);
}

export function captureLog(): { lines: string[]; log: NonNullable<ClientOptions['log']> } {
  const lines: string[] = [];
  const keep = (level: string) => (msg: string) => void lines.push(`${level} ${msg}`);
  return { lines, log: { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') } };
}

/** Resolves to the GiteaError a promise rejects with (fails the test if it resolves or throws anything else). */
export async function failure(p: Promise<unknown>): Promise<GiteaError> {
  try {
    await p;
  } catch (e) {
    if (isGiteaError(e)) return e;
    throw new Error(`expected a GiteaError, got ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, { cause: e });
  }
  throw new Error('expected a failure, but the call succeeded');
}

// A server that breaks in the ways a real deployment does: a reverse proxy's HTML error page, a truncated or
// mistyped body, an enormous body, a gateway error, a connection accepted and never answered, a reset in the
// middle of a body. The behaviour is picked per request by the path's first segment after the sub-path, so one
// server serves every case: `<url>/<mode>/api/v1/...` (the client's baseUrl is `<url>/<mode>/`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const BROKEN_MODES = [
  'truncatedJson', // 200, valid headers, JSON cut in the middle (Content-Length matches what is sent)
  'nginx502', // 502 with nginx's HTML page
  'htmlLogin', // 200 with an HTML login page of an auth proxy in front of the instance
  'wrongTypes', // 200 JSON with the documented fields in the wrong types
  'wrongShape', // 200 JSON object where a list is expected
  'emptyBody', // 200 application/json with no body at all
  'huge', // 200 with a 60 MB JSON array of branches
  'hugeGarbage', // 200 with 60 MB of non-JSON bytes
  'status502',
  'status503',
  'status504',
  'hang', // accepts the connection, reads the request, never answers
  'stallBody', // sends headers and the start of a body, then nothing
  'resetBeforeHeaders', // destroys the socket after reading the request
  'resetMidBody', // announces 10 KB, sends 1 KB, destroys the socket
  'badGzip', // Content-Encoding: gzip with bytes that are not gzip
] as const;
export type BrokenMode = (typeof BROKEN_MODES)[number];

export const HUGE_BYTES = 60 * 1024 * 1024;

export const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.24.0</center>
</body>
</html>
`;

const LOGIN_PAGE = `<!DOCTYPE html><html><head><title>Sign in – Authelia</title></head><body><form method="post"><input name="username"><input type="password" name="password"></form></body></html>`;

export interface BrokenServer {
  readonly origin: string;
  /** The instance root for a mode, with trailing slash. */
  urlFor(mode: BrokenMode): string;
  /** Requests received per mode (a cancelled request still arrives). */
  readonly hits: Map<BrokenMode, number>;
  /** Requests the server has not answered whose connection is still open: a client that abandons a request
   * must close its connection (idle keep-alive connections do not count). */
  pendingRequests(): number;
  close(): Promise<void>;
}

function branch(i: number): string {
  return JSON.stringify({ name: `branch-${i}`, commit: { id: 'a'.repeat(40), message: 'm', timestamp: '2025-01-01T00:00:00Z' }, protected: false });
}

/** Writes ~`bytes` of a valid JSON array of branches, respecting back-pressure. */
function streamHugeJson(res: ServerResponse, bytes: number): void {
  let sent = 0;
  let i = 0;
  res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '1000000' });
  const pump = (): void => {
    while (sent < bytes) {
      let chunk = '';
      while (chunk.length < 64 * 1024) chunk += `${i === 0 ? '[' : ','}${branch(i++)}`;
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end(']');
  };
  res.on('error', () => undefined);
  pump();
}

function streamGarbage(res: ServerResponse, bytes: number): void {
  const block = Buffer.alloc(64 * 1024, 0x7a); // "zzzz…"
  let sent = 0;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes) });
  const pump = (): void => {
    while (sent < bytes) {
      sent += block.length;
      if (!res.write(block)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => undefined);
  pump();
}

/** Answers one request the way `mode` breaks. */
export function serveBroken(mode: BrokenMode, req: IncomingMessage, res: ServerResponse): void {
  const json = { 'content-type': 'application/json;charset=utf-8' };
  switch (mode) {
    case 'truncatedJson': {
      const body = `[${branch(1)},${branch(2)}]`.slice(0, 90);
      res.writeHead(200, { ...json, 'content-length': String(Buffer.byteLength(body)) });
      return void res.end(body);
    }
    case 'nginx502':
      res.writeHead(502, { 'content-type': 'text/html', server: 'nginx/1.24.0' });
      return void res.end(NGINX_502);
    case 'htmlLogin':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(LOGIN_PAGE);
    case 'wrongTypes':
      res.writeHead(200, json);
      return void res.end(JSON.stringify([{ name: 42, commit: 'not-an-object', protected: 'yes' }]));
    case 'wrongShape':
      res.writeHead(200, json);
      return void res.end(JSON.stringify({ message: 'this is not a list', data: [] }));
    case 'emptyBody':
      res.writeHead(200, { ...json, 'content-length': '0' });
      return void res.end();
    case 'huge':
      return streamHugeJson(res, HUGE_BYTES);
    case 'hugeGarbage':
      return streamGarbage(res, HUGE_BYTES);
    case 'status502':
    case 'status503':
    case 'status504':
      res.writeHead(Number(mode.slice(-3)), json);
      return void res.end(JSON.stringify({ message: '', url: 'http://127.0.0.1/api/swagger' }));
    case 'hang':
      return; // never answer; the socket stays open until the client gives up
    case 'stallBody':
      res.writeHead(200, { ...json, 'content-length': '100000' });
      return void res.write('[{"name":"main","commit":');
    case 'resetBeforeHeaders':
      return void req.socket.destroy();
    case 'resetMidBody':
      res.writeHead(200, { ...json, 'content-length': '10240' });
      res.write(`[${branch(1)},${' '.repeat(1024)}`);
      return void setTimeout(() => req.socket.destroy(), 20);
    case 'badGzip':
      res.writeHead(200, { ...json, 'content-encoding': 'gzip' });
      return void res.end(Buffer.from('definitely not gzip data, just bytes'));
  }
}

export async function startBrokenServer(): Promise<BrokenServer> {
  const hits = new Map<BrokenMode, number>();
  const sockets = new Set<Socket>();
  const pending = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    pending.add(res);
    res.on('close', () => pending.delete(res));
    const mode = (req.url ?? '/').split('/')[1] as BrokenMode;
    req.resume();
    req.on('end', () => {
      if (!(BROKEN_MODES as readonly string[]).includes(mode)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return void res.end('{"message":"not found"}');
      }
      hits.set(mode, (hits.get(mode) ?? 0) + 1);
      serveBroken(mode, req, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urlFor: (mode) => `${origin}/${mode}/`,
    hits,
    pendingRequests: () => pending.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

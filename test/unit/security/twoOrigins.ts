// Two local servers are two origins (different ports). The first plays the instance and redirects as told;
// the second records every request it receives, so a test can check which headers left the instance.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RecordingServer {
  readonly origin: string;
  readonly received: Received[];
  close(): Promise<void>;
}

type Handler = (req: Received) => { status: number; headers?: Record<string, string>; body?: string };

export async function startRecordingServer(handler: Handler, host = '127.0.0.1'): Promise<RecordingServer> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const a = handler(r);
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const USER_JSON = JSON.stringify({ id: 1, login: 'alice', full_name: 'Alice', email: 'alice@example.com', avatar_url: 'https://x/a.png' });

/** Header names that carry credentials to a Gitea or Forgejo server. */
export const CREDENTIAL_HEADERS = ['authorization', 'x-gitea-otp', 'x-forgejo-otp', 'cookie', 'proxy-authorization'] as const;

// A delaying HTTP proxy for the bench's latency mode: listens on 127.0.0.1 only, holds every request `delayMs`
// before passing it on to the target (the test server), and notes when each request arrived and when its answer was
// sent back whole. Over loopback a round trip costs nothing; behind this proxy each costs at least `delayMs`, like a
// server across a real network, and the log shows which requests waited for which.
import { createServer, request as httpRequest } from 'node:http';

/**
 * @param {{ target: string, delayMs: number }} options  target: the server's root URL (http://127.0.0.1:port/)
 * @returns {Promise<{ url: string, log: { method: string, path: string, start: number, end?: number, status?: number }[], inFlight: () => number, close: () => Promise<void> }>}
 */
export async function startDelayProxy({ target, delayMs }) {
  const to = new URL(target);
  const log = [];
  let open = 0;
  const server = createServer((req, res) => {
    const entry = { method: req.method ?? 'GET', path: req.url ?? '/', start: Date.now() };
    log.push(entry);
    open++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      entry.end = Date.now();
      open--;
    };
    res.on('finish', finish);
    res.on('close', finish);
    // The body is read while the delay runs (a real network's latency is per exchange, not per byte).
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const headers = { ...req.headers, host: to.host };
        const upstream = httpRequest({ hostname: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
          entry.status = answer.statusCode;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', (e) => {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`delay proxy: ${e.message}`);
        });
        upstream.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    log,
    inFlight: () => open,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

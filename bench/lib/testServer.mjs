// The test server for the bench, started in this process with the big seed. Adapter: the recorded requests carry
// their arrival time only; the bench also needs when each answer was finished (first items are measured from
// the response), so every recorded request is given a `finished` time when the server sets its status.
// (Asked of the test server's owner: record `finished` in RecordedRequest itself.)
import { createRequire } from 'node:module';
import { join } from 'node:path';

export async function startBenchServer(root) {
  const require = createRequire(import.meta.url);
  const { startTestServer, FIXTURES } = require(join(root, 'out', 'test', 'server', 'index.js'));
  const server = await startTestServer({ seed: 'big', log: (line) => process.stdout.write(`[test-server] ${line}\n`) });
  instrument(server.requests);
  return { server, FIXTURES };
}

function instrument(requests) {
  const push = Array.prototype.push;
  requests.push = function (...records) {
    for (const r of records) {
      let status = r.status;
      Object.defineProperty(r, 'status', {
        enumerable: true,
        configurable: true,
        get: () => status,
        set: (v) => {
          status = v;
          r.finished ??= Date.now();
        },
      });
    }
    return push.apply(this, records);
  };
}

/** API requests (index ≥ `from`) whose apiPath matches, as `{ time, finished, path, query }`. */
export function apiRequests(server, from, match = () => true) {
  return server.requests.slice(from).filter((r) => r.kind === 'api' && match(r));
}

// Server lifecycle: request recording, reset(), HTTPS with a given key/certificate.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { get } from 'node:https';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api, gitSandbox } from './helpers';

function run(cmd: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? -1));
  });
}

describe('test server: lifecycle', () => {
  let server: TestServer;
  let sandbox: Awaited<ReturnType<typeof gitSandbox>>;
  before(async () => {
    [server, sandbox] = await Promise.all([startTestServer({ subPath: 'git' }), gitSandbox()]);
  });
  after(async () => {
    await Promise.all([server?.close(), sandbox?.dispose()]);
  });

  it('records method, paths, query, lower-case headers and the parsed body', async () => {
    await api(server, '/repos/alice/demo/actions/jobs?status=queued&status=success', { as: 'alice' });
    await api(server, '/repos/alice/demo/issues', { method: 'POST', as: 'alice', body: { title: 'recorded' } });
    const [list, create] = server.requests.slice(-2);
    assert.equal(list.apiPath, '/repos/alice/demo/actions/jobs');
    assert.equal(list.path, '/api/v1/repos/alice/demo/actions/jobs');
    assert.deepEqual(list.query.status, ['queued', 'success']);
    assert.equal(list.headers.authorization, `token ${server.fixtures.users.alice.tokens.all}`);
    assert.equal(create.method, 'POST');
    assert.deepEqual(create.body, { title: 'recorded' });
    assert.equal(create.status, 201);
    assert.ok(create.url.startsWith('/git/api/v1/'));
  });

  it('reset() restores the seed and empties the request log on the same port', async () => {
    const port = server.port;
    const count = server.state.issues.length;
    await api(server, '/repos/alice/demo/issues', { method: 'POST', as: 'alice', body: { title: 'gone after reset' } });
    assert.equal(server.state.issues.length, count + 1);
    await server.reset();
    assert.equal(server.port, port);
    assert.equal(server.requests.length, 0);
    assert.equal(server.state.issues.some((i) => i.title === 'gone after reset'), false);
    assert.equal((await api(server, '/repos/alice/demo/branches')).json.length, 7);
  });

  it('serves HTTPS with the given key and certificate', async () => {
    const code = await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '1', '-keyout', 'key.pem', '-out', 'cert.pem'], sandbox.dir);
    assert.equal(code, 0);
    const [key, cert] = await Promise.all([readFile(join(sandbox.dir, 'key.pem')), readFile(join(sandbox.dir, 'cert.pem'))]);
    const tls = await startTestServer({ tls: { key, cert } });
    try {
      assert.ok(tls.url.startsWith('https://127.0.0.1:'));
      const body = await new Promise<string>((resolve, reject) => {
        get(`${tls.apiUrl}/version`, { ca: cert }, (res) => {
          let data = '';
          res.on('data', (d) => (data += d));
          res.on('end', () => resolve(data));
        }).on('error', reject);
      });
      assert.deepEqual(JSON.parse(body), { version: '1.27.0' });
    } finally {
      await tls.close();
    }
  });
});

// TLS and proxy dispatchers: self-signed certificates (refused, then trusted through a CA), readCaFiles errors,
// a CONNECT proxy and NO_PROXY.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, createDispatcher, readCaFiles } from '../../../src/api';
import { failure, startStub, type Stub } from './stub';

interface Cert {
  key: string;
  cert: string;
  certPath: string;
}

const dir = mkdtempSync(join(tmpdir(), 'gw-agent-'));
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

function makeCert(name: string, san: string): Cert {
  const keyPath = join(dir, `${name}.key`);
  const certPath = join(dir, `${name}.pem`);
  const r = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-keyout', keyPath, '-out', certPath, '-subj', `/CN=${name}`, '-addext', `subjectAltName=${san}`,
  ]);
  assert.equal(r.status, 0, r.stderr.toString());
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

async function listen(server: Server | HttpsServer): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

const VERSION = JSON.stringify({ version: '1.27.0' });

describe('TLS', { skip: hasOpenssl ? false : 'openssl is not installed' }, () => {
  let good: Cert;
  let wrongName: Cert;
  let server: HttpsServer;
  let otherServer: HttpsServer;
  let url = '';
  let otherUrl = '';
  before(async () => {
    good = makeCert('127.0.0.1', 'IP:127.0.0.1');
    wrongName = makeCert('wrong.example', 'DNS:wrong.example');
    const answer = (_: unknown, res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(VERSION);
    server = createHttpsServer({ key: good.key, cert: good.cert }, answer);
    otherServer = createHttpsServer({ key: wrongName.key, cert: wrongName.cert }, answer);
    url = `https://127.0.0.1:${await listen(server)}/`;
    otherUrl = `https://127.0.0.1:${await listen(otherServer)}/`;
  });
  after(() => {
    server.closeAllConnections();
    otherServer.closeAllConnections();
    server.close();
    otherServer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a self-signed certificate with kind tls and the code', async () => {
    const e = await failure(createClient({ baseUrl: url }).getVersion());
    assert.equal(e.kind, 'tls');
    assert.equal(e.details.code, 'DEPTH_ZERO_SELF_SIGNED_CERT');
    assert.match(e.message, /not trusted/);
  });

  it('trusts it once its certificate is given as a CA (read with readCaFiles)', async () => {
    const ca = await readCaFiles([good.certPath]);
    const v = await createClient({ baseUrl: url, dispatcher: createDispatcher({ caCertificates: ca }) }).getVersion();
    assert.equal(v.version, '1.27.0');
  });

  it('accepts anything with rejectUnauthorized: false', async () => {
    const v = await createClient({ baseUrl: url, dispatcher: createDispatcher({ rejectUnauthorized: false }) }).getVersion();
    assert.equal(v.version, '1.27.0');
  });

  it('a trusted certificate for another host name → tls ERR_TLS_CERT_ALTNAME_INVALID', async () => {
    const e = await failure(createClient({ baseUrl: otherUrl, dispatcher: createDispatcher({ caCertificates: [wrongName.cert] }) }).getVersion());
    assert.equal(e.kind, 'tls');
    assert.equal(e.details.code, 'ERR_TLS_CERT_ALTNAME_INVALID');
  });

  it('plain HTTP to a TLS port, and TLS to a plain port, fail with a hint', async () => {
    const stub = await startStub(() => ({ body: { version: '1' } }));
    try {
      const e = await failure(createClient({ baseUrl: stub.origin.replace('http:', 'https:') }).getVersion());
      assert.ok(e.kind === 'tls' || e.kind === 'network', e.kind);
      assert.match(e.message, /http/i);
    } finally {
      await stub.close();
    }
  });
});

describe('readCaFiles', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'gw-ca-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('names an unreadable file', async () => {
    const missing = join(scratch, 'missing.pem');
    const e = await failure(readCaFiles([missing]));
    assert.equal(e.kind, 'tls');
    assert.equal(e.details.code, 'CA_FILE_UNREADABLE');
    assert.ok(e.message.includes(missing));
  });

  it('names a file that is not PEM, or whose certificate is broken', async () => {
    const notPem = join(scratch, 'not.pem');
    writeFileSync(notPem, 'hello');
    const broken = join(scratch, 'broken.pem');
    writeFileSync(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    for (const file of [notPem, broken]) {
      const e = await failure(readCaFiles([file]));
      assert.equal(e.kind, 'tls');
      assert.equal(e.details.code, 'CA_FILE_INVALID');
      assert.ok(e.message.includes(file));
    }
  });
});

describe('proxy', () => {
  let stub: Stub;
  let proxy: Server;
  let proxyUrl = '';
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  before(async () => {
    stub = await startStub(() => ({ body: { version: '1.27.0' } }));
    proxy = createHttpServer((_, res) => res.writeHead(501).end());
    proxy.on('connect', (req, client: Socket) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port), host!, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(client);
        client.pipe(upstream);
      });
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => undefined);
      }
    });
    proxyUrl = `http://127.0.0.1:${await listen(proxy)}`;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    proxy.close();
    await stub.close();
  });

  it('sends requests through the proxy', async () => {
    tunnels.length = 0;
    const v = await createClient({ baseUrl: stub.origin, dispatcher: createDispatcher({ proxy: proxyUrl }) }).getVersion();
    assert.equal(v.version, '1.27.0');
    assert.deepEqual(tunnels, [new URL(stub.origin).host]);
  });

  it('bypasses the proxy for NO_PROXY hosts', async () => {
    tunnels.length = 0;
    const v = await createClient({ baseUrl: stub.origin, dispatcher: createDispatcher({ proxy: proxyUrl, noProxy: ['example.com', '127.0.0.1'] }) }).getVersion();
    assert.equal(v.version, '1.27.0');
    assert.deepEqual(tunnels, []);
  });
});

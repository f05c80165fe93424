// TLS against a test server with a self-signed certificate made for this run (openssl, spawned without
// blocking): rejected by default with a certificate message, an unusable CA file is a message naming the file
// and the setting, and the certificate in `gitea.caCertificates` makes the same sign-in succeed.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import type { Services } from '../../src/core/services';
import type { SignInResult } from '../../src/auth/signInArgs';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';

const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
const token = FIXTURES.users.alice.tokens.all;

function signIn(args: Record<string, unknown>): Thenable<SignInResult> {
  return vscode.commands.executeCommand<SignInResult>('gitea.signIn', args);
}

async function selfSignedCertificate(dir: string): Promise<{ key: string; cert: string; certPath: string }> {
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2',
    '-keyout', keyPath, '-out', certPath,
    '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ]);
  return { key: await readFile(keyPath, 'utf8'), cert: await readFile(certPath, 'utf8'), certPath };
}

describe('TLS with a self-signed test-server certificate', function () {
  this.timeout(120_000);
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('gitea');
  let dir: string;
  let certPath: string;
  let server: TestServer;
  let services: Services;
  let previous: { ca?: string[]; selfSigned?: string[] };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gitea-workbench-tls-'));
    const made = await selfSignedCertificate(dir);
    certPath = made.certPath;
    server = await startTestServer({ tls: { key: made.key, cert: made.cert } });
    assert.match(server.url, /^https:\/\//);
    const ext = vscode.extensions.getExtension<{ services: Services }>(EXTENSION_ID);
    assert.ok(ext);
    services = (await ext.activate()).services;
    previous = {
      ca: config().inspect<string[]>('caCertificates')?.globalValue,
      selfSigned: config().inspect<string[]>('allowSelfSignedCertificates')?.globalValue,
    };
    await config().update('caCertificates', undefined, vscode.ConfigurationTarget.Global);
    await config().update('allowSelfSignedCertificates', undefined, vscode.ConfigurationTarget.Global);
  });

  afterEach(async () => {
    for (const a of services.accounts.accounts.filter((x) => x.instanceUrl === server.url)) {
      await vscode.commands.executeCommand('gitea.signOut', { accountId: a.id });
    }
  });

  after(async () => {
    await config().update('caCertificates', previous.ca, vscode.ConfigurationTarget.Global);
    await config().update('allowSelfSignedCertificates', previous.selfSigned, vscode.ConfigurationTarget.Global);
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is rejected by default: a certificate message, no request reaches the server, nothing saved', async () => {
    const result = await signIn({ url: server.url, username: 'alice', token });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.kind, 'tls');
    assert.match(!result.ok ? result.message : '', /certificate/i);
    assert.equal(server.requests.length, 0);
    assert.ok(!services.accounts.accounts.some((a) => a.instanceUrl === server.url));
  });

  it('a CA file that does not exist is a message naming the file and the setting', async () => {
    const missing = join(dir, 'missing-ca.pem');
    await config().update('caCertificates', [missing], vscode.ConfigurationTarget.Global);
    const result = await signIn({ url: server.url, username: 'alice', token });
    assert.equal(!result.ok && result.kind, 'tls');
    const message = !result.ok ? result.message : '';
    assert.ok(message.includes(missing), message);
    assert.ok(message.includes('gitea.caCertificates'), message);
    assert.doesNotMatch(message, /\n[ \t]+at /, 'no stack trace');
  });

  it('a CA file that holds no certificate is a message naming the file', async () => {
    const junk = join(dir, 'not-a-certificate.pem');
    await writeFile(junk, 'this is not a certificate\n');
    await config().update('caCertificates', [junk], vscode.ConfigurationTarget.Global);
    const result = await signIn({ url: server.url, username: 'alice', token });
    assert.equal(!result.ok && result.kind, 'tls');
    assert.ok((!result.ok ? result.message : '').includes(junk));
  });

  it('is accepted once its certificate is in gitea.caCertificates', async () => {
    await config().update('caCertificates', [certPath], vscode.ConfigurationTarget.Global);
    const result = await signIn({ url: server.url, username: 'alice', token });
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.equal(result.account.instanceUrl, server.url);
    assert.deepEqual(
      server.requests.filter((r) => r.kind === 'api').map((r) => `${r.method} ${r.apiPath}`),
      ['GET /user', 'GET /version'],
    );
  });

  it('is accepted with the explicit per-instance opt-in, without a CA file', async () => {
    await config().update('caCertificates', undefined, vscode.ConfigurationTarget.Global);
    await config().update('allowSelfSignedCertificates', [server.url], vscode.ConfigurationTarget.Global);
    const result = await signIn({ url: server.url, username: 'alice', token });
    assert.ok(result.ok, !result.ok ? result.message : '');
    await config().update('allowSelfSignedCertificates', undefined, vscode.ConfigurationTarget.Global);
  });
});

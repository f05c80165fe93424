// Artifacts against the test server (Gitea 1.27's answers): the run's list with expired ones, the download
// streamed to a file through Gitea's 302 to a signed URL (no token after the redirect, whatever its host),
// expired → notFound, file names from the server kept inside the chosen folder, no overwrite without asking,
// a cancelled download leaves no file.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type GiteaClient } from '../../../src/api';
import { artifactFileName, downloadArtifactToFile, pathInside, utf8Prefix } from '../../../src/shared/artifactDownload';
import { FIXTURES, startTestServer, type TestServer } from '../../server/index';

const demo = { owner: 'alice', repo: 'demo' };

describe('artifact file names from the server stay inside the chosen folder', () => {
  const cases: [string | undefined, string][] = [
    ['dist', 'dist.zip'],
    ['report.zip', 'report.zip'],
    ['../../etc/passwd', '_.._etc_passwd.zip'],
    ['/etc/passwd', '_etc_passwd.zip'],
    ['..\\..\\Windows\\win.ini', '_.._Windows_win.ini.zip'],
    ['C:\\temp\\x', 'C__temp_x.zip'],
    ['..', 'artifact-7.zip'],
    ['', 'artifact-7.zip'],
    [undefined, 'artifact-7.zip'],
    ['CON', '_CON.zip'],
    ['nul.txt', '_nul.txt.zip'],
    ['evil\u202Epiz.exe', 'evil_piz.exe.zip'],
    ['a\u0000b\nc', 'a_b_c.zip'],
    ['trailing. ', 'trailing.zip'],
  ];
  for (const [name, expected] of cases) {
    it(`${JSON.stringify(name)} → ${expected}`, () => {
      const fileName = artifactFileName(name, 7);
      assert.equal(fileName, expected);
      const folder = join(tmpdir(), 'chosen');
      assert.equal(pathInside(folder, fileName), join(folder, expected));
    });
  }
  it('a very long name is cut to a length file systems accept', () => {
    const fileName = artifactFileName('é'.repeat(500), 1);
    assert.ok(Buffer.byteLength(fileName) <= 190, fileName);
    assert.ok(fileName.endsWith('.zip'));
  });
  it('a name of 50,000 letters (and one of 1 MB, and of trailing dots) is cut in one pass to the longest prefix that fits', () => {
    assert.equal(artifactFileName('a'.repeat(50_000), 1), `${'a'.repeat(180)}.zip`);
    assert.equal(artifactFileName('é'.repeat(1024 * 1024), 1), `${'é'.repeat(90)}.zip`);
    assert.equal(artifactFileName(`${'😀'.repeat(46)}`, 1), `${'😀'.repeat(45)}.zip`, 'a character is never split');
    assert.equal(artifactFileName(`x${'. '.repeat(500_000)}y${'. '.repeat(500_000)}`, 1), 'x.zip', 'only the first 4,096 characters are read');
    assert.equal(artifactFileName(`x${'. '.repeat(1_000)}y`, 1), 'x.zip', 'no dot or space is left at the cut');
    assert.equal(artifactFileName(`${'ab.'.repeat(1_000)}`, 1), `${'ab.'.repeat(59)}ab.zip`);
    assert.equal(artifactFileName(`x${'. '.repeat(500_000)}`, 1), 'x.zip');
  });
  it('utf8Prefix: the longest prefix within the bytes, never half a character', () => {
    assert.equal(utf8Prefix('abc', 2), 'ab');
    assert.equal(utf8Prefix('aé', 2), 'a');
    assert.equal(utf8Prefix('aé', 3), 'aé');
    assert.equal(utf8Prefix('€€', 5), '€');
    assert.equal(utf8Prefix('😀x', 3), '');
    assert.equal(utf8Prefix('', 3), '');
    for (const text of ['a\u0800b', '\ud800x', 'ab😀c', 'ÿ€😀']) {
      for (let max = 0; max <= 12; max++) {
        const prefix = utf8Prefix(text, max);
        assert.ok(Buffer.byteLength(prefix) <= max && text.startsWith(prefix));
        const longer = [...text].slice(0, [...prefix].length + 1).join('');
        assert.ok(longer === prefix || Buffer.byteLength(longer) > max, `${text} ${max}`);
      }
    }
  });
  it('pathInside refuses names that would leave the folder or name the folder itself', () => {
    assert.equal(pathInside('/tmp/chosen', '../x.zip'), undefined);
    assert.equal(pathInside('/tmp/chosen', 'a/b.zip'), undefined);
    assert.equal(pathInside('/tmp/chosen', '.'), undefined);
    assert.equal(pathInside('/tmp/chosen', '/etc/x.zip'), undefined);
  });
});

describe('artifacts against the test server (Gitea 1.27)', () => {
  let server: TestServer;
  let client: GiteaClient;
  let folder: string;
  const runId = (title: string) => server.state.runs.find((r) => r.title === title)!.id;
  const artifact = (name: string) => server.state.artifacts.find((a) => a.name === name)!;

  before(async () => {
    server = await startTestServer();
    client = createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users.alice.tokens.all } });
  });
  after(() => server.close());
  const fresh = () => (folder = mkdtempSync(join(tmpdir(), 'gw-artifacts-')));

  it("lists a run's artifacts with size and expiry, the expired one marked", async () => {
    const page = await client.getArtifactsOfRun({ ...demo, run: runId('Prepare 1.0 release') });
    assert.deepEqual(page.items.map((a) => [a.name, a.expired]), [['dist', false], ['coverage', true]]);
    assert.equal(page.items[0]!.size_in_bytes, artifact('dist').size);
    assert.ok(page.items[0]!.expires_at && Date.parse(page.items[0]!.expires_at) > Date.parse(page.items[0]!.created_at!));
    assert.equal(page.totalCount, 2);
  });

  it('downloads through the 302 to the signed URL: the zip on disk byte for byte, the token only on the API request', async () => {
    fresh();
    const a = artifact('dist');
    const from = server.requests.length;
    const seen: number[] = [];
    const file = join(folder, 'dist.zip');
    const result = await downloadArtifactToFile(client, { ...demo, artifact_id: a.id }, file, { onProgress: (n) => seen.push(n) });
    assert.deepEqual(readFileSync(file), a.zip);
    assert.equal(result.bytes, a.zip!.length);
    assert.equal(seen.at(-1), a.zip!.length);
    const sent = server.requests.slice(from);
    assert.deepEqual(sent.map((r) => [r.path.replace(/\?.*/, ''), r.status]), [
      [`/api/v1/repos/alice/demo/actions/artifacts/${a.id}/zip`, 302],
      [`/api/v1/repos/alice/demo/actions/artifacts/${a.id}/zip/raw`, 200],
    ]);
    assert.match(sent[0]!.headers.authorization ?? '', /^token /);
    assert.equal(sent[1]!.headers.authorization, undefined, 'the signed URL gets no token');
    assert.deepEqual(readdirSync(folder), ['dist.zip'], 'no part file left');
  });

  it('sends no token to the object store the download redirects to (SERVE_DIRECT)', async () => {
    fresh();
    const a = artifact('dist');
    const received: { url?: string; authorization?: string }[] = [];
    const store: Server = createServer((req, res) => {
      received.push({ url: req.url, authorization: req.headers.authorization });
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': a.zip!.length });
      res.end(a.zip);
    });
    await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
    server.state.settings.artifactStoreUrl = `http://127.0.0.1:${(store.address() as { port: number }).port}/`;
    try {
      await downloadArtifactToFile(client, { ...demo, artifact_id: a.id }, join(folder, 'dist.zip'));
    } finally {
      server.state.settings.artifactStoreUrl = '';
      store.close();
    }
    assert.equal(received.length, 1);
    assert.equal(received[0]!.authorization, undefined);
    assert.deepEqual(readFileSync(join(folder, 'dist.zip')), a.zip);
  });

  it('an expired artifact: notFound "Artifact has expired", no file', async () => {
    fresh();
    await assert.rejects(downloadArtifactToFile(client, { ...demo, artifact_id: artifact('coverage').id }, join(folder, 'coverage.zip')), (e: Error & { kind?: string }) => {
      assert.equal(e.kind, 'notFound');
      assert.match(e.message + String((e as { details?: { serverMessage?: string } }).details?.serverMessage ?? ''), /not found|expired/i);
      return true;
    });
    assert.deepEqual(readdirSync(folder), []);
  });

  it('never replaces an existing file unless asked', async () => {
    fresh();
    const file = join(folder, 'dist.zip');
    writeFileSync(file, 'mine');
    const from = server.requests.length;
    await assert.rejects(downloadArtifactToFile(client, { ...demo, artifact_id: artifact('dist').id }, file), { kind: 'conflict' });
    assert.equal(readFileSync(file, 'utf8'), 'mine');
    assert.equal(server.requests.length, from, 'nothing downloaded');
    await downloadArtifactToFile(client, { ...demo, artifact_id: artifact('dist').id }, file, { overwrite: true });
    assert.deepEqual(readFileSync(file), artifact('dist').zip);
  });

  it('a cancelled download leaves no file behind', async () => {
    fresh();
    const big = { ...artifact('dist'), id: server.state.nextId('action_artifact'), name: 'big', zip: undefined, size: 30 * 1024 * 1024 };
    server.state.artifacts.push(big);
    const controller = new AbortController();
    await assert.rejects(
      downloadArtifactToFile(client, { ...demo, artifact_id: big.id }, join(folder, 'big.zip'), {
        signal: controller.signal,
        onProgress: (n) => n > 1024 * 1024 && controller.abort(),
      }),
      { kind: 'cancelled' },
    );
    assert.deepEqual(readdirSync(folder), []);
  });
});

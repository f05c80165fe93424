// The transport against scripted local servers: URLs, auth headers, timeouts, cancellation, redirects, body
// limits, network failures, text and byte answers, logging.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createClient, normalizeBaseUrl } from '../../../src/api';
import { captureLog, clientFor, failure, requestsTo, startStub, type Stub } from './stub';

describe('normalizeBaseUrl', () => {
  const cases: [string, string][] = [
    ['https://git.example.com', 'https://git.example.com/'],
    ['https://git.example.com/', 'https://git.example.com/'],
    ['git.example.com', 'https://git.example.com/'],
    ['http://host:3000', 'http://host:3000/'],
    ['https://host:443/', 'https://host/'],
    ['https://host/git', 'https://host/git/'],
    ['https://host/git/', 'https://host/git/'],
    ['https://host/git//', 'https://host/git/'],
    ['https://HOST.example.com/Git/', 'https://host.example.com/Git/'],
    ['https://host/git/api/v1', 'https://host/git/'],
    ['https://host/api/v1/', 'https://host/'],
    ['https://user:secret@host/git?x=1#y', 'https://host/git/'],
    ['  https://host/  ', 'https://host/'],
  ];
  for (const [input, root] of cases) {
    it(`${input} → ${root}`, () => {
      const u = normalizeBaseUrl(input);
      assert.equal(u.instanceUrl, root);
      assert.equal(u.apiUrl, `${root}api/v1`);
    });
  }
  it('rejects other schemes and nonsense with badRequest', () => {
    for (const bad of ['ftp://host/', 'https://']) {
      assert.throws(() => normalizeBaseUrl(bad), (e: { kind?: string }) => e.kind === 'badRequest');
    }
  });
});

describe('transport', () => {
  let stub: Stub;
  let reply: Parameters<typeof startStub>[0] = () => ({ body: { version: '1.27.0' } });
  before(async () => {
    stub = await startStub((r) => reply(r));
  });
  after(() => stub.close());

  it('reaches the API under a sub-path, with or without trailing slash', async () => {
    reply = () => ({ body: { version: '1.27.0' } });
    for (const base of [`${stub.origin}/git`, `${stub.origin}/git/`, `${stub.origin}/git/api/v1/`]) {
      stub.requests.length = 0;
      const v = await createClient({ baseUrl: base }).getVersion();
      assert.equal(v.version, '1.27.0');
      assert.equal(stub.requests[0]!.url, '/git/api/v1/version');
    }
  });

  it('sends `token X`, Basic credentials, and the OTP header (client-wide or per request)', async () => {
    reply = () => ({ body: { id: 1, login: 'alice' } });
    stub.requests.length = 0;
    await clientFor(stub, { auth: { kind: 'token', token: 'abc123' } }).userGetCurrent();
    await clientFor(stub, { auth: { kind: 'basic', username: 'alice', password: 'pä:ss' } }).userGetCurrent();
    await clientFor(stub, { auth: { kind: 'basic', username: 'bob', password: 'pw', otp: '123456' } }).userGetCurrent();
    await clientFor(stub, { auth: { kind: 'basic', username: 'bob', password: 'pw' } }).userGetCurrent({}, { otp: '654321' });
    await clientFor(stub).userGetCurrent();
    const [tok, basic, otp, perRequest, anon] = stub.requests;
    assert.equal(tok!.headers.authorization, 'token abc123');
    assert.equal(basic!.headers.authorization, `Basic ${Buffer.from('alice:pä:ss', 'utf8').toString('base64')}`);
    assert.equal(basic!.headers['x-gitea-otp'], undefined);
    assert.equal(otp!.headers['x-gitea-otp'], '123456');
    assert.equal(perRequest!.headers['x-gitea-otp'], '654321');
    assert.equal(anon!.headers.authorization, undefined);
  });

  it('tells onFailure every failed request (a refused token: unauthorized with its scheme), not cancellations or successes', async () => {
    reply = (r) => (r.url === '/api/v1/user' ? { status: 401, body: { message: 'invalid username, password or token' } } : r.url.startsWith('/api/v1/repos/slow') ? { hang: true } : { body: { version: '1.27.0' } });
    const seen: { kind: string; auth?: string; operation?: string }[] = [];
    const client = clientFor(stub, { auth: { kind: 'token', token: 'revoked1' }, onFailure: (e) => seen.push({ kind: e.kind, auth: e.details.auth, operation: e.operation }) });
    await client.getVersion();
    await assert.rejects(client.userGetCurrent(), (e: { kind?: string }) => e.kind === 'unauthorized');
    const abort = new AbortController();
    const slow = client.repoGet({ owner: 'slow', repo: 'x' }, { signal: abort.signal });
    abort.abort();
    await assert.rejects(slow, (e: { kind?: string }) => e.kind === 'cancelled');
    assert.deepEqual(seen, [{ kind: 'unauthorized', auth: 'token', operation: 'userGetCurrent' }]);
  });

  it('encodes path parameters; keeps the slashes of file paths and branch names', async () => {
    reply = (r) => (r.url.includes('/raw/') ? { body: Buffer.from([0, 1, 2, 255]) } : { body: { name: 'feature/login' } });
    stub.requests.length = 0;
    const c = clientFor(stub);
    const bytes = await c.repoGetRawFile({ owner: 'al ice', repo: 'd#mo', filepath: 'dir/a b.txt', ref: 'feature/x' });
    await c.repoGetBranch({ owner: 'alice', repo: 'demo', branch: 'feature/login' });
    assert.equal(stub.requests[0]!.url, '/api/v1/repos/al%20ice/d%23mo/raw/dir/a%20b.txt?ref=feature%2Fx');
    assert.equal(stub.requests[1]!.url, '/api/v1/repos/alice/demo/branches/feature/login');
    assert.ok(bytes instanceof Uint8Array);
    assert.deepEqual([...bytes], [0, 1, 2, 255]);
  });

  it('returns text answers (pull diff, job logs) as strings', async () => {
    reply = () => ({ body: 'diff --git a/x b/x\n+ü\n', headers: { 'content-type': 'text/plain; charset=utf-8' } });
    stub.requests.length = 0;
    const diff = await clientFor(stub).repoDownloadPullDiffOrPatch({ owner: 'a', repo: 'b', index: 6, diffType: 'diff' });
    assert.equal(diff, 'diff --git a/x b/x\n+ü\n');
    assert.equal(stub.requests[0]!.url, '/api/v1/repos/a/b/pulls/6.diff');
    const log = await clientFor(stub).downloadActionsRunJobLogs({ owner: 'a', repo: 'b', job_id: 7 });
    assert.match(log, /^diff/);
  });

  it('sends only the declared body fields as JSON, and repeats array query values', async () => {
    reply = (r) => (r.url.startsWith('/api/v1/settings') ? { status: 404 } : { status: 201, body: { id: 1, number: 1, title: 't', state: 'open' } });
    stub.requests.length = 0;
    const body = { title: 't', labels: [1, 2], bogus: 'x' } as unknown as { title: string };
    await clientFor(stub).issueCreateIssue({ owner: 'a', repo: 'b', body });
    const post = requestsTo(stub, '/api/v1/repos/a/b/issues')[0]!;
    assert.equal(post.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(post.body), { title: 't', labels: [1, 2] });
    reply = (r) => (r.url.startsWith('/api/v1/settings') ? { status: 404 } : { body: { jobs: [], total_count: 0 } });
    await clientFor(stub).listWorkflowJobs({ owner: 'a', repo: 'b', status: ['queued', 'in_progress'] });
    const get = requestsTo(stub, '/api/v1/repos/a/b/actions/jobs')[0]!;
    assert.match(get.url, /status=queued&status=in_progress/);
  });

  it('maps a request that takes longer than timeoutMs to kind timeout', async () => {
    reply = () => ({ hang: true });
    const started = Date.now();
    const e = await failure(clientFor(stub, { timeoutMs: 200 }).getVersion());
    assert.equal(e.kind, 'timeout');
    assert.equal(e.operation, 'getVersion');
    assert.ok(Date.now() - started < 3000, 'the timeout fired late');
  });

  it('maps an aborted signal to kind cancelled (before and during the request)', async () => {
    reply = () => ({ hang: true });
    const early = new AbortController();
    early.abort();
    assert.equal((await failure(clientFor(stub).getVersion({}, { signal: early.signal }))).kind, 'cancelled');
    const late = new AbortController();
    const p = clientFor(stub, { timeoutMs: 0 }).getVersion({}, { signal: late.signal });
    setTimeout(() => late.abort(), 50);
    assert.equal((await failure(p)).kind, 'cancelled');
  });

  it('refuses an answer larger than maxBodyBytes as malformed', async () => {
    reply = () => ({ body: Buffer.alloc(4096, 'a') });
    const e = await failure(clientFor(stub, { maxBodyBytes: 1024 }).repoGetRawFile({ owner: 'a', repo: 'b', filepath: 'big' }));
    assert.equal(e.kind, 'malformed');
    assert.match(e.message, /larger than/);
  });

  it('logs one debug line per request with method, path, status and time, and no secrets', async () => {
    reply = () => ({ body: { id: 1, login: 'alice' } });
    const { lines, log } = captureLog();
    await clientFor(stub, { auth: { kind: 'basic', username: 'alice', password: 'Sup3rSecret!', otp: '918273' }, log }).userGetCurrent();
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /^debug GET \/user 200 \d+ms$/);
    reply = () => ({ status: 401, body: { message: 'invalid username, password or token', url: 'x' } });
    await failure(clientFor(stub, { auth: { kind: 'token', token: 'tok-Secret-42' }, log }).userGetCurrent());
    for (const l of lines) assert.ok(!/Sup3rSecret|918273|tok-Secret-42|authorization/i.test(l), l);
  });
});

describe('redirects', () => {
  let instance: Stub;
  let foreign: Stub;
  let target = '';
  before(async () => {
    foreign = await startStub(() => ({ body: { id: 1, login: 'x' } }));
    instance = await startStub((r) => {
      if (r.url.startsWith('/old/')) return { status: 301, headers: { location: r.url.replace('/old/', '/') } };
      if (r.url.startsWith('/loop/')) return { status: 302, headers: { location: r.url } };
      if (r.url.startsWith('/away/')) return { status: 307, headers: { location: target + r.url.replace('/away/', '/') } };
      if (r.url.startsWith('/see-other/')) return { status: 303, headers: { location: '/api/v1/user' } };
      return { body: { id: 1, login: 'alice' } };
    });
  });
  after(async () => {
    await instance.close();
    await foreign.close();
  });

  it('follows a same-origin redirect with the credentials', async () => {
    instance.requests.length = 0;
    const u = await createClient({ baseUrl: `${instance.origin}/old/`, auth: { kind: 'token', token: 't0k' } }).userGetCurrent();
    assert.equal(u.login, 'alice');
    assert.deepEqual(instance.requests.map((r) => r.url), ['/old/api/v1/user', '/api/v1/user']);
    assert.equal(instance.requests[1]!.headers.authorization, 'token t0k');
  });

  it('drops Authorization and X-Gitea-OTP when a redirect leaves the origin', async () => {
    target = foreign.origin;
    foreign.requests.length = 0;
    const c = createClient({ baseUrl: `${instance.origin}/away/`, auth: { kind: 'basic', username: 'u', password: 'p', otp: '111222' } });
    await c.userGetCurrent();
    assert.equal(foreign.requests.length, 1);
    assert.equal(foreign.requests[0]!.headers.authorization, undefined);
    assert.equal(foreign.requests[0]!.headers['x-gitea-otp'], undefined);
  });

  it('a 401 after a cross-origin redirect says where it went', async () => {
    const other = await startStub(() => ({ status: 401, body: { message: 'token is required', url: '' } }));
    try {
      target = other.origin;
      const e = await failure(createClient({ baseUrl: `${instance.origin}/away/`, auth: { kind: 'token', token: 'abcd1234' } }).userGetCurrent());
      assert.equal(e.kind, 'unauthorized');
      assert.equal(e.details.redirectedTo, other.origin);
      assert.ok(e.message.includes(other.origin));
    } finally {
      await other.close();
    }
  });

  it('turns POST into GET on 303', async () => {
    instance.requests.length = 0;
    await createClient({ baseUrl: `${instance.origin}/see-other/` })
      .userCreateToken({ username: 'a', body: { name: 'n' } })
      .catch(() => undefined);
    assert.deepEqual(instance.requests.map((r) => r.method), ['POST', 'GET']);
  });

  it('gives up after 5 redirects', async () => {
    instance.requests.length = 0;
    const e = await failure(createClient({ baseUrl: `${instance.origin}/loop/` }).userGetCurrent());
    assert.equal(e.kind, 'server');
    assert.match(e.message, /redirected too often/);
    assert.equal(instance.requests.length, 6);
  });
});

describe('network failures', () => {
  it('connection refused → network with the code', async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const e = await failure(createClient({ baseUrl: `http://127.0.0.1:${port}/` }).getVersion());
    assert.equal(e.kind, 'network');
    assert.equal(e.details.code, 'ECONNREFUSED');
    assert.match(e.message, /refused/);
  });

  it('an unknown host → network', async () => {
    const e = await failure(createClient({ baseUrl: 'http://no-such-host.invalid/', timeoutMs: 10_000 }).getVersion());
    assert.equal(e.kind, 'network');
    assert.ok(['ENOTFOUND', 'EAI_AGAIN'].includes(e.details.code ?? ''), String(e.details.code));
  });

  it('a connection closed mid-answer → network', async () => {
    const srv = createServer((s) => s.once('data', () => s.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"ver')));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const port = (srv.address() as { port: number }).port;
      const e = await failure(createClient({ baseUrl: `http://127.0.0.1:${port}/` }).getVersion());
      assert.equal(e.kind, 'network');
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });
});

describe('a long answer read in parts', () => {
  /** A server that answers every request with `body` written in 64 KiB pieces, with its length or chunked. */
  async function pieces(body: Buffer, withLength: boolean): Promise<{ url: string; close: () => Promise<void> }> {
    const srv = createServer((s) =>
      s.once('data', () => {
        s.write(`HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n${withLength ? `Content-Length: ${body.length}` : 'Transfer-Encoding: chunked'}\r\nConnection: close\r\n\r\n`);
        for (let at = 0; at < body.length; at += 65_536) {
          const piece = body.subarray(at, at + 65_536);
          s.write(withLength ? piece : Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]));
        }
        if (withLength) s.end();
        else s.end('0\r\n\r\n');
      }),
    );
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((r) => srv.close(() => r())) };
  }

  for (const withLength of [true, false]) {
    it(`${withLength ? 'with its Content-Length (copied into place as it comes)' : 'chunked, no length (joined at the end)'}: every byte, in order`, async () => {
      const body = Buffer.alloc(3 * 1024 * 1024 + 17);
      for (let i = 0; i < body.length; i++) body[i] = (i * 31 + (i >> 16)) & 0xff;
      const server = await pieces(body, withLength);
      try {
        const read = await createClient({ baseUrl: server.url }).readJobLogFrom({ owner: 'a', repo: 'b', job_id: 1, from: 0 });
        assert.equal(read.kind, 'whole');
        assert.ok(Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength).equals(body));
      } finally {
        await server.close();
      }
    });
  }
});

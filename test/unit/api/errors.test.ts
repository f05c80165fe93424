// Status + body → GiteaError kind, as BEHAVIOR.md describes the real server's answers; transport errors → kind.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mayNeedOtp, type ClientAuth } from '../../../src/api';
import { errorFromResponse, errorFromTransport, MAX_ERROR_BODY_PARSED, parseErrorBody, redact, type ErrorContext } from '../../../src/api/errors';
import { clientFor, failure, startStub, type Stub } from './stub';

const ctx = (over: Partial<ErrorContext> = {}): ErrorContext => ({ operation: 'op', auth: 'token', origin: 'https://h', secrets: [], ...over });
const gitea = (message: string) => JSON.stringify({ message, url: 'https://h/api/swagger' });

describe('error bodies', () => {
  it('reads {message,url}, {message,url,errors:null}, an empty body, plain text and HTML', () => {
    assert.deepEqual(parseErrorBody(gitea('not found'), 'application/json', []), { html: false, message: 'not found' });
    assert.deepEqual(parseErrorBody('{"message":"x","url":"u","errors":null}', undefined, []), { html: false, message: 'x' });
    assert.deepEqual(parseErrorBody('', undefined, []), { html: false });
    assert.deepEqual(parseErrorBody('404 page not found\n', 'text/plain', []), { html: false, message: '404 page not found' });
    assert.deepEqual(parseErrorBody('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', 'text/html', []), {
      html: true,
      message: '502 Bad Gateway',
    });
  });
});

describe('error bodies: bounded and linear', () => {
  // The patterns the title search replaced (quadratic on `<title` repeated): the oracle on short generated pages.
  const TITLE = /<title[^>]*>([^<]*)<\/title>/i;
  const H1 = /<h1[^>]*>([^<]*)<\/h1>/i;
  const viaPatterns = (page: string) => {
    const title = TITLE.exec(page)?.[1] ?? H1.exec(page)?.[1];
    return title ? title.replace(/\s+/g, ' ').trim() : undefined;
  };

  it('finds the title (else the first h1) as the patterns did, on 100,000 generated pages', () => {
    const pieces = ['<title', '<TITLE', '>', '<', '</title>', '</TiTle>', '<h1', '</h1>', 'x', ' ', 'a b', '<titles', '</h1 >', '<b>'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    let found = 0;
    for (let n = 0; n < 100_000; n++) {
      let page = '<html>';
      const length = next() % 10;
      for (let i = 0; i < length; i++) page += pieces[next() % pieces.length];
      const expected = viaPatterns(page);
      assert.equal(parseErrorBody(page, 'text/html', []).message, expected || undefined, page);
      if (expected) found++;
    }
    assert.ok(found > 1_000, `the generated pages hold titles (${found})`);
  });

  it('a page of `<title` repeated (1 MB, and the h1 fallback) ends, with no title', () => {
    assert.deepEqual(parseErrorBody(`<html>${'<title'.repeat(200_000)}`, 'text/html', []), { html: true, message: undefined });
    assert.deepEqual(parseErrorBody(`<html>${'<h1'.repeat(300_000)}>x`, 'text/html', []), { html: true, message: undefined });
    assert.deepEqual(parseErrorBody(`<html>${'<title>'.repeat(150_000)}`, 'text/html', []), { html: true, message: undefined });
  });

  it('reads only the first 64 KB of a body: a title after it is not looked for, a long JSON message is clipped text', () => {
    const late = `<html>${' '.repeat(MAX_ERROR_BODY_PARSED)}<title>late</title>`;
    assert.deepEqual(parseErrorBody(late, 'text/html', []), { html: true, message: undefined });
    const early = `<html><title>Bad Gateway</title>${'x'.repeat(50 * 1024 * 1024)}`;
    assert.deepEqual(parseErrorBody(early, 'text/html', []), { html: true, message: 'Bad Gateway' });
    const json = JSON.stringify({ message: 'm'.repeat(100_000) });
    const parsed = parseErrorBody(json, 'application/json', []);
    assert.equal(parsed.html, false);
    assert.equal(parsed.message, `${json.slice(0, 300)}…`);
  });

  it('redacts URL credentials as before, in linear time on runs of scheme characters', () => {
    assert.equal(redact('see https://bob:pw@h/x and 1git+ssh://u:p@h', []), 'see https://h/x and 1git+ssh://h');
    assert.equal(redact('a://x:y@h b://c@d', []), 'a://h b://d');
    const long = `${'a1'.repeat(300_000)}:x ${'s3://'.repeat(100_000)}`;
    assert.equal(redact(long, []), long);
    assert.equal(redact(`${'a'.repeat(500_000)}://k:s@h`, []), `${'a'.repeat(500_000)}://h`);
  });
});

describe('status → kind', () => {
  const table: [number, string, string, Partial<ErrorContext>?][] = [
    [400, gitea('invalid status foo'), 'badRequest'],
    [401, gitea('invalid username, password or token'), 'unauthorized'],
    [401, gitea('token is required'), 'unauthorized', { auth: 'none' }],
    [401, gitea('OTP code is required'), 'otpRequired', { auth: 'basic' }],
    [403, gitea('Must be an organization owner'), 'forbidden'],
    [403, gitea('token does not have at least one of required scope(s), required=[write:issue], token scope=read:repository'), 'scope'],
    [404, '', 'notFound'],
    [404, gitea('not found'), 'notFound'],
    [404, '{"message":"job not started","url":"u","errors":null}', 'notFound'],
    [409, gitea('The repository with the same name already exists.'), 'conflict'],
    [412, gitea('cannot close this issue or pull because it still has open dependencies'), 'precondition'],
    [422, gitea('[Title]: Required'), 'validation'],
    [423, gitea('repo is archived'), 'archived'],
    [500, gitea(''), 'server'],
    [502, '<html><title>502 Bad Gateway</title></html>', 'server'],
    [405, '', 'server'],
  ];
  for (const [status, body, kind, over] of table) {
    it(`${status} ${body.slice(0, 50) || '(empty)'} → ${kind}`, () => {
      const e = errorFromResponse(status, body, body.startsWith('<') ? 'text/html' : 'application/json', ctx(over));
      assert.equal(e.kind, kind);
      assert.equal(e.status, status);
      assert.equal(e.operation, 'op');
      const msg = parseErrorBody(body, undefined, []).message;
      if (msg) assert.ok(e.message.includes(msg), `the message should quote the server: ${e.message}`);
      assert.ok(e.message.length > 20, 'a sentence');
    });
  }

  it('422 names the Go field from "[Title]: Required"', () => {
    const e = errorFromResponse(422, gitea('[Title]: Required'), undefined, ctx());
    assert.equal(e.details.field, 'Title');
    assert.match(e.message, /field Title/);
    assert.equal(e.serverMessage, '[Title]: Required');
  });

  it('scope errors carry the required scopes', () => {
    const e = errorFromResponse(403, gitea('token does not have at least one of required scope(s), required=[write:issue], token scope=read:repository'), undefined, ctx());
    assert.deepEqual(e.details.requiredScopes, ['write:issue']);
    assert.match(e.message, /write:issue/);
  });

  it('a 500 with an empty message says the server hid the reason', () => {
    const e = errorFromResponse(500, gitea(''), undefined, ctx());
    assert.match(e.message, /did not say why/);
    assert.equal(e.serverMessage, '');
  });

  it('an HTML page on a 404 hints at the instance URL', () => {
    const e = errorFromResponse(404, '<!DOCTYPE html><html><title>Page Not Found</title></html>', 'text/html', ctx());
    assert.equal(e.kind, 'notFound');
    assert.match(e.message, /instance URL/);
  });

  it('401 sentences depend on how the request authenticated; mayNeedOtp only for Basic without a code', () => {
    const body = gitea('invalid username, password or token');
    const token = errorFromResponse(401, body, undefined, ctx({ auth: 'token' }));
    const basic = errorFromResponse(401, body, undefined, ctx({ auth: 'basic' }));
    const otp = errorFromResponse(401, body, undefined, ctx({ auth: 'basic+otp' }));
    assert.match(token.message, /token was refused/);
    assert.match(basic.message, /two-factor/);
    assert.match(otp.message, /one-time code was refused/);
    assert.equal(mayNeedOtp(basic), true);
    assert.equal(mayNeedOtp(token), false);
    assert.equal(mayNeedOtp(otp), false);
    assert.equal(mayNeedOtp(errorFromResponse(401, gitea('OTP required'), undefined, ctx({ auth: 'basic' }))), true);
  });

  it('never repeats a secret or URL credentials the server echoed', () => {
    const e = errorFromResponse(422, gitea('Authentication failed: https://bob:hunter22@example.com/x.git token abcd1234'), undefined, ctx({ secrets: ['abcd1234'] }));
    assert.ok(!e.message.includes('hunter22') && !e.message.includes('abcd1234'), e.message);
  });
});

describe('transport errors → kind', () => {
  const url = new URL('https://git.example.com/api/v1/version');
  const err = (code: string, message = code) => Object.assign(new Error(message), { code });
  const cases: [unknown, string, string][] = [
    [err('ECONNREFUSED'), 'network', 'ECONNREFUSED'],
    [err('ENOTFOUND'), 'network', 'ENOTFOUND'],
    [err('ECONNRESET'), 'network', 'ECONNRESET'],
    [err('UND_ERR_SOCKET', 'other side closed'), 'network', 'UND_ERR_SOCKET'],
    [err('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'), 'tls', 'SELF_SIGNED_CERT_IN_CHAIN'],
    [err('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    [err('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'tls', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'],
    [err('CERT_HAS_EXPIRED'), 'tls', 'CERT_HAS_EXPIRED'],
    [err('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls', 'ERR_TLS_CERT_ALTNAME_INVALID'],
    [Object.assign(new Error('fetch failed'), { cause: err('CERT_HAS_EXPIRED') }), 'tls', 'CERT_HAS_EXPIRED'],
    [new AggregateError([err('ECONNREFUSED'), err('ECONNREFUSED')]), 'network', 'ECONNREFUSED'],
    [err('UND_ERR_HEADERS_TIMEOUT'), 'timeout', 'UND_ERR_HEADERS_TIMEOUT'],
  ];
  for (const [e, kind, code] of cases) {
    it(`${code} → ${kind}`, () => {
      const g = errorFromTransport(e, url, ctx({ operation: 'getVersion' }));
      assert.equal(g.kind, kind);
      assert.equal(g.details.code, code);
      assert.equal(g.operation, 'getVersion');
      assert.ok(g.message.includes('git.example.com'), g.message);
    });
  }
});

describe('errors over HTTP', () => {
  let stub: Stub;
  let status = 404;
  let body: unknown = '';
  let headers: Record<string, string> = {};
  before(async () => {
    stub = await startStub(() => ({ status, body, headers }));
  });
  after(() => stub.close());

  async function kindOf(auth?: ClientAuth) {
    const e = await failure(clientFor(stub, { auth }).repoGet({ owner: 'a', repo: 'b' }));
    return e;
  }

  it('an empty 404 → notFound with the operation', async () => {
    status = 404;
    body = '';
    const e = await kindOf();
    assert.equal(e.kind, 'notFound');
    assert.equal(e.operation, 'repoGet');
  });

  it('a 423 JSON body → archived with the server message', async () => {
    status = 423;
    body = { message: 'repo is archived', url: 'u' };
    const e = await kindOf({ kind: 'token', token: 'x1234567' });
    assert.equal(e.kind, 'archived');
    assert.equal(e.serverMessage, 'repo is archived');
  });

  it('a 502 HTML page from a proxy → server', async () => {
    status = 502;
    body = '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
    headers = { 'content-type': 'text/html' };
    const e = await kindOf();
    assert.equal(e.kind, 'server');
    assert.equal(e.serverMessage, '502 Bad Gateway');
  });

  it('a 200 HTML page (login portal, wrong sub-path) → malformed with a hint', async () => {
    status = 200;
    body = '<!DOCTYPE html><html><title>Sign in</title></html>';
    headers = { 'content-type': 'text/html' };
    const e = await kindOf();
    assert.equal(e.kind, 'malformed');
    assert.match(e.message, /web page/);
    assert.equal(e.details.field, '(body)');
  });

  it('a 401 for Basic without OTP stays unauthorized with auth=basic (the sign-in flow asks for a code)', async () => {
    status = 401;
    body = { message: 'invalid username, password or token', url: 'u' };
    headers = {};
    const e = await kindOf({ kind: 'basic', username: 'bob', password: 'pw-long' });
    assert.equal(e.kind, 'unauthorized');
    assert.equal(e.details.auth, 'basic');
    assert.equal(mayNeedOtp(e), true);
  });
});

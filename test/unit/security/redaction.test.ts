// Redaction, piece by piece (secretsInErrors.test.ts drives the whole client into every failure): what `redact`
// removes and keeps, that the client knows every secret it sent (token, password and its Basic header, one-time
// codes, secret-looking body fields at any depth it looks) against a server that echoes every word it received,
// and that the explanations the views and forms show are redacted too. These tests guard the mutation run
// (scripts/mutation-guards.mjs), so each asserts the exact text where a looser check would let a change pass.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { errorFromResponse, errorFromTransport, redact, type ErrorContext } from '../../../src/api/errors';
import { isGiteaError } from '../../../src/api/errorKind';
import { Transport, type ClientAuth, type HttpRequest, type RequestOptions } from '../../../src/api/http';
import { explainListError } from '../../../src/shared/explainError';
import { explainAdminError } from '../../../src/commands/admin/explainError';
import { startRecordingServer, type RecordingServer } from './twoOrigins';

const ctx = (secrets: string[]): ErrorContext => ({ operation: 'op', auth: 'token', origin: 'https://git.example.com', secrets });

describe('redact', () => {
  it('removes the user and password of every URL in a text, whatever the scheme, and keeps the rest', () => {
    assert.equal(
      redact('clone of https://bob:hunter22@example.com/x.git failed, then HTTP://eve@example.org/y and git+ssh://git:pw@h/z', []),
      'clone of https://example.com/x.git failed, then HTTP://example.org/y and git+ssh://h/z',
    );
    assert.equal(redact('a://tok@h', []), 'a://h', 'a one-letter scheme');
    // Digits and + . - after the first letter are part of a scheme: s3://KEY:SECRET@… loses its key and secret.
    assert.equal(redact('upload to s3://AKIAKEY:wJalrSECRET@bucket.example/x failed', []), 'upload to s3://bucket.example/x failed');
    assert.equal(redact('svn+ssh://u:pw@h/r and web.dav-2://u:pw@h/r', []), 'svn+ssh://h/r and web.dav-2://h/r');
    // A run of scheme characters that starts with digits or signs is tried from its start (the linear scan), and its
    // credentials go too.
    assert.equal(redact('fetch 1git+ssh://u:pw@h/r and -x.y://tok@h', []), 'fetch 1git+ssh://h/r and -x.y://h');
  });

  it('leaves addresses that are not URL credentials: a URL without them, then an e-mail address', () => {
    const text = 'see https://git.example.com/alice/x and write to alice@example.com';
    assert.equal(redact(text, []), text);
  });

  it('replaces every occurrence of each secret of four characters or more, and no shorter one', () => {
    assert.equal(redact('code 1234 then 1234, token abcdef', ['1234', 'abcdef']), 'code *** then ***, token ***');
    assert.equal(redact('at the cat', ['at', '', 'the']), 'at the cat');
  });
});

describe('client errors', () => {
  const body = (message: string) => JSON.stringify({ message, url: 'https://git.example.com/api/swagger' });

  it("keeps the server's message without the secrets it echoed", () => {
    const e = errorFromResponse(422, body('token tok_S3CRET refused for https://bob:pw-S3CRET@h/x'), undefined, ctx(['tok_S3CRET', 'pw-S3CRET']));
    assert.equal(e.details.serverMessage, 'token *** refused for https://h/x');
    assert.equal(e.message, 'The server rejected the input; correct it and try again. The server said: "token *** refused for https://h/x".');
  });

  it('an answer without a message has none', () => {
    assert.equal(errorFromResponse(404, '', undefined, ctx(['tok_S3CRET'])).details.serverMessage, undefined);
  });

  it('a transport failure without a code says what failed, without the secrets', () => {
    const url = new URL('https://git.example.com/api/v1/user');
    assert.equal(
      errorFromTransport(new Error('socket to https://alice:pw-S3CRET@proxy:8080 hung up (token tok_S3CRET)'), url, ctx(['tok_S3CRET'])).message,
      'The connection to git.example.com failed (socket to https://proxy:8080 hung up (token ***)). Try again; if it keeps happening, check proxies and firewalls.',
    );
    assert.match(errorFromTransport('tok_S3CRET went wrong', url, ctx(['tok_S3CRET'])).message, /failed \(\*\*\* went wrong\)\. Try again/);
    assert.match(errorFromTransport(null, url, ctx([])).message, /failed \(null\)\. Try again/);
    const coded = errorFromTransport(Object.assign(new Error('read tok_S3CRET'), { code: 'ECONNRESET' }), url, ctx(['tok_S3CRET']));
    assert.equal(coded.message, 'The connection to git.example.com failed. Try again; if it keeps happening, check proxies and firewalls. (ECONNRESET)');
  });
});

describe('the secrets the client sends are the ones it removes', () => {
  let server: RecordingServer;
  /** Whether the server also echoes each word of a value with blanks on its own (a header's credential alone). */
  let splitWords = true;
  // Every value of the request (credential headers, then body strings) in a 422 message, as a careless server might.
  before(async () => {
    server = await startRecordingServer((r) => {
      const words: string[] = [];
      const collect = (v: unknown): void => {
        if (typeof v === 'string') words.push(v, ...(splitWords && /\s/.test(v) ? v.split(/\s+/) : []));
        else if (v && typeof v === 'object') Object.values(v).forEach(collect);
      };
      collect(r.headers.authorization);
      collect(r.headers['x-gitea-otp']);
      if (r.body) collect(JSON.parse(r.body));
      return { status: 422, body: JSON.stringify({ message: `rejected: ${words.filter(Boolean).join(', ')}` }) };
    });
  });
  after(() => server.close());

  /** The server's message as the error keeps it, after checking that the sentence shown says the same. */
  async function shownMessage(auth: ClientAuth | undefined, req: Partial<HttpRequest> = {}, options: RequestOptions = {}, split = true): Promise<string> {
    splitWords = split;
    const transport = new Transport({ baseUrl: `${server.origin}/`, auth, timeoutMs: 5000 });
    try {
      await transport.send({ operation: 'op', method: 'POST', path: '/x', ...req }, options);
    } catch (e) {
      if (!isGiteaError(e)) throw e;
      const serverMessage = e.details.serverMessage ?? '';
      assert.ok(e.message.endsWith(`The server said: "${serverMessage}".`), e.message);
      return serverMessage;
    }
    throw new Error('the request did not fail');
  }

  it('a token', async () => {
    assert.equal(await shownMessage({ kind: 'token', token: 'tok_S3CRET_123' }), 'rejected: token ***, token, ***');
  });

  it('a password, the Basic header made of it, and the one-time codes of the client and of the request', async () => {
    const password = 'pw-S3CRET-horse';
    assert.equal(await shownMessage({ kind: 'basic', username: 'alice', password, otp: '731942' }), 'rejected: Basic ***, Basic, ***, ***');
    assert.equal(await shownMessage({ kind: 'basic', username: 'alice', password }, {}, { otp: '246810' }), 'rejected: Basic ***, Basic, ***, ***');
    // The password itself, echoed from a body (a token creation sends none, but a server may repeat what it knows).
    assert.equal(await shownMessage({ kind: 'basic', username: 'alice', password }, { body: { name: password } }), 'rejected: Basic ***, Basic, ***, ***');
  });

  it('migration credentials; empty and null fields are nothing; other fields stay', async () => {
    const body = { repo_name: 'mirror-of-x', auth_password: 'mig-S3CRET-pw', auth_token: 'mig_S3CRET_tok', aws_secret_access_key: 'AWS-S3CRET-KEY', auth_username: '', milestone: null };
    assert.equal(await shownMessage(undefined, { body }), 'rejected: mirror-of-x, ***, ***, ***');
  });

  it("a webhook's authorization header, also its credential without the scheme, and its signing secret", async () => {
    const body = { type: 'gitea', authorization_header: 'Bearer hook-S3CRET-5566', config: { url: 'https://hooks.example.com/x', secret: 'hook-S3CRET-sign' } };
    assert.equal(await shownMessage(undefined, { body }), 'rejected: gitea, ***, Bearer, ***, https://hooks.example.com/x, ***');
    const doubleBlank = { authorization_header: 'token  hook-S3CRET-7788' };
    assert.equal(await shownMessage(undefined, { body: doubleBlank }), 'rejected: ***, token, ***');
  });

  it('nested secrets: three objects deep, and inside a secret-looking field that holds an object', async () => {
    const body = { options: { mirror: { remote: { auth_token: 'deep-S3CRET' } } }, token_settings: { password: 'nested-S3CRET' } };
    assert.equal(await shownMessage(undefined, { body }), 'rejected: ***, ***');
  });

  it('a sentence in a secret-looking field is removed whole; its words are not made secrets elsewhere', async () => {
    const body = { authorization_header: 'deploy hook for main', name: 'hook main' };
    assert.equal(await shownMessage(undefined, { body }, {}, false), 'rejected: ***, hook main');
  });

  it('only text is a secret: a number or a switch under a secret-looking name stays in the message', async () => {
    const body = { title: 'keys of 4096 bits', token_bits: 4096, password_reset: true };
    assert.equal(await shownMessage(undefined, { body }, {}, false), 'rejected: keys of 4096 bits');
  });

  it('no credentials: nothing to remove, the message is kept whole', async () => {
    assert.equal(await shownMessage(undefined, { body: { title: 'crash' } }), 'rejected: crash');
  });
});

describe('explanations shown by the views and forms', () => {
  const failure = (serverMessage: string) => ({ kind: 'validation', status: 422, serverMessage, message: `The server said: "${serverMessage}".` });

  it('the views: an explanation and a fallback to the client message are both redacted', () => {
    assert.equal(explainListError('activityFeed', { kind: 'notFound', message: 'x' }, { target: 'tok_S3CRET', secrets: ['tok_S3CRET'] }), 'The user ••• was not found.');
    assert.equal(explainListError('starred', failure('bad tok_S3CRET'), { secrets: [undefined, 'tok_S3CRET'] }), 'The server said: "bad •••".');
    assert.equal(explainListError('starred', failure('bad tok_S3CRET')), 'The server said: "bad tok_S3CRET".');
  });

  it('the administration forms: the same', () => {
    const crash = { ...failure('bad tok_S3CRET'), kind: 'server', status: 500 };
    assert.equal(explainAdminError('orgCreateHook', { kind: 'forbidden', message: 'x' }, { target: 'tok_S3CRET', secrets: ['tok_S3CRET'] }), 'Only owners of the organization ••• can add webhooks to it.');
    assert.equal(explainAdminError('userEditHook', crash, { secrets: ['tok_S3CRET'] }), 'The server said: "bad •••".');
    assert.equal(explainAdminError('userEditHook', crash), 'The server said: "bad tok_S3CRET".');
  });
});

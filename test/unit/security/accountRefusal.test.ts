// Which failures refuse the account (refusesStoredCredential, src/api/errorKind.ts; the client marks how each request
// authenticated, src/api/http.ts): only a 401 to a request that carried the account's token or password. An expired
// signed artifact link (Gitea answers 401 "Error link expired"), a 401 after a redirect to another origin, and a
// 401 to a request made without credentials leave the account signed in, and their message says what failed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GiteaError, refusesStoredCredential } from '../../../src/api/errorKind';
import { clientMethods, outcomeOf } from '../hostile/clientOutcome';
import { startRecordingServer, USER_JSON, type RecordingServer } from './twoOrigins';

const TOKEN = 'tok_REFUSAL_5ecret_0123456789';
const ARTIFACT = '/api/v1/repos/alice/demo/actions/artifacts/5/zip';
const EXPIRED = { status: 401, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Error link expired\n' };
const REFUSED = { status: 401, headers: { 'content-type': 'application/json' }, body: '{"message":"token is required","url":""}' };

describe('which failures refuse the account', () => {
  it('a 401 refuses the stored credential only when the request carried it, and not after a redirect elsewhere', () => {
    const unauthorized = (details: GiteaError['details']) => new GiteaError('unauthorized', 'x', { status: 401, ...details });
    assert.equal(refusesStoredCredential(unauthorized({ auth: 'token' })), true);
    assert.equal(refusesStoredCredential(unauthorized({ auth: 'basic' })), true);
    assert.equal(refusesStoredCredential(unauthorized({ auth: 'none' })), false, 'sent without credentials');
    assert.equal(refusesStoredCredential(unauthorized({})), false, 'how it authenticated unknown: not the credential');
    assert.equal(refusesStoredCredential(unauthorized({ auth: 'basic+otp' })), false, 'a one-time code of a sign-in, not the kept credential');
    assert.equal(refusesStoredCredential(unauthorized({ auth: 'token', redirectedTo: 'https://elsewhere.example' })), false);
    for (const kind of ['forbidden', 'scope', 'otpRequired', 'notFound', 'server', 'network'] as const) {
      assert.equal(refusesStoredCredential(new GiteaError(kind, 'x', { auth: 'token', status: 401 })), false, kind);
    }
    assert.equal(refusesStoredCredential({ kind: 'unauthorized', details: { auth: 'token' } }), false, 'only the client\'s errors');
    assert.equal(refusesStoredCredential(undefined), false);
  });

  describe('on the wire', () => {
    let instance: RecordingServer;
    /** What the signed link answers. */
    let link = EXPIRED;
    before(async () => {
      instance = await startRecordingServer((r) => {
        if (r.url.startsWith(ARTIFACT)) return { status: 302, headers: { location: '/signed/5.zip?sig=old' } };
        if (r.url.startsWith('/signed/')) return link;
        if (r.url === '/api/v1/user' && r.headers.authorization === `token ${TOKEN}`) return { status: 200, body: USER_JSON };
        return REFUSED;
      });
    });
    after(() => instance.close());

    const client = (auth?: { kind: 'token'; token: string }) => clientMethods({ baseUrl: `${instance.origin}/`, ...(auth ? { auth } : {}), timeoutMs: 5000 });

    it('an expired signed artifact link: a 401 sent without credentials, not the account\'s; its message says so', async () => {
      link = EXPIRED;
      const failures: GiteaError[] = [];
      const c = clientMethods({ baseUrl: `${instance.origin}/`, auth: { kind: 'token', token: TOKEN }, timeoutMs: 5000, onFailure: (e: GiteaError) => failures.push(e) });
      const outcome = await outcomeOf(c.downloadArtifact!({ owner: 'alice', repo: 'demo', artifact_id: 5 }));
      assert.ok(!outcome.ok && 'error' in outcome, JSON.stringify(outcome));
      const e = outcome.error;
      assert.equal(e.kind, 'unauthorized');
      assert.equal(e.details.auth, 'none', 'the signed link was requested without credentials');
      assert.equal(refusesStoredCredential(e), false);
      assert.match(e.message, /refused the signed download link it gave \(it may have expired\)\. The account is still signed in: try the download again\./);
      assert.match(e.message, /Error link expired/, 'what the server said');
      assert.deepEqual(failures.map((f) => refusesStoredCredential(f)), [false], 'what the account store is told');
    });

    it('the same client\'s own request refused (401 with its token) still refuses the account', async () => {
      const c = client({ kind: 'token', token: 'tok_revoked_0000000000000000' });
      const outcome = await outcomeOf(c.userGetCurrent!({}));
      assert.ok(!outcome.ok && 'error' in outcome);
      assert.equal(outcome.error.details.auth, 'token');
      assert.equal(refusesStoredCredential(outcome.error), true);
      assert.match(outcome.error.message, /The access token was refused/);
      const fine = await outcomeOf(client({ kind: 'token', token: TOKEN }).userGetCurrent!({}));
      assert.ok(fine.ok, 'the right token is accepted');
    });

    it('a request made without the account\'s credentials: a 401 that refuses nothing', async () => {
      const outcome = await outcomeOf(client().userGetCurrent!({}));
      assert.ok(!outcome.ok && 'error' in outcome);
      assert.equal(outcome.error.details.auth, 'none');
      assert.equal(refusesStoredCredential(outcome.error), false);
      assert.doesNotMatch(outcome.error.message, /signed download link/, 'no signed link was followed');
    });
  });
});

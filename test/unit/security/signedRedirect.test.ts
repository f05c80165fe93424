// An artifact download (downloadArtifact, `signedRedirect`) is answered by a redirect to a signed URL that needs no
// credentials: after it, none are sent, on the instance's own origin too (a signed URL of the object storage may
// log or forward what it gets). Any other request keeps its credentials on a redirect within the instance's origin
// and drops them on a redirect to another origin. Two local servers play the instance and the other origin.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { CREDENTIAL_HEADERS, USER_JSON, startRecordingServer, type RecordingServer } from './twoOrigins';
import { clientMethods } from '../hostile/clientOutcome';

const TOKEN = 'tok_SIGNED_5ecret_0123456789';
const PATH = '/git/api/v1/repos/alice/demo/actions/artifacts/5/zip';

/** The credential headers among `headers`. */
const credentials = (headers: IncomingHttpHeaders): string[] => CREDENTIAL_HEADERS.filter((h) => headers[h] !== undefined);

describe('credentials on redirects', () => {
  let other: RecordingServer;
  let instance: RecordingServer;
  /** Where the instance sends the artifact request: its own signed URL, or the other origin's. */
  let signedAt = '';

  before(async () => {
    other = await startRecordingServer(() => ({ status: 200, headers: { 'content-type': 'application/zip' }, body: 'ZIP' }));
    instance = await startRecordingServer((r): { status: number; headers?: Record<string, string>; body?: string } => {
      if (r.url.startsWith(PATH)) return { status: 302, headers: { location: `${signedAt}/signed/5.zip?sig=abc` } };
      if (r.url.startsWith('/signed/')) return { status: 200, headers: { 'content-type': 'application/zip' }, body: 'ZIP' };
      if (r.url.startsWith('/moved/')) return { status: 302, headers: { location: r.url.replace('/moved', '') } };
      return { status: 200, body: USER_JSON };
    });
  });
  after(async () => {
    await other.close();
    await instance.close();
  });

  async function download(): Promise<string> {
    const c = clientMethods({ baseUrl: `${instance.origin}/git/`, auth: { kind: 'token', token: TOKEN }, timeoutMs: 5000 });
    const answer = (await c.downloadArtifact!({ owner: 'alice', repo: 'demo', artifact_id: 5 })) as { status: number; body: AsyncIterable<Buffer> };
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  it('an artifact download sends the token to the API, and nothing to the signed URL on the same origin', async () => {
    instance.received.length = 0;
    signedAt = instance.origin;
    assert.equal(await download(), 'ZIP');
    const [api, signed, ...rest] = instance.received;
    assert.deepEqual(rest, []);
    assert.equal(api?.url, PATH);
    assert.equal(api?.headers.authorization, `token ${TOKEN}`, 'the API request itself is authenticated');
    assert.equal(signed?.url, '/signed/5.zip?sig=abc');
    assert.deepEqual(credentials(signed!.headers), [], 'no credentials after the signed redirect');
  });

  it('an artifact download redirected to another origin sends nothing there', async () => {
    instance.received.length = 0;
    other.received.length = 0;
    signedAt = other.origin;
    assert.equal(await download(), 'ZIP');
    assert.equal(other.received.length, 1);
    assert.deepEqual(credentials(other.received[0]!.headers), []);
    assert.ok(!JSON.stringify(other.received[0]).includes(TOKEN));
  });

  it('any other request keeps its token on a redirect within the instance', async () => {
    instance.received.length = 0;
    const c = clientMethods({ baseUrl: `${instance.origin}/moved/git/`, auth: { kind: 'token', token: TOKEN }, timeoutMs: 5000 });
    const user = (await c.userGetCurrent!({})) as { login: string };
    assert.equal(user.login, 'alice');
    assert.deepEqual(instance.received.map((r) => [r.url, r.headers.authorization]), [
      ['/moved/git/api/v1/user', `token ${TOKEN}`],
      ['/git/api/v1/user', `token ${TOKEN}`],
    ]);
  });
});

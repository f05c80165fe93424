// Credentials stay on the instance's origin: when the instance redirects elsewhere (another port, another host
// name, another scheme), the Authorization and one-time-code headers are not sent there.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CREDENTIAL_HEADERS, USER_JSON, startRecordingServer, type RecordingServer } from './twoOrigins';
import { clientMethods, describeUntyped, outcomeOf } from '../hostile/clientOutcome';
import { isGiteaError } from '../../../src/api/errorKind';

const TOKEN = 'tok_REDIRECT_5ecret_0123456789';
const PASSWORD = 'pw-REDIRECT-5ecret';
const OTP = '482915';

describe('redirects that leave the instance origin', () => {
  let other: RecordingServer; // the foreign origin
  let instance: RecordingServer;
  let redirectTo = '';
  let redirectStatus = 302;

  before(async () => {
    other = await startRecordingServer(() => ({ status: 200, body: USER_JSON }));
    instance = await startRecordingServer((r) => {
      if (r.url.startsWith('/same-origin-hop/')) return { status: 301, headers: { location: r.url.replace('/same-origin-hop', '') } };
      return { status: redirectStatus, headers: { location: redirectTo + r.url } };
    });
  });
  after(async () => {
    await other.close();
    await instance.close();
  });

  function assertNoCredentials(label: string): void {
    assert.ok(other.received.length > 0, `${label}: the redirect was not followed at all (cannot tell whether credentials leak)`);
    for (const r of other.received) {
      for (const h of CREDENTIAL_HEADERS) assert.equal(r.headers[h], undefined, `${label}: ${h} was sent to ${other.origin}${r.url}`);
      const all = JSON.stringify(r.headers) + r.url + r.body;
      for (const secret of [TOKEN, PASSWORD, OTP]) assert.ok(!all.includes(secret), `${label}: a secret reached the other origin`);
    }
  }

  async function call(label: string, auth: Parameters<typeof clientMethods>[0]['auth'], op = 'userGetCurrent', params: Record<string, unknown> = {}) {
    other.received.length = 0;
    const log: string[] = [];
    const keep = (m: string) => void log.push(m);
    const c = clientMethods({ baseUrl: `${instance.origin}/git/`, auth, timeoutMs: 5000, log: { debug: keep, info: keep, warn: keep, error: keep } });
    const out = await outcomeOf(c[op]!(params));
    if (!out.ok && 'untyped' in out) assert.fail(`${label}: untyped throw ${describeUntyped(out.untyped)}`);
    assertNoCredentials(label);
    for (const line of log) for (const s of [TOKEN, PASSWORD, OTP]) assert.ok(!line.includes(s), `${label}: log line carries a secret: ${line}`);
    return out;
  }

  for (const status of [301, 302, 303, 307, 308]) {
    it(`${status} to another port: no token`, async () => {
      redirectStatus = status;
      redirectTo = other.origin;
      await call(`${status} token`, { kind: 'token', token: TOKEN });
    });
  }

  it('302 to another port: no Basic credentials, no OTP', async () => {
    redirectStatus = 302;
    redirectTo = other.origin;
    await call('basic+otp', { kind: 'basic', username: 'alice', password: PASSWORD, otp: OTP });
  });

  it('302 to another host name on the same port (localhost vs 127.0.0.1): no token', async () => {
    redirectStatus = 302;
    redirectTo = other.origin.replace('127.0.0.1', 'localhost');
    await call('host name', { kind: 'token', token: TOKEN });
  });

  it('307 of a POST to another origin: no token, and the body does not carry one either', async () => {
    redirectStatus = 307;
    redirectTo = other.origin;
    await call('307 POST', { kind: 'token', token: TOKEN }, 'issueCreateIssue', { owner: 'alice', repo: 'big', body: { title: 'x' } });
  });

  it('a same-origin hop followed by a cross-origin one: no token at the end', async () => {
    redirectStatus = 302;
    redirectTo = other.origin;
    other.received.length = 0;
    const c = clientMethods({ baseUrl: `${instance.origin}/same-origin-hop/git/`, auth: { kind: 'token', token: TOKEN }, timeoutMs: 5000 });
    await outcomeOf(c.userGetCurrent!({}));
    assertNoCredentials('two hops');
  });

  it('when the foreign origin then refuses, the error says why and names no secret', async () => {
    const refusing = await startRecordingServer(() => ({ status: 401, body: '{"message":"token is required"}' }));
    try {
      redirectStatus = 302;
      redirectTo = refusing.origin;
      const c = clientMethods({ baseUrl: `${instance.origin}/git/`, auth: { kind: 'token', token: TOKEN }, timeoutMs: 5000 });
      const out = await outcomeOf(c.userGetCurrent!({}));
      assert.ok(!out.ok && 'error' in out && isGiteaError(out.error), 'expected a GiteaError');
      const e = (out as { error: Error & { kind: string } }).error;
      assert.equal(e.kind, 'unauthorized');
      assert.match(e.message, new RegExp(refusing.origin.replace(/[.:/]/g, '\\$&')), 'the message should name where the redirect went');
      assert.ok(!e.message.includes(TOKEN));
      for (const r of refusing.received) assert.equal(r.headers.authorization, undefined);
    } finally {
      await refusing.close();
    }
  });
});

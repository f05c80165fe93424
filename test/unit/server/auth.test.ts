// Authentication of the test server: token/Bearer/Basic schemes, 2FA one-time codes, token creation with
// the password only, scopes, and the 401/403/404 bodies Gitea sends.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, totp, type TestServer } from '../../server/index';
import { api, basic } from './helpers';

describe('test server: authentication', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('accepts token, Bearer and Basic with the token as password, and records the scheme as sent', async () => {
    const alice = server.fixtures.users.alice;
    for (const authorization of [`token ${alice.tokens.all}`, `Bearer ${alice.tokens.all}`, basic('alice', alice.tokens.all), basic('alice', alice.password)]) {
      const res = await api(server, '/user', { authorization });
      assert.equal(res.status, 200, authorization.split(' ')[0]);
      assert.equal(res.json.login, 'alice');
    }
    const recorded = server.requests.filter((r) => r.apiPath === '/user').map((r) => r.headers.authorization.split(' ')[0]);
    assert.deepEqual(recorded, ['token', 'Bearer', 'Basic', 'Basic']);
  });

  it('answers bad credentials and missing tokens with Gitea\'s 401 messages', async () => {
    const bad = await api(server, '/user', { authorization: basic('alice', 'nope') });
    assert.equal(bad.status, 401);
    assert.deepEqual(bad.json, { message: 'invalid username, password or token', url: `${server.url}api/swagger` });
    const anon = await api(server, '/user');
    assert.equal(anon.status, 401);
    assert.equal(anon.json.message, 'token is required');
  });

  it('requires a fresh X-Gitea-OTP for a two-factor account using its password; each code works once', async () => {
    const bob = server.fixtures.users.bob;
    const authorization = basic('bob', bob.password);
    assert.equal((await api(server, '/user', { authorization })).status, 401);
    const code = totp(bob.totpSecret);
    assert.equal((await api(server, '/user', { authorization, headers: { 'X-Gitea-OTP': code } })).status, 200);
    const replay = await api(server, '/user', { authorization, headers: { 'X-Gitea-OTP': code } });
    assert.equal(replay.status, 401);
    assert.equal(replay.json.message, 'invalid username, password or token');
    assert.equal((await api(server, '/user', { authorization: `token ${bob.tokens.all}` })).status, 200);
  });

  it('refuses the password of an account with a security key (WebAuthn) even with a code; tokens still work', async () => {
    const { bob, carol } = server.fixtures.users;
    const enrolled = [server.state.userByName('carol')!, server.state.userByName('bob')!];
    for (const u of enrolled) u.webAuthnEnrolled = true;
    try {
      const refused = await api(server, '/user', { authorization: basic('carol', carol.password) });
      assert.equal(refused.status, 401);
      assert.deepEqual(refused.json, { message: 'basic authorization is not allowed while WebAuthn enrolled', url: `${server.url}api/swagger` });
      // Gitea checks the password first: a wrong one gets the usual message, so the key is not revealed.
      const wrong = await api(server, '/user', { authorization: basic('carol', 'nope') });
      assert.equal(wrong.json.message, 'invalid username, password or token');
      // The security key is checked before the one-time code.
      const withCode = await api(server, '/user', { authorization: basic('bob', bob.password), headers: { 'X-Gitea-OTP': totp(bob.totpSecret) } });
      assert.equal(withCode.json.message, 'basic authorization is not allowed while WebAuthn enrolled');
      const create = await api(server, '/users/carol/tokens', { method: 'POST', authorization: basic('carol', carol.password), body: { name: 'x', scopes: ['all'] } });
      assert.equal(create.status, 401);
      assert.equal((await api(server, '/user', { authorization: `token ${carol.tokens.all}` })).status, 200);
    } finally {
      for (const u of enrolled) u.webAuthnEnrolled = false;
    }
  });

  it('creates tokens only with Basic password auth', async () => {
    const alice = server.fixtures.users.alice;
    const withToken = await api(server, '/users/alice/tokens', { method: 'POST', as: 'alice', body: { name: 'x', scopes: ['all'] } });
    assert.equal(withToken.status, 401);
    const created = await api(server, '/users/alice/tokens', {
      method: 'POST', authorization: basic('alice', alice.password), body: { name: 'editor', scopes: ['write:issue', 'read:repository'] },
    });
    assert.equal(created.status, 201);
    assert.equal(created.json.sha1.length, 40);
    assert.equal(created.json.token_last_eight, created.json.sha1.slice(-8));
    const issue = await api(server, '/repos/alice/demo/issues', { method: 'POST', authorization: `token ${created.json.sha1}`, body: { title: 'via new token' } });
    assert.equal(issue.status, 201);
    const missing = await api(server, '/users/alice/tokens', { method: 'POST', authorization: basic('alice', alice.password), body: {} });
    assert.equal(missing.status, 422);
    assert.equal(missing.json.message, '[Name]: Required');
  });

  it('deletes a token by id or by name with the password only; the deleted token is refused from then on', async () => {
    const alice = server.fixtures.users.alice;
    const password = basic('alice', alice.password);
    const make = async (name: string) =>
      (await api(server, '/users/alice/tokens', { method: 'POST', authorization: password, body: { name, scopes: ['all'] } })).json as { id: number; sha1: string };
    const byId = await make('revoke-by-id');
    const byName = await make('revoke-by-name');
    assert.equal((await api(server, `/users/alice/tokens/${byId.id}`, { method: 'DELETE', authorization: `token ${byId.sha1}` })).status, 401, 'a token cannot delete tokens');
    assert.equal((await api(server, `/users/alice/tokens/${byId.id}`, { method: 'DELETE', authorization: password })).status, 204);
    assert.equal((await api(server, '/users/alice/tokens/revoke-by-name', { method: 'DELETE', authorization: password })).status, 204);
    assert.equal((await api(server, '/users/alice/tokens/revoke-by-name', { method: 'DELETE', authorization: password })).status, 404, 'gone');
    for (const token of [byId.sha1, byName.sha1]) {
      const refused = await api(server, '/user', { authorization: `token ${token}` });
      assert.equal(refused.status, 401);
      assert.equal(refused.json.message, 'invalid username, password or token');
    }
    assert.equal((await api(server, '/user', { authorization: `token ${alice.tokens.all}` })).status, 200, 'the other tokens still work');
  });

  it('answers a missing token scope with 403 and the required scope', async () => {
    const authorization = `token ${server.fixtures.users.alice.tokens.readRepository}`;
    assert.equal((await api(server, '/repos/alice/demo', { authorization })).status, 200);
    const res = await api(server, '/repos/alice/demo/issues', { method: 'POST', authorization, body: { title: 'x' } });
    assert.equal(res.status, 403);
    assert.equal(res.json.message, 'token does not have at least one of required scope(s), required=[write:issue], token scope=read:repository');
  });

  it('hides private repositories with 404 and answers unknown routes with "not found"', async () => {
    const res = await api(server, '/repos/acme/private-repo', { as: 'bob' });
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, { message: 'not found', url: `${server.url}api/swagger` });
    assert.equal((await api(server, '/repos/acme/private-repo', { as: 'carol' })).status, 200);
    assert.equal((await api(server, '/no/such/route')).json.message, 'not found');
  });
});

// The test server answers Clone from and Publish to Gitea's requests as Gitea 1.27 does (routes/userRepos.ts): the
// caller's repositories, the search, creating for the user or an organisation (409 taken, 403 not allowed, 422 a
// reserved name or a name the binding refuses) and the organisation permissions.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { join } from 'node:path';
import { api, gitSandbox } from './helpers';

describe('test server: the user\'s repositories, search and create', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('GET /user/repos: owned, collaborating and through a team, by name, with paging headers', async () => {
    const alice = await api(server, '/user/repos', { as: 'alice' });
    const names: string[] = alice.json.map((r: { full_name: string }) => r.full_name);
    assert.ok(names.includes('alice/demo') && names.includes('acme/private-repo'), names.join());
    assert.ok(!names.includes('carol/notes'), 'another user\'s public repository is not "mine"');
    assert.deepEqual([...names].map((n) => n.split('/')[1]!.toLowerCase()), [...names].map((n) => n.split('/')[1]!.toLowerCase()).sort());
    assert.equal(alice.headers.get('x-total-count'), String(names.length));
    const carol = await api(server, '/user/repos', { as: 'carol' });
    const carols: string[] = carol.json.map((r: { full_name: string }) => r.full_name);
    assert.ok(carols.includes('carol/notes') && carols.includes('alice/demo') && carols.includes('acme/private-repo'), carols.join());
    assert.equal((await api(server, '/user/repos')).status, 401);
  });

  it('GET /repos/search?q=: {ok, data} with private repositories only for those who may read them', async () => {
    const found = await api(server, '/repos/search?q=PRIVATE', { as: 'alice' });
    assert.equal(found.json.ok, true);
    assert.deepEqual(found.json.data.map((r: { full_name: string }) => r.full_name), ['acme/private-repo']);
    const anonymous = await api(server, '/repos/search?q=private');
    assert.deepEqual(anonymous.json.data, []);
    const byDescription = await api(server, '/repos/search?q=tooling&includeDesc=true', { as: 'alice' });
    assert.deepEqual(byDescription.json.data.map((r: { full_name: string }) => r.full_name), ['acme/private-repo']);
    assert.deepEqual((await api(server, '/repos/search?q=tooling', { as: 'alice' })).json.data, []);
  });

  it('POST /user/repos: 201 an empty repository a push fills; 409 the same name in any case; 422 reserved and refused names', async () => {
    const created = await api(server, '/user/repos', { method: 'POST', as: 'bob', body: { name: 'fresh', private: true } });
    assert.equal(created.status, 201);
    assert.equal(created.json.full_name, 'bob/fresh');
    assert.equal(created.json.private, true);
    assert.equal(created.json.empty, true);
    assert.equal(created.json.clone_url, `${server.url}bob/fresh.git`);
    const taken = await api(server, '/user/repos', { method: 'POST', as: 'bob', body: { name: 'FRESH' } });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.message, 'The repository with the same name already exists.');
    assert.equal((await api(server, '/user/repos', { method: 'POST', as: 'bob', body: { name: 'x.git' } })).json.message, 'name pattern is not allowed [pattern: *.git]');
    assert.equal((await api(server, '/user/repos', { method: 'POST', as: 'bob', body: { name: '..' } })).json.message, 'name is reserved [name: ..]');
    const refused = await api(server, '/user/repos', { method: 'POST', as: 'bob', body: { name: 'a b' } });
    assert.equal(refused.status, 422);
    const sandbox = await gitSandbox();
    try {
      const work = join(sandbox.dir, 'work');
      assert.equal((await sandbox.git(['init', '-q', '-b', 'main', work])).code, 0);
      assert.equal((await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'first'], work)).code, 0);
      const url = new URL(created.json.clone_url);
      url.username = 'bob';
      url.password = server.fixtures.users.bob.tokens.all;
      const pushed = await sandbox.git(['push', '-q', url.toString(), 'main'], work);
      assert.equal(pushed.code, 0, pushed.stderr);
    } finally {
      await sandbox.dispose();
    }
    const after = await api(server, '/repos/bob/fresh', { as: 'bob' });
    assert.equal(after.json.empty, false);
  });

  it('POST /orgs/{org}/repos: owners and teams that may create get 201; other members 403; 404 for an unknown org', async () => {
    assert.equal((await api(server, '/orgs/acme/repos', { method: 'POST', as: 'alice', body: { name: 'tools2' } })).status, 201);
    const carol = await api(server, '/orgs/acme/repos', { method: 'POST', as: 'carol', body: { name: 'tools3' } });
    assert.equal(carol.status, 403);
    assert.equal(carol.json.message, 'Given user is not allowed to create repository in organization.');
    assert.equal((await api(server, '/repos/acme/tools3', { as: 'alice' })).status, 404, 'nothing was created');
    assert.equal((await api(server, '/orgs/acme/repos', { method: 'POST', as: 'alice', body: { name: 'tools2' } })).status, 409);
    assert.equal((await api(server, '/orgs/nobody/repos', { method: 'POST', as: 'alice', body: { name: 'x' } })).status, 404);
  });

  it('GET /users/{u}/orgs/{org}/permissions: from the user\'s teams', async () => {
    const alice = await api(server, '/users/alice/orgs/acme/permissions', { as: 'alice' });
    assert.deepEqual(alice.json, { can_create_repository: true, can_read: true, can_write: true, is_admin: true, is_owner: true });
    const carol = await api(server, '/users/carol/orgs/acme/permissions', { as: 'carol' });
    assert.deepEqual(carol.json, { can_create_repository: false, can_read: true, can_write: false, is_admin: false, is_owner: false });
  });
});

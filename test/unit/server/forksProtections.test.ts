// The test server's forks list, branch protection rules and single commit, as Gitea 1.27 answers them
// (routers/api/v1/repo/fork.go, branch.go behind reqAdmin(), commits.go GetSingleCommit).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: forks, branch protections, one commit', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server?.close();
  });

  it('lists the forks the caller may read, with X-Total-Count', async () => {
    assert.deepEqual((await api(server, '/repos/alice/demo/forks', { as: 'carol' })).json, []);
    const fork = await api(server, '/repos/alice/demo/forks', { as: 'carol', method: 'POST', body: {} });
    assert.equal(fork.status, 202);
    const list = await api(server, '/repos/alice/demo/forks', { as: 'bob' });
    assert.equal(list.status, 200);
    assert.deepEqual(list.json.map((r: { full_name: string }) => r.full_name), ['carol/demo']);
    assert.equal(list.json[0].fork, true);
    assert.equal(list.json[0].parent.full_name, 'alice/demo');
    assert.equal(list.headers.get('x-total-count'), '1');
  });

  it('branch protections: the rules for the repository\'s admins, 403 for everyone else', async () => {
    const rules = await api(server, '/repos/alice/demo/branch_protections', { as: 'alice' });
    assert.equal(rules.status, 200);
    assert.deepEqual(rules.json.map((r: { rule_name: string; branch_name: string }) => [r.rule_name, r.branch_name]), [['main', 'main']]);
    const reader = await api(server, '/repos/alice/demo/branch_protections', { as: 'carol' });
    assert.equal(reader.status, 403);
    assert.equal(reader.json.message, 'user should be an owner or a collaborator with admin write of a repository');
    assert.equal((await api(server, '/repos/alice/demo/branch_protections', { as: 'bob' })).status, 403, 'a writer is no admin');
  });

  it('one commit by SHA; 404 for a SHA the repository does not have, 422 for what is no ref', async () => {
    const branch = await api(server, '/repos/alice/demo/branches/main', { as: 'alice' });
    const sha = branch.json.commit.id as string;
    const commit = await api(server, `/repos/alice/demo/git/commits/${sha}?stat=false&verification=false&files=false`, { as: 'carol' });
    assert.equal(commit.status, 200);
    assert.equal(commit.json.sha, sha);
    const missing = await api(server, `/repos/alice/demo/git/commits/${'0'.repeat(39)}1`, { as: 'carol' });
    assert.equal(missing.status, 404);
    assert.equal(missing.json.message, `commit doesn't exist: ${'0'.repeat(39)}1`);
    assert.equal((await api(server, '/repos/alice/demo/git/commits/a..b', { as: 'carol' })).status, 422);
  });
});

// A repository with its Actions off, as Gitea 1.27 answers (routers/api/v1/api.go: the Actions routes sit under
// reqRepoReader(unit.TypeActions)): readers are refused with 403 and Gitea's message, never 404; the repository's
// admins and site admins pass and see what there is; the artifact's signed /zip/raw is outside that group.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

const REFUSED = 'user should have specific read permission or be a repo admin or a site admin';

describe('test server: a repository with Actions off', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    const off = await api(server, '/repos/alice/demo', { method: 'PATCH', as: 'alice', body: { has_actions: false } });
    assert.equal(off.status, 200);
    assert.equal(off.json.has_actions, false);
  });
  after(() => server?.close());

  it('a reader and a writer get 403 with Gitea\'s message on runs, jobs, workflows, artifacts and dispatch', async () => {
    for (const [path, method] of [
      ['/repos/alice/demo/actions/runs', 'GET'],
      ['/repos/alice/demo/actions/jobs', 'GET'],
      ['/repos/alice/demo/actions/tasks', 'GET'],
      ['/repos/alice/demo/actions/workflows', 'GET'],
      ['/repos/alice/demo/actions/workflows/ci.yml/dispatches', 'POST'],
    ] as const) {
      for (const as of ['carol', 'bob'] as const) {
        const res = await api(server, path, { method, as, ...(method === 'POST' ? { body: { ref: 'main' } } : {}) });
        assert.equal(res.status, 403, `${as} ${method} ${path}`);
        assert.equal(res.json.message, REFUSED);
      }
    }
  });

  it('the owner still reads the runs and the workflows', async () => {
    const runs = await api(server, '/repos/alice/demo/actions/runs', { as: 'alice' });
    assert.equal(runs.status, 200);
    assert.ok(runs.json.total_count > 0);
    const workflows = await api(server, '/repos/alice/demo/actions/workflows', { as: 'alice' });
    assert.equal(workflows.status, 200);
  });

  it('Actions on again: the reader reads the runs', async () => {
    const on = await api(server, '/repos/alice/demo', { method: 'PATCH', as: 'alice', body: { has_actions: true } });
    assert.equal(on.status, 200);
    assert.equal((await api(server, '/repos/alice/demo/actions/runs', { as: 'carol' })).status, 200);
  });
});

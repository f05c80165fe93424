// BEHAVIOR.md traps around issues, dependencies and the archived repository.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: issues', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('serialises unset issue fields as null (assignees null, not [])', async () => {
    const res = await api(server, '/repos/alice/demo/issues/2');
    for (const field of ['milestone', 'assignee', 'assignees', 'closed_at', 'due_date', 'pull_request', 'projects']) {
      assert.equal(res.json[field], null, field);
    }
    assert.deepEqual(res.json.assets, []);
    const one = await api(server, '/repos/alice/demo/issues/1');
    assert.equal(one.json.assignees.length, 2);
    assert.equal(one.json.due_date, '2024-03-01T23:59:59Z');
  });

  it('issue create: 401 → 423 → 422 order, "[Title]: Required", 422 for an unknown assignee, 400 for unknown ids', async () => {
    assert.equal((await api(server, '/repos/alice/archived/issues', { method: 'POST', body: {} })).status, 401);
    const archived = await api(server, '/repos/alice/archived/issues', { method: 'POST', as: 'alice', body: {} });
    assert.equal(archived.status, 423);
    assert.equal(archived.json.message, 'repo is archived');
    const noTitle = await api(server, '/repos/alice/demo/issues', { method: 'POST', as: 'alice', body: { body: 'x' } });
    assert.equal(noTitle.status, 422);
    assert.equal(noTitle.json.message, '[Title]: Required');
    const who = await api(server, '/repos/alice/demo/issues', { method: 'POST', as: 'alice', body: { title: 't', assignees: ['zed'] } });
    assert.equal(who.status, 422);
    assert.match(who.json.message, /^Assignee does not exist/);
    for (const body of [{ title: 't', milestone: 999 }, { title: 't', labels: [999] }, { title: 't', projects: [999] }]) {
      assert.equal((await api(server, '/repos/alice/demo/issues', { method: 'POST', as: 'alice', body })).status, 400);
    }
  });

  it('silently drops labels, milestone, assignees and due date for callers without write access', async () => {
    const body = { title: 'From a reader', labels: [4], milestone: 1, assignees: ['alice'], due_date: '2024-05-01T10:00:00Z' };
    const res = await api(server, '/repos/alice/demo/issues', { method: 'POST', as: 'carol', body });
    assert.equal(res.status, 201);
    assert.deepEqual(res.json.labels, []);
    assert.equal(res.json.milestone, null);
    assert.equal(res.json.assignees, null);
    assert.equal(res.json.due_date, null);
    const writer = await api(server, '/repos/alice/demo/issues', { method: 'POST', as: 'bob', body });
    assert.equal(writer.json.labels[0].name, 'bug');
    assert.equal(writer.json.due_date, '2024-05-01T23:59:59Z');
  });

  it('dependencies: POST 201, duplicate 500 with an empty message, DELETE 201 with the issue, missing → 500', async () => {
    const meta = { owner: 'alice', repo: 'demo', index: 9 };
    const add = await api(server, '/repos/alice/demo/issues/2/dependencies', { method: 'POST', as: 'alice', body: meta });
    assert.equal(add.status, 201);
    assert.equal(add.json.number, 2);
    const dup = await api(server, '/repos/alice/demo/issues/2/dependencies', { method: 'POST', as: 'alice', body: meta });
    assert.equal(dup.status, 500);
    assert.equal(dup.json.message, '');
    const circular = await api(server, '/repos/alice/demo/issues/9/dependencies', { method: 'POST', as: 'root', body: { ...meta, index: 2 } });
    assert.equal(circular.status, 500);
    assert.match(circular.json.message, /circular/);
    const blockers = await api(server, '/repos/alice/demo/issues/2/dependencies');
    assert.deepEqual(blockers.json.map((i: { number: number }) => i.number), [1, 9]);
    const del = await api(server, '/repos/alice/demo/issues/2/dependencies', { method: 'DELETE', as: 'alice', body: meta });
    assert.equal(del.status, 201);
    assert.equal(del.json.number, 2, 'DELETE answers with the issue of the URL (recordings, line 44)');
    assert.equal((await api(server, '/repos/alice/demo/issues/2/dependencies', { method: 'DELETE', as: 'alice', body: meta })).status, 500);
    const noOwner = await api(server, '/repos/alice/demo/issues/7/dependencies', { method: 'DELETE', as: 'alice', body: { index: 1 } });
    assert.equal(noOwner.status, 404);
  });

  it('closing a new issue works (no dependencies) and archived dependency changes are 423', async () => {
    const res = await api(server, '/repos/alice/demo/issues', { method: 'POST', as: 'alice', body: { title: 'done already', closed: true } });
    assert.equal(res.json.state, 'closed');
    const dep = await api(server, '/repos/alice/archived/issues/2/dependencies', {
      method: 'DELETE', as: 'alice', body: { owner: 'alice', repo: 'archived', index: 1 },
    });
    assert.equal(dep.status, 423);
  });

  it('issue search: team needs owner (400), bad since (422), no limit clamp', async () => {
    const team = await api(server, '/repos/issues/search?team=Developers', { as: 'alice' });
    assert.equal(team.status, 400);
    const since = await api(server, '/repos/issues/search?since=yesterday', { as: 'alice' });
    assert.equal(since.status, 422);
    const all = await api(server, '/repos/issues/search?state=all&limit=100', { as: 'alice' });
    assert.equal(all.headers.get('link'), null);
    assert.equal(all.json.length, Number(all.headers.get('x-total-count')));
    const assigned = await api(server, '/repos/issues/search?assigned=true&state=all', { as: 'bob' });
    assert.deepEqual(assigned.json.map((i: { number: number }) => i.number), [1]);
  });
});

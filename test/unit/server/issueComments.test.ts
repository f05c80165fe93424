// Issue comments, the timeline and issue edits as Gitea 1.27 answers them (routers/api/v1/repo/issue_comment.go,
// issue.go, issue_label.go): who may change a comment, the archive, and the events each change records.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: issue comments, timeline and edits', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const comment = (index: number, as: 'alice' | 'bob' | 'carol', body: unknown) =>
    api(server, `/repos/alice/demo/issues/${index}/comments`, { method: 'POST', as, body: { body } });

  it('create: 201 Comment, counted on the issue; 401 anonymous; 422 "[Body]: Required"; 423 archived', async () => {
    const before = (await api(server, '/repos/alice/demo/issues/2')).json.comments as number;
    const res = await comment(2, 'carol', 'Me too.');
    assert.equal(res.status, 201);
    assert.equal(res.json.body, 'Me too.');
    assert.equal(res.json.user.login, 'carol');
    assert.match(res.json.html_url, /\/alice\/demo\/issues\/2#issuecomment-\d+$/);
    assert.equal(res.json.pull_request_url, '');
    assert.equal((await api(server, '/repos/alice/demo/issues/2')).json.comments, before + 1);
    assert.equal((await api(server, '/repos/alice/demo/issues/2/comments', { method: 'POST', body: { body: 'x' } })).status, 401);
    const empty = await comment(2, 'carol', '');
    assert.equal(empty.status, 422);
    assert.equal(empty.json.message, '[Body]: Required');
    const archived = await api(server, '/repos/alice/archived/issues/1/comments', { method: 'POST', as: 'alice', body: { body: 'x' } });
    assert.equal(archived.status, 423);
    assert.equal(archived.json.message, 'repo is archived');
  });

  it('a locked issue refuses comments of readers (403) but not of writers', async () => {
    const issue = server.state.issueByIndex(1, 7)!;
    issue.isLocked = true;
    try {
      const refused = await comment(7, 'carol', 'Hello');
      assert.equal(refused.status, 403);
      assert.equal(refused.json.message, 'You cannot comment on a locked issue.');
      assert.equal((await comment(7, 'bob', 'Writers may')).status, 201);
    } finally {
      issue.isLocked = false;
    }
  });

  it('list: plain comments only, oldest first, X-Total-Count, since filter', async () => {
    await comment(9, 'bob', 'first');
    await comment(9, 'alice', 'second');
    await api(server, '/repos/alice/demo/issues/9', { method: 'PATCH', as: 'alice', body: { title: 'Question about installing' } });
    const res = await api(server, '/repos/alice/demo/issues/9/comments');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.map((c: { body: string }) => c.body), ['first', 'second']);
    assert.equal(res.headers.get('x-total-count'), '2');
    const later = await api(server, '/repos/alice/demo/issues/9/comments?since=2999-01-01T00:00:00Z');
    assert.deepEqual(later.json, []);
    // Real Gitea (1.26.3 and 1.27.0) takes a missing issue's comments for an internal error, not a 404.
    const missing = await api(server, '/repos/alice/demo/issues/999/comments', { as: 'root' });
    assert.equal(missing.status, 500);
    assert.match(String(missing.json?.message), /^issue does not exist \[id: 0, repo_id: \d+, index: 999\]$/);
  });

  it('edit and delete: the author or a writer; others 403 with no message; 404 for another repository', async () => {
    const mine = (await comment(2, 'carol', 'typo hre')).json;
    const theirs = (await comment(2, 'bob', 'by bob')).json;
    const edited = await api(server, `/repos/alice/demo/issues/comments/${mine.id}`, { method: 'PATCH', as: 'carol', body: { body: 'typo here' } });
    assert.equal(edited.status, 200);
    assert.equal(edited.json.body, 'typo here');
    const refused = await api(server, `/repos/alice/demo/issues/comments/${theirs.id}`, { method: 'PATCH', as: 'carol', body: { body: 'x' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.text, '');
    assert.equal((await api(server, `/repos/alice/demo/issues/comments/${theirs.id}`, { method: 'DELETE', as: 'carol' })).status, 403);
    // bob has write access: he may edit carol's comment.
    assert.equal((await api(server, `/repos/alice/demo/issues/comments/${mine.id}`, { method: 'PATCH', as: 'bob', body: { body: 'fixed' } })).status, 200);
    assert.equal((await api(server, `/repos/carol/notes/issues/comments/${mine.id}`, { method: 'DELETE', as: 'carol' })).status, 404);
    assert.equal((await api(server, `/repos/alice/demo/issues/comments/${mine.id}`, { method: 'DELETE', as: 'carol' })).status, 204);
    assert.equal((await api(server, `/repos/alice/demo/issues/comments/${mine.id}`, { method: 'DELETE', as: 'carol' })).status, 404);
    const bodies = (await api(server, '/repos/alice/demo/issues/2/comments')).json.map((c: { body: string }) => c.body);
    assert.ok(!bodies.includes('fixed') && bodies.includes('by bob'));
  });

  it('editing a comment of an archived repository answers 423 before anything else', async () => {
    const archived = server.state.repo(2)!;
    const issue = server.state.issueByIndex(2, 1)!;
    const now = new Date();
    const id = server.state.nextId('comment');
    server.state.comments.push({ id, issueId: issue.id, posterId: 2, body: 'old', created: now, updated: now });
    assert.equal(archived.archived, true);
    const res = await api(server, `/repos/alice/archived/issues/comments/${id}`, { method: 'PATCH', as: 'alice', body: { body: 'new' } });
    assert.equal(res.status, 423);
  });

  it('edit issue: answers 201; title, state, assignees, milestone and labels each record their timeline event', async () => {
    const path = '/repos/alice/demo/issues/7';
    const res = await api(server, path, { method: 'PATCH', as: 'bob', body: { title: 'Refactor the utils', assignees: ['bob'], milestone: 1 } });
    assert.equal(res.status, 201);
    assert.equal(res.json.title, 'Refactor the utils');
    assert.deepEqual(res.json.assignees.map((u: { login: string }) => u.login), ['bob']);
    assert.equal(res.json.milestone.id, 1);
    const labels = await api(server, `${path}/labels`, { method: 'POST', as: 'bob', body: { labels: ['bug', 99999] } });
    assert.equal(labels.status, 200);
    assert.deepEqual(labels.json.map((l: { name: string }) => l.name), ['bug']);
    assert.equal((await api(server, `${path}/labels/${labels.json[0].id}`, { method: 'DELETE', as: 'bob' })).status, 204);
    assert.equal((await api(server, `${path}/labels/99999`, { method: 'DELETE', as: 'bob' })).status, 422);
    await comment(7, 'carol', 'Thanks');
    const timeline = await api(server, `${path}/timeline?limit=50`);
    assert.equal(timeline.status, 200);
    const types = timeline.json.map((e: { type: string }) => e.type);
    for (const t of ['change_title', 'assignees', 'milestone', 'label', 'comment']) assert.ok(types.includes(t), `${t} in ${types}`);
    const title = timeline.json.find((e: { type: string }) => e.type === 'change_title');
    assert.equal(title.old_title, 'Refactor utils');
    assert.equal(title.new_title, 'Refactor the utils');
    const [added, removed] = timeline.json.filter((e: { type: string }) => e.type === 'label');
    assert.equal(added.label.name, 'bug');
    assert.equal(added.body, '1');
    assert.equal(removed.body, '');
    const assigned = timeline.json.find((e: { type: string }) => e.type === 'assignees');
    assert.equal(assigned.assignee.login, 'bob');
    assert.equal(assigned.removed_assignee, false);
    assert.equal(timeline.json.find((e: { type: string }) => e.type === 'milestone').milestone.id, 1);
    assert.equal(timeline.json.find((e: { type: string }) => e.type === 'comment').label, null);
  });

  it('edit issue: close with open dependencies → 412; non-writers 403 on others\' issues, writer-only fields ignored on their own', async () => {
    const closing = await api(server, '/repos/alice/demo/issues/2', { method: 'PATCH', as: 'alice', body: { state: 'closed' } });
    assert.equal(closing.status, 412);
    assert.equal((await api(server, '/repos/alice/demo/issues/2', { method: 'PATCH', as: 'carol', body: { title: 'x' } })).status, 403);
    const own = await api(server, '/repos/alice/demo/issues/9', { method: 'PATCH', as: 'carol', body: { state: 'closed', assignees: ['alice'] } });
    assert.equal(own.status, 201);
    assert.equal(own.json.state, 'closed');
    assert.equal(own.json.assignees, null);
    const reopened = await api(server, '/repos/alice/demo/issues/9', { method: 'PATCH', as: 'carol', body: { state: 'open' } });
    assert.equal(reopened.json.state, 'open');
    const types = (await api(server, '/repos/alice/demo/issues/9/timeline')).json.map((e: { type: string }) => e.type);
    assert.deepEqual(types.filter((t: string) => t === 'close' || t === 'reopen'), ['close', 'reopen']);
    const merged = await api(server, '/repos/alice/demo/issues/3', { method: 'PATCH', as: 'alice', body: { state: 'open' } });
    assert.equal(merged.status, 412);
    assert.equal((await api(server, '/repos/alice/demo/issues/7/labels', { method: 'PUT', as: 'carol', body: { labels: [] } })).status, 403);
  });

  it('replace labels sets exactly the given ones (by id or name) and the timeline pages', async () => {
    const bug = (await api(server, '/repos/alice/demo/labels')).json.find((l: { name: string }) => l.name === 'bug');
    const res = await api(server, '/repos/alice/demo/issues/5/labels', { method: 'PUT', as: 'alice', body: { labels: [bug.id, 'question'] } });
    assert.deepEqual(res.json.map((l: { name: string }) => l.name).sort(), ['bug', 'question']);
    assert.deepEqual((await api(server, '/repos/alice/demo/issues/5')).json.labels.map((l: { name: string }) => l.name).sort(), ['bug', 'question']);
    const page1 = await api(server, '/repos/alice/demo/issues/5/timeline?limit=2&page=1');
    const page2 = await api(server, '/repos/alice/demo/issues/5/timeline?limit=2&page=2');
    assert.equal(page1.json.length, 2);
    assert.ok(page2.json.length >= 1);
    assert.ok(page1.json[1].id < page2.json[0].id, 'oldest first across pages');
  });
});

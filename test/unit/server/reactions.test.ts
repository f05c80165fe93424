// Reactions as Gitea 1.27 answers them (routers/api/v1/repo/issue_reaction.go, models/issues/reaction.go; checked
// against a real 1.27.0): 201 new / 200 already there, DELETE 204 either way, 403 outside the allowed set or on a
// locked issue for readers, 404 for a comment that is not there, an empty list is `null`, archived repositories
// accept reactions (the routes have no archive check), GET /settings/ui lists the allowed set.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: reactions', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const issueReactions = '/repos/alice/demo/issues/2/reactions';

  it('GET /settings/ui lists Gitea’s default allowed reactions', async () => {
    const res = await api(server, '/settings/ui');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.allowed_reactions, ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes']);
    assert.equal(res.json.default_theme, 'gitea-auto');
  });

  it('issue: null when empty; POST 201 then 200 for the same; GET lists it with X-Total-Count; DELETE 204 twice', async () => {
    const empty = await api(server, issueReactions);
    assert.equal(empty.status, 200);
    assert.equal(empty.text.trim(), 'null');
    const created = await api(server, issueReactions, { method: 'POST', as: 'carol', body: { content: 'heart' } });
    assert.equal(created.status, 201);
    assert.deepEqual(Object.keys(created.json), ['user', 'content', 'created_at']);
    assert.equal(created.json.user.login, 'carol');
    assert.equal(created.json.content, 'heart');
    const again = await api(server, issueReactions, { method: 'POST', as: 'carol', body: { content: 'heart' } });
    assert.equal(again.status, 200);
    assert.equal(again.json.created_at, created.json.created_at);
    await api(server, issueReactions, { method: 'POST', as: 'bob', body: { content: 'heart' } });
    const list = await api(server, issueReactions);
    assert.deepEqual(list.json.map((x: { user: { login: string }; content: string }) => `${x.user.login}:${x.content}`), ['carol:heart', 'bob:heart']);
    assert.equal(list.headers.get('x-total-count'), '2');
    assert.deepEqual((await api(server, `${issueReactions}?page=2&limit=1`)).json.map((x: { user: { login: string } }) => x.user.login), ['bob']);
    for (let i = 0; i < 2; i++) {
      const removed = await api(server, issueReactions, { method: 'DELETE', as: 'carol', body: { content: 'heart' } });
      assert.equal(removed.status, 204);
      assert.equal(removed.text, '');
    }
    assert.deepEqual((await api(server, issueReactions)).json.map((x: { user: { login: string } }) => x.user.login), ['bob']);
  });

  it('refusals: 403 outside the allowed set (also empty), 401 anonymous, 404 unknown issue, 403 locked for readers only', async () => {
    const nope = await api(server, issueReactions, { method: 'POST', as: 'carol', body: { content: 'nope' } });
    assert.deepEqual([nope.status, nope.json.message], [403, "'nope' is not an allowed reaction"]);
    const none = await api(server, issueReactions, { method: 'POST', as: 'carol', body: {} });
    assert.deepEqual([none.status, none.json.message], [403, "'' is not an allowed reaction"]);
    assert.equal((await api(server, issueReactions, { method: 'POST', body: { content: 'heart' } })).status, 401);
    const missing = await api(server, '/repos/alice/demo/issues/999/reactions', { method: 'POST', as: 'carol', body: { content: 'heart' } });
    assert.deepEqual([missing.status, missing.json.message], [404, 'not found']);
    const issue = server.state.issueByIndex(1, 7)!;
    issue.isLocked = true;
    try {
      const locked = await api(server, '/repos/alice/demo/issues/7/reactions', { method: 'POST', as: 'carol', body: { content: 'eyes' } });
      assert.deepEqual([locked.status, locked.json.message], [403, 'no permission to change reaction']);
      assert.equal((await api(server, '/repos/alice/demo/issues/7/reactions', { method: 'POST', as: 'bob', body: { content: 'eyes' } })).status, 201);
    } finally {
      issue.isLocked = false;
    }
    const archived = await api(server, '/repos/alice/archived/issues/1/reactions', { method: 'POST', as: 'alice', body: { content: 'eyes' } });
    assert.equal(archived.status, 201, 'Gitea checks no archive on reactions');
  });

  it('comments: GET null then the list (not the issue’s), POST/DELETE like the issue’s, 404 with Gitea’s text', async () => {
    const posted = await api(server, '/repos/alice/demo/issues/2/comments', { method: 'POST', as: 'bob', body: { body: 'React to me' } });
    const path = `/repos/alice/demo/issues/comments/${posted.json.id}/reactions`;
    assert.equal((await api(server, path)).text.trim(), 'null');
    assert.equal((await api(server, path, { method: 'POST', as: 'alice', body: { content: 'rocket' } })).status, 201);
    assert.equal((await api(server, path, { method: 'POST', as: 'alice', body: { content: 'rocket' } })).status, 200);
    assert.deepEqual((await api(server, path)).json.map((x: { content: string }) => x.content), ['rocket']);
    assert.ok(!(await api(server, issueReactions)).json?.some((x: { content: string }) => x.content === 'rocket'), 'the issue’s list leaves comments out');
    assert.equal((await api(server, path, { method: 'DELETE', as: 'alice', body: { content: 'rocket' } })).status, 204);
    assert.equal((await api(server, path)).text.trim(), 'null');
    const missing = await api(server, '/repos/alice/demo/issues/comments/999999/reactions');
    assert.deepEqual([missing.status, missing.json.message], [404, 'comment does not exist [id: 999999, issue_id: 0]']);
  });

  it('a reaction no longer allowed is left out of the lists', async () => {
    const path = '/repos/alice/demo/issues/3/reactions';
    await api(server, path, { method: 'POST', as: 'alice', body: { content: 'confused' } });
    const allowed = server.state.settings.reactions;
    server.state.settings.reactions = allowed.filter((x) => x !== 'confused');
    try {
      assert.equal((await api(server, path)).text.trim(), 'null');
      assert.ok(!(await api(server, '/settings/ui')).json.allowed_reactions.includes('confused'));
    } finally {
      server.state.settings.reactions = allowed;
    }
  });
});

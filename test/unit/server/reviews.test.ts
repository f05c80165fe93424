// Pull request reviews as Gitea 1.27 answers them (routers/api/v1/repo/pull_review.go): pending reviews seen
// only by their author, the 422 refusals, line comments with their diff hunk, review requests.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: pull request reviews', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());
  const reviews = '/repos/alice/demo/pulls/6/reviews';

  it('refuses approving or rejecting one\'s own pull request, an empty COMMENT and a REQUEST_CHANGES without body (422)', async () => {
    const own = await api(server, reviews, { method: 'POST', as: 'alice', body: { event: 'APPROVED' } });
    assert.equal(own.status, 422);
    assert.equal(own.json.message, 'approve your own pull is not allowed');
    assert.equal((await api(server, reviews, { method: 'POST', as: 'alice', body: { event: 'REQUEST_CHANGES', body: 'x' } })).status, 422);
    const empty = await api(server, reviews, { method: 'POST', as: 'bob', body: { event: 'COMMENT', body: '  ' } });
    assert.equal(empty.status, 422);
    assert.equal(empty.json.message, 'review event COMMENT requires a body or a comment');
    const reject = await api(server, reviews, { method: 'POST', as: 'bob', body: { event: 'REQUEST_CHANGES' } });
    assert.equal(reject.json.message, 'review event REQUEST_CHANGES requires a body');
    assert.equal((await api(server, '/repos/alice/demo/pulls/999/reviews', { method: 'POST', as: 'bob', body: {} })).status, 404);
  });

  it('a PENDING review with line comments stays pending, seen only by its author, until submitted', async () => {
    const files = (await api(server, '/repos/alice/demo/pulls/6/files')).json as { filename: string; status: string }[];
    const changed = files.find((f) => f.status === 'added')!;
    const created = await api(server, reviews, {
      method: 'POST', as: 'bob',
      body: { event: 'PENDING', body: 'Draft', comments: [{ path: changed.filename, body: 'Why this?', new_position: 1 }] },
    });
    assert.equal(created.status, 200);
    assert.equal(created.json.state, 'PENDING');
    assert.equal(created.json.comments_count, 1);
    assert.equal(created.json.html_url, '');
    assert.match(created.json.commit_id, /^[0-9a-f]{40}$/);
    const id = created.json.id as number;
    assert.equal((await api(server, `${reviews}/${id}`, { as: 'carol' })).status, 404);
    assert.equal((await api(server, `${reviews}/${id}`)).status, 404);
    assert.ok(!(await api(server, reviews, { as: 'carol' })).json.some((r: { id: number }) => r.id === id));
    assert.ok((await api(server, reviews, { as: 'bob' })).json.some((r: { id: number }) => r.id === id));
    const comments = await api(server, `${reviews}/${id}/comments`, { as: 'bob' });
    assert.equal(comments.json.length, 1);
    const c = comments.json[0];
    assert.equal(c.path, changed.filename);
    assert.equal(c.position, 1);
    assert.equal(c.original_position, 0);
    assert.equal(c.pull_request_review_id, id);
    assert.equal(c.resolver, null);
    assert.match(c.diff_hunk, /^diff --git a\/.+\n@@ -\d+(,\d+)? \+1(,\d+)? @@/);
    assert.match(c.html_url, /\/pulls\/6\/files#issuecomment-\d+$/);

    assert.equal((await api(server, `${reviews}/${id}`, { method: 'POST', as: 'bob', body: { event: 'PENDING' } })).json.message, 'review stay pending');
    const submitted = await api(server, `${reviews}/${id}`, { method: 'POST', as: 'bob', body: { event: 'APPROVED', body: 'LGTM' } });
    assert.equal(submitted.status, 200);
    assert.equal(submitted.json.state, 'APPROVED');
    assert.equal(submitted.json.official, true);
    assert.match(submitted.json.html_url, /\/pulls\/6#issuecomment-\d+$/);
    assert.equal((await api(server, `${reviews}/${id}`, { as: 'carol' })).json.body, 'LGTM');
    const again = await api(server, `${reviews}/${id}`, { method: 'POST', as: 'bob', body: { event: 'COMMENT', body: 'x' } });
    assert.equal(again.json.message, 'only a pending review can be submitted');
    const timeline = (await api(server, '/repos/alice/demo/issues/6/timeline?limit=50')).json as { type: string; review_id: number }[];
    assert.ok(timeline.some((e) => e.type === 'review' && e.review_id === id));
    assert.ok(!timeline.some((e) => e.type === 'code'), 'code comments are left out of the timeline');
    // bob's review request (seeded) is answered by his review.
    assert.deepEqual((await api(server, '/repos/alice/demo/pulls/6')).json.requested_reviewers, []);
  });

  it('a COMMENT review with an old-file line comment; delete: reviewer or site admin only', async () => {
    const created = await api(server, reviews, {
      method: 'POST', as: 'carol', body: { event: 'COMMENT', comments: [{ path: 'README.md', body: 'old line', old_position: 2 }] },
    });
    assert.equal(created.status, 200);
    assert.equal(created.json.state, 'COMMENT');
    assert.equal(created.json.official, false);
    const [c] = (await api(server, `${reviews}/${created.json.id}/comments`)).json;
    assert.equal(c.position, 0);
    assert.equal(c.original_position, 2);
    assert.equal((await api(server, `${reviews}/${created.json.id}`, { method: 'DELETE', as: 'bob' })).status, 403);
    assert.equal((await api(server, `${reviews}/${created.json.id}`, { method: 'DELETE', as: 'carol' })).status, 204);
    assert.equal((await api(server, `${reviews}/${created.json.id}`)).status, 404);
  });

  it('PENDING again adds to the same pending review and replaces its body; an empty one without comments is refused; closed pulls take comments', async () => {
    const first = await api(server, reviews, { method: 'POST', as: 'carol', body: { event: 'PENDING', body: 'one', comments: [{ path: 'README.md', body: 'a', new_position: 1 }] } });
    const second = await api(server, reviews, { method: 'POST', as: 'carol', body: { event: 'PENDING', comments: [{ path: 'README.md', body: 'b', new_position: 2 }] } });
    assert.equal(second.json.id, first.json.id, 'one pending review per reviewer and pull request');
    assert.equal(second.json.comments_count, 2);
    assert.equal(second.json.body, '', 'the absent body replaced "one"');
    // Submitting it as COMMENT needs a body: Gitea looks at review.Comments, which it never loaded there.
    const bare = await api(server, `${reviews}/${first.json.id}`, { method: 'POST', as: 'carol', body: { event: 'COMMENT' } });
    assert.equal(bare.status, 422);
    assert.equal(bare.json.message, 'review event COMMENT requires a body or a comment');
    assert.equal((await api(server, `${reviews}/${first.json.id}`, { method: 'DELETE', as: 'carol' })).status, 204);
    // No pending review and nothing in it: Gitea's ContentEmptyErr comes back as an internal error.
    assert.equal((await api(server, reviews, { method: 'POST', as: 'carol', body: { event: 'PENDING' } })).status, 500);
    assert.ok(!(await api(server, reviews, { as: 'carol' })).json.some((r: { state: string }) => r.state === 'PENDING'));
    // A closed pull request: approving is refused, a comment review is taken.
    const closed = '/repos/alice/demo/pulls/8/reviews';
    const approve = await api(server, closed, { method: 'POST', as: 'alice', body: { event: 'APPROVED' } });
    assert.equal(approve.status, 422);
    assert.equal(approve.json.message, "can't submit review for a closed or merged PR");
    assert.equal((await api(server, closed, { method: 'POST', as: 'alice', body: { event: 'COMMENT', body: 'late note' } })).status, 200);
  });

  it('review requests: 201 with REQUEST_REVIEW reviews, 422 for the poster, 404 for an unknown user, 204 on removal', async () => {
    const path = '/repos/alice/demo/pulls/6/requested_reviewers';
    const added = await api(server, path, { method: 'POST', as: 'alice', body: { reviewers: ['carol'] } });
    assert.equal(added.status, 201);
    assert.equal(added.json[0].state, 'REQUEST_REVIEW');
    assert.equal(added.json[0].user.login, 'carol');
    assert.deepEqual((await api(server, '/repos/alice/demo/pulls/6')).json.requested_reviewers.map((u: { login: string }) => u.login), ['carol']);
    assert.equal((await api(server, path, { method: 'POST', as: 'alice', body: { reviewers: ['alice'] } })).status, 422);
    assert.equal((await api(server, path, { method: 'POST', as: 'alice', body: { reviewers: ['nobody-here'] } })).status, 404);
    assert.equal((await api(server, path, { method: 'DELETE', as: 'alice', body: { reviewers: ['carol'] } })).status, 204);
    assert.deepEqual((await api(server, '/repos/alice/demo/pulls/6')).json.requested_reviewers, []);
    const events = (await api(server, '/repos/alice/demo/issues/6/timeline?limit=50')).json.filter((e: { type: string }) => e.type === 'review_request');
    assert.deepEqual(events.map((e: { removed_assignee: boolean }) => e.removed_assignee), [false, true]);
  });
});

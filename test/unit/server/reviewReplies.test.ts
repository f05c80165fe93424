// Replies to a review line comment as Gitea 1.27 answers them (CreatePullReviewCommentReply): 201 with a comment on
// the parent's line in the parent's review, not pending, with the first comment's diff hunk; the refusals (422
// without a body, 404 for another pull request's comment, 400 for a comment that is not a review comment); and
// Gitea 1.26, which has no such route (405 from its GET-only `pulls/{base}/*` route).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

async function carolComment(server: TestServer): Promise<{ id: number; path: string; line: number }> {
  const files = (await api(server, '/repos/alice/demo/pulls/6/files')).json as { filename: string; status: string }[];
  const path = files.find((f) => f.status !== 'deleted')!.filename;
  const review = await api(server, '/repos/alice/demo/pulls/6/reviews', {
    method: 'POST', as: 'carol', body: { event: 'COMMENT', comments: [{ path, body: 'Why?', new_position: 1 }] },
  });
  assert.equal(review.status, 200, review.text);
  const comments = await api(server, `/repos/alice/demo/pulls/6/reviews/${review.json.id as number}/comments`, { as: 'carol' });
  return { id: comments.json[0].id as number, path, line: 1 };
}

describe('test server: replies to review comments', () => {
  let server: TestServer;
  let old: TestServer;
  before(async () => {
    server = await startTestServer();
    old = await startTestServer({ version: '1.26.3' });
  });
  after(async () => {
    await server?.close();
    await old?.close();
  });

  it('answers 201 with the reply, on the parent\'s line and review, not pending, with its diff hunk', async () => {
    const parent = await carolComment(server);
    const reply = await api(server, `/repos/alice/demo/pulls/6/comments/${parent.id}/replies`, { method: 'POST', as: 'alice', body: { body: 'Because.' } });
    assert.equal(reply.status, 201, reply.text);
    const parentJson = server.state.comments.find((c) => c.id === parent.id)!;
    assert.equal(reply.json.body, 'Because.');
    assert.equal(reply.json.user.login, 'alice');
    assert.equal(reply.json.path, parent.path);
    assert.equal(reply.json.position, parent.line);
    assert.equal(reply.json.pull_request_review_id, parentJson.reviewId);
    assert.equal(reply.json.diff_hunk, parentJson.diffHunk);
    // Others see it at once (it is in carol's submitted review, not in a pending one of alice).
    const listed = await api(server, `/repos/alice/demo/pulls/6/reviews/${parentJson.reviewId!}/comments`, { as: 'bob' });
    assert.deepEqual(listed.json.map((c: { body: string }) => c.body), ['Why?', 'Because.']);
    const reviews = await api(server, '/repos/alice/demo/pulls/6/reviews', { as: 'alice' });
    assert.ok(!reviews.json.some((r: { state: string }) => r.state === 'PENDING'), 'no pending review made');
  });

  it('refuses an empty body (422), another pull request\'s comment (404), a comment that is not a review comment (400)', async () => {
    const parent = await carolComment(server);
    const empty = await api(server, `/repos/alice/demo/pulls/6/comments/${parent.id}/replies`, { method: 'POST', as: 'alice', body: { body: '' } });
    assert.equal(empty.status, 422);
    assert.equal((await api(server, `/repos/alice/demo/pulls/5/comments/${parent.id}/replies`, { method: 'POST', as: 'alice', body: { body: 'x' } })).status, 404);
    assert.equal((await api(server, '/repos/alice/demo/pulls/6/comments/999999/replies', { method: 'POST', as: 'alice', body: { body: 'x' } })).status, 404);
    const plain = await api(server, '/repos/alice/demo/issues/6/comments', { method: 'POST', as: 'alice', body: { body: 'A plain comment' } });
    const notReview = await api(server, `/repos/alice/demo/pulls/6/comments/${plain.json.id as number}/replies`, { method: 'POST', as: 'alice', body: { body: 'x' } });
    assert.equal(notReview.status, 400);
    assert.equal(notReview.json.message, 'comment is not a review comment');
  });

  it('Gitea 1.26 answers 405 without a body (no reply route)', async () => {
    const parent = await carolComment(old);
    const answer = await api(old, `/repos/alice/demo/pulls/6/comments/${parent.id}/replies`, { method: 'POST', as: 'alice', body: { body: 'x' } });
    assert.equal(answer.status, 405);
    assert.equal(answer.text, '');
  });
});

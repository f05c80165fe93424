// The operations of the issue and pull request pages (comments, timeline, issue edits, labels, reviews)
// through the client against the test server: parsed results and the error kinds of Gitea's refusals.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GiteaClient } from '../../../src/api';
import { FIXTURES, clients, startServer, type TestServer } from './liveServer';
import { failure } from './stub';

const demo = { owner: FIXTURES.repos.demo.owner, repo: FIXTURES.repos.demo.name };
const archived = { owner: FIXTURES.repos.archived.owner, repo: FIXTURES.repos.archived.name };
const openPull = FIXTURES.repos.demo.pulls.open;

describe('issue and pull request page operations against the test server', () => {
  let server: TestServer;
  let alice: GiteaClient;
  let bob: GiteaClient;
  let carol: GiteaClient;
  before(async () => {
    server = await startServer();
    const c = clients(server);
    alice = c.token('alice');
    bob = c.token('bob');
    carol = c.token('carol');
  });
  after(() => server?.close());

  it('comments: create, list, edit, delete; forbidden for others, archived, validation', async () => {
    const index = FIXTURES.repos.demo.issues.darkMode;
    const created = await carol.issueCreateComment({ ...demo, index, body: { body: 'Please add this.' } });
    assert.equal(created.user?.login, 'carol');
    const listed = await carol.issueGetComments({ ...demo, index });
    assert.ok(listed.items.some((c) => c.id === created.id));
    assert.equal(listed.totalCount, listed.items.length);
    const edited = await carol.issueEditComment({ ...demo, id: created.id, body: { body: 'Please add it.' } });
    assert.equal(edited.body, 'Please add it.');
    const byBob = await bob.issueCreateComment({ ...demo, index, body: { body: 'bob' } });
    assert.equal((await failure(carol.issueEditComment({ ...demo, id: byBob.id, body: { body: 'x' } }))).kind, 'forbidden');
    assert.equal((await failure(carol.issueDeleteComment({ ...demo, id: byBob.id }))).kind, 'forbidden');
    assert.equal((await failure(carol.issueCreateComment({ ...demo, index, body: { body: '' } }))).kind, 'validation');
    assert.equal((await failure(alice.issueCreateComment({ ...archived, index: 1, body: { body: 'x' } }))).kind, 'archived');
    await carol.issueDeleteComment({ ...demo, id: created.id });
    assert.ok(!(await carol.issueGetComments({ ...demo, index })).items.some((c) => c.id === created.id));
  });

  it('issue edit and labels record timeline events the schema keeps', async () => {
    const index = FIXTURES.repos.demo.issues.refactor;
    const issue = await bob.issueEditIssue({ ...demo, index, body: { title: 'Refactor util.ts', assignees: ['bob'] } });
    assert.equal(issue.title, 'Refactor util.ts');
    assert.deepEqual(issue.assignees.map((u) => u.login), ['bob']);
    const labels = await bob.issueAddLabel({ ...demo, index, body: { labels: ['enhancement'] } });
    assert.deepEqual(labels.items.map((l) => l.name), ['enhancement']);
    await bob.issueRemoveLabel({ ...demo, index, id: labels.items[0]!.id });
    assert.deepEqual((await bob.issueReplaceLabels({ ...demo, index, body: { labels: [] } })).items, []);
    // #7 depends on the open #1: closing it is refused.
    assert.equal((await failure(bob.issueEditIssue({ ...demo, index, body: { state: 'closed' } }))).kind, 'precondition');
    const timeline = await carol.issueGetCommentsAndTimeline({ ...demo, index, limit: 50 });
    const title = timeline.items.find((e) => e.type === 'change_title');
    assert.equal(title?.old_title, 'Refactor utils');
    assert.equal(title?.new_title, 'Refactor util.ts');
    assert.equal(timeline.items.find((e) => e.type === 'assignees')?.assignee?.login, 'bob');
    assert.deepEqual(timeline.items.filter((e) => e.type === 'label').map((e) => [e.label?.name, e.body]), [['enhancement', '1'], ['enhancement', '']]);
    assert.ok(timeline.items.every((e) => e.type !== 'close'));
    assert.equal((await failure(carol.issueEditIssue({ ...demo, index: FIXTURES.repos.demo.issues.crash, body: { title: 'x' } }))).kind, 'forbidden');
    assert.equal((await failure(carol.issueAddLabel({ ...demo, index, body: { labels: [1] } }))).kind, 'forbidden');
  });

  it('reviews: pending review with a line comment, submit, list; refusals are validation errors', async () => {
    assert.equal((await failure(alice.repoCreatePullReview({ ...demo, index: openPull, body: { event: 'APPROVED' } }))).kind, 'validation');
    assert.equal((await failure(bob.repoCreatePullReview({ ...demo, index: openPull, body: { event: 'COMMENT' } }))).kind, 'validation');
    const pending = await bob.repoCreatePullReview({
      ...demo, index: openPull, body: { body: 'Draft', comments: [{ path: 'src/auth.ts', body: 'Name?', new_position: 2 }] },
    });
    assert.equal(pending.state, 'PENDING');
    assert.equal((await failure(carol.repoGetPullReview({ ...demo, index: openPull, id: pending.id }))).kind, 'notFound');
    const [comment] = (await bob.repoGetPullReviewComments({ ...demo, index: openPull, id: pending.id })).items;
    assert.equal(comment?.path, 'src/auth.ts');
    assert.equal(comment?.position, 2);
    assert.equal(comment?.pull_request_review_id, pending.id);
    // Gitea's convert.patch2diff: from the hunk header on, no file header; the commented line last.
    assert.match(comment?.diff_hunk ?? '', /^@@ -\d+(,\d+)? \+\d+(,\d+)? @@\n(.*\n)*\+.*$/);
    assert.doesNotMatch(comment?.diff_hunk ?? '', /^diff --git /m);
    const submitted = await bob.repoSubmitPullReview({ ...demo, index: openPull, id: pending.id, body: { event: 'REQUEST_CHANGES', body: 'Rename it.' } });
    assert.equal(submitted.state, 'REQUEST_CHANGES');
    const list = await carol.repoListPullReviews({ ...demo, index: openPull });
    assert.ok(list.items.some((r) => r.id === pending.id && r.body === 'Rename it.' && r.comments_count === 1));
    const requests = await alice.repoCreatePullReviewRequests({ ...demo, index: openPull, body: { reviewers: ['carol'] } });
    assert.equal(requests.items[0]?.state, 'REQUEST_REVIEW');
    await alice.repoDeletePullReviewRequests({ ...demo, index: openPull, body: { reviewers: ['carol'] } });
    assert.equal((await failure(carol.repoDeletePullReview({ ...demo, index: openPull, id: pending.id }))).kind, 'forbidden');
    await bob.repoDeletePullReview({ ...demo, index: openPull, id: pending.id });
    assert.equal((await failure(carol.repoGetPullReview({ ...demo, index: openPull, id: pending.id }))).kind, 'notFound');
  });
});

// Merge, merged check, pull request commits, combined status and review-comment resolution through the client
// against the test server: parsed results, paging totals and the error kinds of Gitea's refusals.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GiteaClient } from '../../../src/api';
import { FIXTURES, clients, startServer, type TestServer } from './liveServer';
import { failure } from './stub';

const demo = { owner: FIXTURES.repos.demo.owner, repo: FIXTURES.repos.demo.name };
const openPull = FIXTURES.repos.demo.pulls.open;

describe('merge, commits and status operations against the test server', () => {
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

  it('repoGetPullRequestCommits: the head commits newest first, paged with a total', async () => {
    const page = await carol.repoGetPullRequestCommits({ ...demo, index: openPull, limit: 1 });
    assert.equal(page.totalCount, 2);
    assert.equal(page.hasMore, true);
    assert.equal(page.items[0]!.commit?.message, 'Login: validate input\n');
    assert.deepEqual(page.items[0]!.files.map((f) => [f.filename, f.status]), [['src/auth.ts', 'modified']]);
    const pull = await carol.repoGetPullRequest({ ...demo, index: openPull });
    assert.equal(page.items[0]!.sha, pull.head?.sha);
    const second = await carol.repoGetPullRequestCommits({ ...demo, index: openPull, limit: 1, page: 2 });
    assert.equal(second.items[0]!.commit?.message, 'Add login page\n');
    assert.equal(second.items[0]!.author?.login, 'alice');
  });

  it('repoGetCombinedStatusByRef: pending without statuses; a created status counts', async () => {
    const empty = await carol.repoGetCombinedStatusByRef({ ...demo, ref: 'feature/login' });
    assert.deepEqual([empty.state, empty.total_count, empty.statuses.length], ['pending', 0, 0]);
    const res = await fetch(`${server.apiUrl}/repos/alice/demo/statuses/${empty.sha}`, {
      method: 'POST',
      headers: { authorization: `token ${FIXTURES.users.bob.tokens.all}`, 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'success', context: 'ci/build', description: 'Build passed' }),
    });
    assert.equal(res.status, 201);
    const combined = await carol.repoGetCombinedStatusByRef({ ...demo, ref: empty.sha! });
    assert.equal(combined.state, 'success');
    assert.deepEqual(combined.statuses.map((s) => [s.context, s.status, s.creator?.login]), [['ci/build', 'success', 'bob']]);
    assert.equal((await failure(carol.repoGetCombinedStatusByRef({ ...demo, ref: 'no-such-branch' }))).kind, 'notFound');
  });

  it('review comments: the poster or a writer resolves and unresolves; readers are refused', async () => {
    const review = await bob.repoCreatePullReview({ ...demo, index: openPull,
      body: { event: 'COMMENT', comments: [{ path: 'src/auth.ts', body: 'Check the length.', new_position: 7 }] } });
    const [comment] = (await bob.repoGetPullReviewComments({ ...demo, index: openPull, id: review.id })).items;
    assert.ok(comment);
    assert.equal((await failure(carol.repoResolvePullReviewComment({ ...demo, id: comment.id }))).kind, 'forbidden');
    await alice.repoResolvePullReviewComment({ ...demo, id: comment.id });
    const resolved = (await bob.repoGetPullReviewComments({ ...demo, index: openPull, id: review.id })).items[0]!;
    assert.equal(resolved.resolver?.login, 'alice');
    await bob.repoUnresolvePullReviewComment({ ...demo, id: comment.id });
    const reopened = (await bob.repoGetPullReviewComments({ ...demo, index: openPull, id: review.id })).items[0]!;
    assert.equal(reopened.resolver ?? null, null);
    assert.equal((await failure(alice.repoResolvePullReviewComment({ ...demo, id: 999_999 }))).kind, 'notFound');
  });

  it('repoMergePullRequest merges; repoPullRequestIsMerged answers; refusals keep their statuses', async () => {
    assert.equal((await failure(alice.repoPullRequestIsMerged({ ...demo, index: openPull }))).kind, 'notFound');
    assert.equal((await failure(carol.repoMergePullRequest({ ...demo, index: openPull, body: { do: 'merge' } }))).status, 405);
    const stale = await failure(alice.repoMergePullRequest({ ...demo, index: openPull,
      body: { do: 'merge', force_merge: true, head_commit_id: '0'.repeat(40) } }));
    assert.deepEqual([stale.kind, stale.status], ['conflict', 409]);
    await alice.repoMergePullRequest({ ...demo, index: openPull, body: { do: 'squash', force_merge: true, delete_branch_after_merge: true } });
    await alice.repoPullRequestIsMerged({ ...demo, index: openPull });
    const pull = await alice.repoGetPullRequest({ ...demo, index: openPull });
    assert.equal(pull.merged, true);
    assert.equal(pull.merged_by?.login, 'alice');
    assert.equal((await failure(alice.repoMergePullRequest({ ...demo, index: openPull, body: { do: 'merge' } }))).status, 405);
  });
});

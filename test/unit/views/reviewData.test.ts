// What the review threads are made from, read with the client from the test server (which answers like Gitea
// 1.27): every review with its line comments (the reader's own pending review included, others' left out), the
// comments placed and grouped as the diff editor shows them, the hunks of the pull request's diff, and a
// submitted review body the server takes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient, type GiteaClient } from '../../../src/api';
import { loadDiffRanges, loadReviews, REVIEW_COMMENTS_CONCURRENCY } from '../../../src/views/changedFiles/review/reviewData';
import { buildThreads, reviewRequestBody } from '../../../src/views/changedFiles/review/threadModel';
import { FIXTURES, startTestServer, type TestServer } from '../../server/index';

const PULL = { owner: 'alice', repo: 'demo', index: 6 };

describe('review data from the test server', () => {
  let server: TestServer;
  let bob: GiteaClient;
  let carol: GiteaClient;
  const client = (user: 'bob' | 'carol') => createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users[user].tokens.all }, timeoutMs: 20_000 });

  before(async () => {
    server = await startTestServer();
    bob = client('bob');
    carol = client('carol');
    await carol.repoCreatePullReview({ ...PULL, body: { event: 'COMMENT', comments: [
      { path: 'src/main.ts', body: 'new side', new_position: 1 },
      { path: 'src/main.ts', body: 'old side', old_position: 1 },
    ] } });
    await bob.repoCreatePullReview({ ...PULL, body: { event: 'PENDING', comments: [{ path: 'src/main.ts', body: 'pending reply', new_position: 1 }] } });
  });
  after(() => server?.close());

  it('reads every review with its comments; the own pending review is there for its author only', async () => {
    const asBob = await loadReviews(bob, PULL);
    assert.deepEqual(asBob.reviews.map((r) => r.state).sort(), ['COMMENT', 'PENDING']);
    assert.equal([...asBob.commentsByReview.values()].flat().length, 3);
    const asCarol = await loadReviews(carol, PULL);
    assert.ok(!asCarol.reviews.some((r) => r.state === 'PENDING'));

    const head = (await bob.repoGetPullRequest(PULL)).head!.sha ?? '';
    // The head commit's file, as the diff's right side shows it.
    const text = new TextDecoder().decode(await bob.repoGetRawFile({ owner: PULL.owner, repo: PULL.repo, filepath: 'src/main.ts', ref: head }));
    const threads = buildThreads({ ...asBob, headLine: (path, line) => (path === 'src/main.ts' ? text.split('\n')[line - 1] : undefined), drafts: [], me: 'bob' });
    assert.deepEqual(threads.map((t) => [t.path, t.side, t.line, t.comments.map((c) => [c.author, c.body, c.pending])]), [
      ['src/main.ts', 'new', 1, [['carol', 'new side', false], ['bob', 'pending reply', true]]],
      ['src/main.ts', 'old', 1, [['carol', 'old side', false]]],
    ]);
    assert.ok(threads.every((t) => !t.outdated), 'made on the head commit');
  });

  it("reads a pull request's 15 reviews' comment lists at once: the threads wait for one answer, not three in a row", async () => {
    let inFlight = 0;
    let most = 0;
    const reviews = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, state: 'COMMENT', comments_count: 1 }));
    const fake = {
      repoListPullReviews: async () => ({ items: reviews, page: 1, limit: 50, hasMore: false, pageCount: 1 }),
      repoGetPullReviewComments: async ({ id }: { id: number }) => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        return { items: [{ id: id * 10, path: 'a.ts', body: `on ${id}` }], page: 1, limit: 1, hasMore: false };
      },
    } as unknown as GiteaClient;
    const data = await loadReviews(fake, PULL);
    assert.equal(data.commentsByReview.size, 15);
    assert.equal(most, 15, 'all 15 lists were asked before the first answer');
    assert.ok(REVIEW_COMMENTS_CONCURRENCY >= 15);
  });

  it('reads the hunks of every file of the diff', async () => {
    const ranges = await loadDiffRanges(bob, PULL);
    assert.deepEqual(ranges.get('src/main.ts'), { old: [[1, 9]], new: [[1, 9]] });
    assert.deepEqual(ranges.get('src/auth.ts'), { old: [], new: [[1, 8]] });
    assert.deepEqual(ranges.get('docs/old.md'), { old: [[1, 3]], new: [] });
    assert.deepEqual(ranges.get('src/utils/strings.ts'), { old: [[5, 10]], new: [[5, 11]] });
  });

  it('the body Submit Review sends joins the pending review and submits it with the new comment', async () => {
    const head = (await bob.repoGetPullRequest(PULL)).head!.sha ?? '';
    const review = await bob.repoCreatePullReview({ ...PULL, body: reviewRequestBody('APPROVED', 'LGTM', [
      { id: 'd1', path: 'src/main.ts', side: 'old', line: 6, body: 'indentation', createdAt: '' },
    ], head) });
    assert.equal(review.state, 'APPROVED');
    assert.equal(review.comments_count, 2, 'the earlier pending comment and the new one');
    const comments = (await bob.repoGetPullReviewComments({ ...PULL, id: review.id })).items;
    assert.deepEqual(comments.map((c) => [c.body, c.position, c.original_position]), [
      ['pending reply', 1, 0],
      ['indentation', 0, 6],
    ]);
    // Gitea's commit_id: the head for an old-side line; for a new-side line the commit that last changed it (blame),
    // here one of the pull request's commits, not its head.
    assert.equal(comments[1]!.commit_id, head);
    assert.match(comments[0]!.commit_id ?? '', /^[0-9a-f]{40}$/);
    assert.notEqual(comments[0]!.commit_id, head);
  });
});

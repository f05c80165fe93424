// The pull request page's requests, against a fake client whose answers the test releases one by one: which
// requests are under way before which answers came (over a slow network each wait is a round trip).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { headShaHint, loadPull, startPullLoad } from '../../../../src/commands/issuePage/pullLoad';

interface Pending {
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly signal?: AbortSignal;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Every method records its call and waits until the test answers it. */
function fakeClient() {
  const calls: Pending[] = [];
  const method = (name: string) => (args: Record<string, unknown>, options?: { signal?: AbortSignal }) =>
    new Promise((resolve, reject) => {
      calls.push({ name, args, signal: options?.signal, resolve, reject });
    });
  const client = {
    repoGetPullRequest: method('pull'),
    repoListPullReviews: method('reviews'),
    repoGetCombinedStatusByRef: method('status'),
    repoGetPullRequestCommits: method('commits'),
  };
  const names = () => calls.map((c) => c.name);
  const answer = (name: string, value: unknown, ref?: string) => {
    const call = calls.find((c) => c.name === name && (ref === undefined || c.args.ref === ref));
    assert.ok(call, `${name} was asked`);
    call.resolve(value);
  };
  return { client: client as unknown as Parameters<typeof loadPull>[0], calls, names, answer };
}

const tick = () => new Promise((r) => setImmediate(r));
const params = { owner: 'alice', repo: 'big', index: 1 };
const pull = { number: 1, state: 'open', merged: false, head: { ref: 'feature', sha: 'abc123' }, base: { ref: 'main' }, requested_reviewers: [], requested_reviewers_teams: [] };
const page = (items: unknown[], totalCount?: number) => ({ items, page: 1, limit: 30, hasMore: false, totalCount });
const noNote = () => undefined;
const SHA = 'c0ffee'.repeat(6) + 'c0ff';
const OLD_SHA = 'dead'.repeat(10);

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Answers the commit count and the status, then waits for the load. */
async function answerTheRest(fake: ReturnType<typeof fakeClient>, load: Promise<unknown>): Promise<void> {
  fake.answer('commits', page([{}], 2));
  fake.answer('status', { state: 'success', total_count: 1, statuses: [{}] });
  await load;
}

describe('pull request page loading', () => {
  it('asks for the pull request, its reviews and its commit count at once; the status as soon as the head is known', async () => {
    const fake = fakeClient();
    const load = loadPull(fake.client, params, noNote, new AbortController().signal);
    await tick();
    assert.deepEqual(fake.names().sort(), ['commits', 'pull', 'reviews'], 'none waits for another');
    fake.answer('pull', pull);
    await tick();
    assert.ok(fake.names().includes('status'), 'the status follows the pull request (it needs the head)');
    fake.answer('reviews', page([]));
    fake.answer('commits', page([{}], 2));
    fake.answer('status', { state: 'success', total_count: 1, statuses: [{}] });
    const facts = await load;
    assert.equal(facts.details.commits, 2);
    assert.deepEqual(facts.details.status, { state: 'success', total: 1 });
  });

  it("tells the timeline's counts once the pull request and its reviews' first page are answered, before the rest", async () => {
    const fake = fakeClient();
    const told: unknown[] = [];
    const load = loadPull(fake.client, params, noNote, new AbortController().signal, undefined, (c) => told.push(c));
    await tick();
    fake.answer('pull', { ...pull, review_comments: 3 });
    await tick();
    assert.deepEqual(told, [], 'not before the reviews');
    fake.answer('reviews', page([{ id: 1, comments_count: 50 }, { id: 2, comments_count: 2 }]));
    await tick();
    await tick();
    assert.deepEqual(told, [{ review_comments: 3, reviews: [{ id: 1, comments_count: 50 }, { id: 2, comments_count: 2 }] }], 'before the status and the commit count');
    await answerTheRest(fake, load);
    assert.equal(told.length, 1);
  });

  it("a failed reviews read: the counts are told without them", async () => {
    const fake = fakeClient();
    const told: unknown[] = [];
    const load = loadPull(fake.client, params, noNote, new AbortController().signal, undefined, (c) => told.push(c));
    await tick();
    fake.answer('pull', { ...pull, review_comments: 3 });
    fake.calls.find((c) => c.name === 'reviews')!.reject(new Error('refused'));
    for (let i = 0; i < 4; i++) await tick();
    assert.deepEqual(told, [{ review_comments: 3, reviews: [] }]);
    await answerTheRest(fake, load);
  });

  it('a row that says "pull request" starts them before the issue has answered', async () => {
    const fake = fakeClient();
    const issue = deferred<{ pull_request?: object }>();
    const load = startPullLoad(fake.client, params, { isPull: true }, issue.promise, noNote, new AbortController().signal);
    await tick();
    assert.deepEqual(fake.names().sort(), ['commits', 'pull', 'reviews']);
    issue.resolve({ pull_request: {} });
    fake.answer('pull', pull);
    await tick();
    fake.answer('reviews', page([]));
    fake.answer('commits', page([{}], 1));
    fake.answer('status', { state: '', total_count: 0, statuses: [] });
    assert.equal((await load)?.pull.number, 1);
    assert.equal(fake.calls.filter((c) => c.name === 'pull').length, 1, 'asked once');
  });

  it('without the row saying so, the issue decides: nothing is asked for an issue', async () => {
    const fake = fakeClient();
    const load = startPullLoad(fake.client, params, { isPull: false }, Promise.resolve({}), noNote, new AbortController().signal);
    assert.equal(await load, undefined);
    assert.deepEqual(fake.names(), []);
  });

  it('a row that was wrong (an issue after all) does not fail the page', async () => {
    const fake = fakeClient();
    const load = startPullLoad(fake.client, params, { isPull: true }, Promise.resolve({}), noNote, new AbortController().signal);
    await tick();
    fake.calls.find((c) => c.name === 'pull')!.reject(new Error('404 not a pull request'));
    assert.equal(await load, undefined);
  });

  it('a row that knew the head sha asks for its status beside the pull request, once', async () => {
    const fake = fakeClient();
    const issue = deferred<{ pull_request?: object }>();
    const load = startPullLoad(fake.client, params, { isPull: true, headSha: SHA }, issue.promise, noNote, new AbortController().signal);
    await tick();
    assert.deepEqual(fake.names().sort(), ['commits', 'pull', 'reviews', 'status'], 'nothing waits for the pull request');
    assert.equal(fake.calls.find((c) => c.name === 'status')?.args.ref, SHA, "the row's sha");
    issue.resolve({ pull_request: {} });
    fake.answer('pull', { ...pull, head: { ref: 'feature', sha: SHA } });
    fake.answer('reviews', page([]));
    fake.answer('commits', page([{}], 1));
    fake.answer('status', { state: 'pending', total_count: 1, statuses: [{}] });
    assert.deepEqual((await load)?.details.status, { state: 'pending', total: 1 });
    assert.equal(fake.calls.filter((c) => c.name === 'status').length, 1, 'the hint was right: asked once');
  });

  it("a hint the pull request's answer contradicts is dropped: the answer's head status is read and shown", async () => {
    const fake = fakeClient();
    const load = loadPull(fake.client, params, noNote, new AbortController().signal, OLD_SHA);
    await tick();
    const hinted = fake.calls.find((c) => c.name === 'status');
    assert.equal(hinted?.args.ref, OLD_SHA);
    fake.answer('pull', { ...pull, head: { ref: 'feature', sha: SHA } });
    await tick();
    assert.equal(hinted.signal?.aborted, true, "the stale head's request is cancelled");
    assert.deepEqual(fake.calls.filter((c) => c.name === 'status').map((c) => c.args.ref), [OLD_SHA, SHA]);
    fake.answer('reviews', page([]));
    fake.answer('commits', page([{}], 1));
    hinted.resolve({ state: 'success', total_count: 1, statuses: [{}] });
    fake.answer('status', { state: 'failure', total_count: 2, statuses: [{}, {}] }, SHA);
    assert.deepEqual((await load).details.status, { state: 'failure', total: 2 }, "the answer's head, not the hint's");
  });

  it('a hinted status that failed for a head that is no longer the pull request’s notes nothing', async () => {
    const fake = fakeClient();
    const noted: string[] = [];
    const load = loadPull(fake.client, params, (what) => noted.push(what), new AbortController().signal, OLD_SHA);
    await tick();
    fake.calls.find((c) => c.name === 'status')!.reject(new Error('404'));
    fake.answer('pull', { ...pull, head: { ref: 'feature', sha: SHA } });
    await tick();
    fake.answer('reviews', page([]));
    fake.answer('commits', page([{}], 1));
    fake.answer('status', { state: 'success', total_count: 1, statuses: [{}] }, SHA);
    assert.deepEqual((await load).details.status, { state: 'success', total: 1 });
    assert.deepEqual(noted, []);
  });

  it('only a full commit sha is a hint (40 or 64 lower-case hex digits)', () => {
    assert.equal(headShaHint(SHA), SHA);
    assert.equal(headShaHint('b'.repeat(64)), 'b'.repeat(64));
    for (const bad of ['abc123', 'main', SHA.toUpperCase(), `${SHA}0`, `../${SHA.slice(3)}`, 'g'.repeat(40), 42, undefined, null]) {
      assert.equal(headShaHint(bad), undefined, String(bad));
    }
  });
});

// The pull request page's requests, against a fake client whose answers the test releases one by one: which
// requests are under way before which answers came (over a slow network each wait is a round trip).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadPull, startPullLoad } from '../../../../src/commands/issuePage/pullLoad';

interface Pending {
  readonly name: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Every method records its call and waits until the test answers it. */
function fakeClient() {
  const calls: Pending[] = [];
  const method = (name: string) => () =>
    new Promise((resolve, reject) => {
      calls.push({ name, resolve, reject });
    });
  const client = {
    repoGetPullRequest: method('pull'),
    repoListPullReviews: method('reviews'),
    repoGetCombinedStatusByRef: method('status'),
    repoGetPullRequestCommits: method('commits'),
  };
  const names = () => calls.map((c) => c.name);
  const answer = (name: string, value: unknown) => {
    const call = calls.find((c) => c.name === name);
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

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
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

  it('a row that says "pull request" starts them before the issue has answered', async () => {
    const fake = fakeClient();
    const issue = deferred<{ pull_request?: object }>();
    const load = startPullLoad(fake.client, params, true, issue.promise, noNote, new AbortController().signal);
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
    const load = startPullLoad(fake.client, params, false, Promise.resolve({}), noNote, new AbortController().signal);
    assert.equal(await load, undefined);
    assert.deepEqual(fake.names(), []);
  });

  it('a row that was wrong (an issue after all) does not fail the page', async () => {
    const fake = fakeClient();
    const load = startPullLoad(fake.client, params, true, Promise.resolve({}), noNote, new AbortController().signal);
    await tick();
    fake.calls.find((c) => c.name === 'pull')!.reject(new Error('404 not a pull request'));
    assert.equal(await load, undefined);
  });
});

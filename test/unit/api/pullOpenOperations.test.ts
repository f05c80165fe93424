// Opening pull requests through the client against the test server: repoCreatePullRequest (body fields by name, the
// error kinds of Gitea's refusals with the server's message), repoGetPullRequestByBaseHead (slashes in the head),
// repoCompareDiff, repoUpdatePullRequest (`style` in the query, an empty 200) and repoGetContentsList.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GiteaClient } from '../../../src/api';
import { FIXTURES, clients, startServer, type TestServer } from './liveServer';
import { failure } from './stub';

const demo = { owner: FIXTURES.repos.demo.owner, repo: FIXTURES.repos.demo.name };

describe('pull request opening operations against the test server', () => {
  let server: TestServer;
  let alice: GiteaClient;
  let carol: GiteaClient;
  before(async () => {
    server = await startServer();
    const c = clients(server);
    alice = c.token('alice');
    carol = c.token('carol');
  });
  after(() => server?.close());

  it('repoCreatePullRequest sends the body and parses the pull request; 409 is a conflict with Gitea\'s text', async () => {
    const pull = await alice.repoCreatePullRequest({ ...demo, body: { head: 'experiment', base: 'main', title: 'Experiment again', body: 'Text',
      assignees: ['bob'], reviewers: ['bob'] } });
    assert.deepEqual([pull.title, pull.body, pull.head?.ref, pull.base?.ref, pull.state], ['Experiment again', 'Text', 'experiment', 'main', 'open']);
    assert.deepEqual(pull.assignees.map((u) => u.login), ['bob']);
    assert.deepEqual(pull.requested_reviewers.map((u) => u.login), ['bob']);
    const again = await failure(alice.repoCreatePullRequest({ ...demo, body: { head: 'experiment', base: 'main', title: 'Twice' } }));
    assert.equal(again.kind, 'conflict');
    assert.equal(again.status, 409);
    assert.match(again.serverMessage ?? '', new RegExp(`^pull request already exists for these targets \\[id: \\d+, issue_id: ${pull.number},`));
  });

  it('refusals keep their kinds: validation (422), notFound, archived (423)', async () => {
    const same = await failure(alice.repoCreatePullRequest({ ...demo, body: { head: 'main', base: 'main', title: 't' } }));
    assert.deepEqual([same.kind, same.serverMessage], ['validation', 'Invalid PullRequest: There are no changes between the head and the base']);
    assert.equal((await failure(alice.repoCreatePullRequest({ ...demo, body: { head: 'gone', base: 'main', title: 't' } }))).kind, 'notFound');
    const archived = await failure(alice.repoCreatePullRequest({ owner: 'alice', repo: 'archived', body: { head: 'x', base: 'main', title: 't' } }));
    assert.equal(archived.kind, 'archived');
  });

  it('repoGetPullRequestByBaseHead keeps the slashes of the head; repoCompareDiff counts the head\'s commits', async () => {
    const pull = await carol.repoGetPullRequestByBaseHead({ ...demo, base: 'main', head: 'feature/login' });
    assert.equal(pull.number, FIXTURES.repos.demo.pulls.open);
    assert.equal((await failure(carol.repoGetPullRequestByBaseHead({ ...demo, base: 'main', head: 'nothing/here' }))).kind, 'notFound');
    const compared = await carol.repoCompareDiff({ ...demo, basehead: 'main...feature/login' });
    assert.equal(compared.total_commits, 2);
    assert.deepEqual(compared.commits.map((c) => c.commit?.message), ['Login: validate input\n', 'Add login page\n']);
    assert.equal((await carol.repoCompareDiff({ ...demo, basehead: 'main...main' })).total_commits, 0);
  });

  it('repoUpdatePullRequest: 200 with no body for a merge; a reader is refused (forbidden)', async () => {
    const pull = await alice.repoCreatePullRequest({ ...demo, body: { head: 'fix/typo', base: 'main', title: 'Typo again' } });
    assert.equal((await failure(carol.repoUpdatePullRequest({ ...demo, index: pull.number, style: 'merge' }))).kind, 'forbidden');
    await alice.repoUpdatePullRequest({ ...demo, index: pull.number, style: 'merge' });
    const updated = await alice.repoGetPullRequest({ ...demo, index: pull.number });
    assert.equal(updated.merge_base, updated.base?.sha);
  });

  it('repoGetContentsList lists the root folder at a ref', async () => {
    const entries = (await carol.repoGetContentsList({ ...demo, ref: 'main' })).items;
    assert.ok(entries.some((e) => e.name === 'README.md' && e.type === 'file'), entries.map((e) => e.name).join(', '));
    assert.ok(entries.some((e) => e.name === '.gitea' && e.type === 'dir'));
  });
});

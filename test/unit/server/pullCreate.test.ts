// Opening pull requests on the test server as Gitea 1.27 does (routers/api/v1/repo/pull.go CreatePullRequest,
// GetPullRequestByBaseHead, UpdatePullRequest, CompareDiff; repo/fork.go CreateFork): the body that is kept, each
// refusal in Gitea's order with its message, heads from a fork (`owner:branch`), the update of a head branch by
// merge and by rebase and its conflicts. No recording covers these operations: the messages are Gitea's source's.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

const PULLS = '/repos/alice/demo/pulls';

describe('test server: creating pull requests', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  beforeEach(() => server.reset());
  after(() => server?.close());

  const create = (body: Record<string, unknown>, as: 'alice' | 'bob' | 'carol' = 'alice', path = PULLS) =>
    api(server, path, { method: 'POST', as, body });
  const demo = () => server.state.repoByName('alice', 'demo')!;
  const branchSha = async (repo: string, name: string) => (await api(server, `/repos/${repo}/branches/${encodeURIComponent(name)}`, { as: 'alice' })).json?.commit?.id as string;

  it('creates the pull request with every field of the body, reviewers requested and maintainer edits by default', async () => {
    const labels = (await api(server, '/repos/alice/demo/labels', { as: 'alice' })).json as { id: number; name: string }[];
    const milestone = ((await api(server, '/repos/alice/demo/milestones?state=open', { as: 'alice' })).json as { id: number }[])[0]!;
    demo().settings.defaultAllowMaintainerEdit = true;
    const res = await create({
      head: 'experiment', base: 'main', title: 'Try the experiment', body: 'Closes #1',
      labels: [labels[0]!.id, 987654], milestone: milestone.id, assignees: ['bob'], reviewers: ['bob'], due_date: '2026-12-24T00:00:00Z',
    });
    assert.equal(res.status, 201, res.text);
    const pull = res.json;
    assert.equal(pull.title, 'Try the experiment');
    assert.equal(pull.body, 'Closes #1');
    assert.deepEqual(pull.labels.map((l: { id: number }) => l.id), [labels[0]!.id], 'an unknown label id is dropped, as Gitea does');
    assert.equal(pull.milestone.id, milestone.id);
    assert.deepEqual(pull.assignees.map((u: { login: string }) => u.login), ['bob']);
    assert.deepEqual(pull.requested_reviewers.map((u: { login: string }) => u.login), ['bob']);
    assert.equal(pull.allow_maintainer_edit, true);
    assert.equal(pull.draft, false);
    assert.equal(pull.due_date, '2026-12-24T00:00:00Z');
    assert.deepEqual([pull.head.ref, pull.head.label, pull.base.ref, pull.state], ['experiment', 'experiment', 'main', 'open']);
    assert.equal(pull.head.sha, await branchSha('alice/demo', 'experiment'));
    assert.match(pull.html_url, new RegExp(`/alice/demo/pulls/${pull.number}$`));
    // Nothing to compare is no refusal (seen on Gitea 1.27.0: 201): the client must look first.
    await server.git.must('alice/demo.git', ['branch', 'same-as-main', 'main']);
    server.git.invalidate('alice/demo.git');
    assert.equal((await create({ head: 'same-as-main', base: 'main', title: 'Empty' })).status, 201);
    // A work-in-progress prefix (Gitea's default WIP: and [WIP]) makes it a draft.
    const wip = await create({ head: 'develop', base: 'release/1.0', title: '[wip] Refactoring' });
    assert.equal(wip.json.draft, true);
  });

  it('refuses in Gitea\'s order: 401, 423, binding 422, head = base, unknown branches, tags, 409, milestone, assignees, reviewers, 403', async () => {
    assert.equal((await api(server, PULLS, { method: 'POST', body: { head: 'experiment', base: 'main', title: 't' } })).status, 401);
    const archived = await create({ head: 'x', base: 'main', title: 't' }, 'alice', '/repos/alice/archived/pulls');
    assert.deepEqual([archived.status, archived.json.message], [423, 'repo is archived']);
    const untitled = await create({ head: 'experiment', base: 'main' });
    assert.deepEqual([untitled.status, untitled.json.message], [422, '[Title]: Required']);
    const same = await create({ head: 'main', base: 'main', title: 't' });
    assert.deepEqual([same.status, same.json.message], [422, 'Invalid PullRequest: There are no changes between the head and the base']);
    assert.equal((await create({ head: 'no-such-branch', base: 'main', title: 't' })).status, 404);
    assert.equal((await create({ head: 'experiment', base: 'no-such-base', title: 't' })).status, 404);
    const tag = await create({ head: 'v1.0.0', base: 'main', title: 't' });
    assert.deepEqual([tag.status, tag.json.message], [422, 'Invalid PullRequest: base and head must be branches']);
    const open = await create({ head: 'feature/login', base: 'main', title: 'Again' });
    const existing = server.state.issueByIndex(demo().id, 6)!;
    assert.deepEqual([open.status, open.json.message], [409,
      `pull request already exists for these targets [id: ${existing.id}, issue_id: 6, head_repo_id: ${demo().id}, base_repo_id: ${demo().id}, head_branch: feature/login, base_branch: main]`]);
    assert.equal((await create({ head: 'experiment', base: 'main', title: 't', milestone: 987654 })).status, 404);
    const unknown = await create({ head: 'experiment', base: 'main', title: 't', assignees: ['nobody'] });
    assert.deepEqual([unknown.status, unknown.json.message], [422, 'Assignee does not exist: [name: user does not exist [uid: 0, name: nobody]]']);
    const reader = await create({ head: 'experiment', base: 'main', title: 't', assignees: ['carol'] });
    assert.deepEqual([reader.status, reader.json.message], [422, 'user doesn\'t have access to repo [user_id: 4, repo_name: demo]']);
    const reviewer = await create({ head: 'experiment', base: 'main', title: 't', reviewers: ['nobody'] });
    assert.deepEqual([reviewer.status, reviewer.json.message], [404, 'user doesn\'t exist: nobody']);
    // alice is neither owner, member nor collaborator of carol/notes and cannot write it.
    await server.git.must('carol/notes.git', ['branch', 'topic', 'main']);
    const stranger = await create({ head: 'topic', base: 'main', title: 't' }, 'alice', '/repos/carol/notes/pulls');
    assert.deepEqual([stranger.status, stranger.json.message], [403, 'user must be a collaborator']);
    assert.equal(server.state.issues.filter((i) => i.repoId === demo().id && i.pull && i.created.getTime() > Date.now() - 60_000).length, 0, 'nothing was created');
  });

  it('requests the reviews after creating: asking the poster to review answers 500 and the pull request stays', async () => {
    const res = await create({ head: 'develop', base: 'release/1.0', title: 'Review myself', reviewers: ['alice'] });
    assert.deepEqual([res.status, res.json.message], [500, ''], 'the text is for site admins only');
    const admin = await api(server, PULLS, { method: 'POST', as: 'root', body: { head: 'feature/search', base: 'release/1.0', title: 'Admin reviews self', reviewers: ['root'] } });
    assert.deepEqual([admin.status, admin.json.message], [500, `poster of pr can't be reviewer [user_id: 1, repo_id: ${demo().id}]`], 'as Gitea 1.27.0 answered');
    const found = await api(server, `${PULLS}/release%2F1.0/develop`, { as: 'alice' });
    assert.equal(found.status, 200);
    assert.equal(found.json.title, 'Review myself');
  });

  it('GET pulls/{base}/{head} answers a pull request of that base and head whatever its state (the first: the closed #8 before an open one), 404 otherwise', async () => {
    const open = await api(server, `${PULLS}/main/feature/login`, { as: 'carol' });
    assert.deepEqual([open.status, open.json.number, open.json.state], [200, 6, 'open']);
    const closed = await api(server, `${PULLS}/main/experiment`, { as: 'carol' });
    assert.deepEqual([closed.status, closed.json.number, closed.json.state], [200, 8, 'closed']);
    assert.equal((await create({ head: 'experiment', base: 'main', title: 'Reopened experiment' })).status, 201);
    assert.equal((await api(server, `${PULLS}/main/experiment`, { as: 'carol' })).json.number, 8);
    assert.equal((await api(server, `${PULLS}/release%2F1.0/feature/login`, { as: 'carol' })).status, 404);
    assert.equal((await api(server, `${PULLS}/main/nobody:feature/login`, { as: 'carol' })).status, 404);
  });

  it('a fork: parent in its repository, `owner:branch` heads, their compare and 400 for an owner without a fork', async () => {
    const forked = await api(server, '/repos/alice/demo/forks', { method: 'POST', as: 'carol', body: {} });
    assert.equal(forked.status, 202, forked.text);
    assert.deepEqual([forked.json.full_name, forked.json.fork, forked.json.parent?.full_name], ['carol/demo', true, 'alice/demo']);
    assert.equal(forked.json.parent.parent, undefined);
    assert.equal((await api(server, '/repos/alice/demo/forks', { method: 'POST', as: 'carol', body: {} })).status, 409);
    // carol's commit on a branch of her fork.
    const main = await branchSha('carol/demo', 'main');
    const tree = (await server.git.must('carol/demo.git', ['rev-parse', `${main}^{tree}`])).toString().trim();
    const commit = (await server.git.must('carol/demo.git', ['-c', 'user.name=Carol', '-c', 'user.email=carol@example.com', 'commit-tree', tree, '-p', main, '-m', 'Fix the docs'])).toString().trim();
    await server.git.updateRefs('carol/demo.git', [`create refs/heads/docs ${commit}`]);

    const compared = await api(server, '/repos/alice/demo/compare/main...carol:docs', { as: 'carol' });
    assert.equal(compared.status, 200, compared.text);
    assert.deepEqual([compared.json.total_commits, compared.json.commits[0].sha], [1, commit]);
    assert.equal((await api(server, '/repos/alice/demo/compare/main...main', { as: 'carol' })).json.total_commits, 0);

    const res = await create({ head: 'carol:docs', base: 'main', title: 'Docs from my fork' }, 'carol');
    assert.equal(res.status, 201, res.text);
    assert.deepEqual([res.json.head.label, res.json.head.ref, res.json.head.repo.full_name, res.json.head.sha], ['carol:docs', 'docs', 'carol/demo', commit]);
    const byHead = await api(server, `${PULLS}/main/carol:docs`, { as: 'alice' });
    assert.equal(byHead.json.number, res.json.number);
    const again = await create({ head: 'carol:docs', base: 'main', title: 'Twice' }, 'carol');
    assert.equal(again.status, 409);
    const noFork = await create({ head: 'bob:docs', base: 'main', title: 't' }, 'bob');
    assert.deepEqual([noFork.status, noFork.json.message], [400, 'the user bob does not have a fork of the base repository']);
    assert.equal((await create({ head: 'nobody:docs', base: 'main', title: 't' })).status, 404);
  });
});

describe('test server: updating a pull request from its base', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  beforeEach(() => server.reset());
  after(() => server?.close());

  const update = (index: number, style?: string, as: 'alice' | 'bob' | 'carol' = 'alice') =>
    api(server, `${PULLS}/${index}/update${style ? `?style=${style}` : ''}`, { method: 'POST', as });
  const demo = () => server.state.repoByName('alice', 'demo')!;
  const branchSha = async (name: string) => (await api(server, `/repos/alice/demo/branches/${encodeURIComponent(name)}`, { as: 'alice' })).json?.commit?.id as string;
  const openExperiment = async () => (await api(server, PULLS, { method: 'POST', as: 'alice', body: { head: 'experiment', base: 'main', title: 'Experiment' } })).json.number as number;

  it('merges the base into the head: a merge commit by the doer, the head first', async () => {
    const index = await openExperiment();
    const [head, base] = [await branchSha('experiment'), await branchSha('main')];
    const res = await update(index);
    assert.equal(res.status, 200, res.text);
    const moved = await branchSha('experiment');
    const commit = (await server.git.commit('alice/demo.git', moved))!;
    assert.deepEqual(commit.parents, [head, base]);
    assert.equal(commit.message, "Merge branch 'main' into experiment\n");
    assert.equal(commit.author.email, 'alice@example.com');
    const pull = (await api(server, `${PULLS}/${index}`, { as: 'alice' })).json;
    assert.equal(pull.head.sha, moved);
    assert.equal(pull.merge_base, base);
    // Nothing left to bring in: Gitea's Update fails, and the API answers 500.
    assert.equal((await update(index)).status, 500);
  });

  it('rebases the head on the base', async () => {
    const index = await openExperiment();
    const base = await branchSha('main');
    const res = await update(index, 'rebase');
    assert.equal(res.status, 200, res.text);
    const commit = (await server.git.commit('alice/demo.git', await branchSha('experiment')))!;
    assert.deepEqual(commit.parents, [base]);
    assert.equal(commit.message, 'Try a different approach\n');
  });

  it('refuses: 403 for a reader or a style the repository does not allow, 422 merged or closed, 409 on conflicts', async () => {
    const index = await openExperiment();
    assert.equal((await update(index, 'merge', 'carol')).status, 403);
    demo().settings.allowRebaseUpdate = false;
    assert.equal((await update(index, 'rebase')).status, 403);
    const merged = await update(3);
    assert.deepEqual([merged.status, merged.json.message], [422, 'pull request is already merged']);
    const closed = await update(8);
    assert.deepEqual([closed.status, closed.json.message], [422, 'pull request is already closed']);
    // develop rewrites the usage line that feature/login re-indents (#6): bringing it in conflicts.
    await server.git.updateRefs('alice/demo.git', [`update refs/heads/main ${await branchSha('develop')}`]);
    const conflict = await update(6);
    assert.deepEqual([conflict.status, conflict.json.message], [409, 'merge failed because of conflict']);
    demo().settings.allowRebaseUpdate = true;
    const rebaseConflict = await update(6, 'rebase');
    assert.deepEqual([rebaseConflict.status, rebaseConflict.json.message], [409, 'rebase failed because of conflict']);
  });
});

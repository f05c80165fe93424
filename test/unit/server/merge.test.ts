// Merging pull requests on the test server: Gitea's refusals (in CheckPullMergeable's order), real merges in
// the repository for each style, the merged state, timeline events and feed, deleting the head branch, manual
// merges and scheduled (auto) merges.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

const PULLS = '/repos/alice/demo/pulls';
const OPEN = 6;

describe('test server: merging pull requests', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  beforeEach(() => server.reset());
  after(() => server?.close());

  const merge = (index: number, body: Record<string, unknown>, as: 'alice' | 'bob' | 'carol' = 'alice') =>
    api(server, `${PULLS}/${index}/merge`, { method: 'POST', as, body });
  const branchSha = async (name: string) => (await api(server, `/repos/alice/demo/branches/${encodeURIComponent(name)}`)).json?.commit?.id;
  const commit = async (sha: string) => server.git.commit('alice/demo.git', sha);
  const demo = () => server.state.repoByName('alice', 'demo')!;

  it('refuses like Gitea: validation, readers, merged, closed, protection, style, head out of date, archived', async () => {
    assert.equal((await merge(OPEN, {})).json.message, '[Do]: Required');
    const reader = await merge(OPEN, { do: 'merge' }, 'carol');
    assert.deepEqual([reader.status, reader.json.message], [405, 'User not allowed to merge PR']);
    const merged = await merge(3, { do: 'merge' });
    assert.deepEqual([merged.status, merged.json.message], [405, '']);
    assert.equal((await merge(8, { do: 'merge' })).status, 404);
    // main is protected: one approval and the ci/build status are required; a writer cannot force it.
    const protectedMain = await merge(OPEN, { do: 'merge', force_merge: true }, 'bob');
    assert.deepEqual([protectedMain.status, protectedMain.json.message], [405, 'not allowed to merge [reason: Not all required status checks successful]']);
    demo().settings.allowSquashMerge = false;
    const style = await merge(OPEN, { do: 'squash', force_merge: true });
    assert.deepEqual([style.status, style.json.message], [405, 'squash is not allowed an allowed merge style for this repository']);
    const stale = await merge(OPEN, { do: 'merge', force_merge: true, head_commit_id: '0'.repeat(40) });
    assert.deepEqual([stale.status, stale.json.message], [409, 'head out of date']);
    demo().settings.allowManualMerge = false;
    assert.equal((await merge(OPEN, { do: 'manually-merged', merge_commit_id: '0'.repeat(40) })).status, 405);
    demo().archived = true;
    assert.equal((await merge(OPEN, { do: 'merge' })).status, 423);
    demo().archived = false;
    assert.equal((await api(server, `${PULLS}/${OPEN}/merge`)).status, 404);
    assert.equal((await api(server, `${PULLS}/${OPEN}`)).json.merged, false);
  });

  it('a work-in-progress or conflicting pull request cannot be merged', async () => {
    const issue = server.state.issueByIndex(demo().id, OPEN)!;
    issue.title = 'WIP: Add login page';
    const wip = await merge(OPEN, { do: 'merge', force_merge: true });
    assert.deepEqual([wip.status, wip.json.message], [405, 'Work in progress PRs cannot be merged']);
    issue.title = 'Add login page';
    // develop rewrites the usage line that feature/login re-indents: merging both conflicts.
    const develop = await branchSha('develop');
    await server.git.updateRefs('alice/demo.git', [`update refs/heads/main ${develop}`]);
    const conflicting = await merge(OPEN, { do: 'merge', force_merge: true });
    assert.deepEqual([conflicting.status, conflicting.json.message], [405, 'Please try again later']);
  });

  it('merges with a merge commit, sets merged_by/merged_at/merge_commit_sha, records events and deletes the branch', async () => {
    const oldMain = await branchSha('main');
    const head = await branchSha('feature/login');
    const res = await merge(OPEN, { do: 'merge', force_merge: true, delete_branch_after_merge: true, merge_message_field: 'Closes the login story.' });
    assert.equal(res.status, 200, res.text);
    const main = await branchSha('main');
    const c = (await commit(main))!;
    assert.deepEqual(c.parents, [oldMain, head]);
    assert.equal(c.message, "Merge pull request 'Add login page' (#6) from feature/login into main\n\nCloses the login story.\n");
    assert.equal(c.committer.email, 'alice@example.com');
    const pull = (await api(server, `${PULLS}/${OPEN}`)).json;
    assert.equal(pull.merged, true);
    assert.equal(pull.state, 'closed');
    assert.equal(pull.merge_commit_sha, main);
    assert.equal(pull.merged_by.login, 'alice');
    assert.ok(pull.merged_at);
    assert.equal(pull.head.sha, head);
    assert.equal((await api(server, `${PULLS}/${OPEN}/merge`)).status, 204);
    assert.equal((await api(server, '/repos/alice/demo/branches/feature%2Flogin')).status, 404);
    const timeline = (await api(server, `/repos/alice/demo/issues/${OPEN}/timeline?limit=50`)).json as { type: string; old_ref: string }[];
    const types = timeline.map((t) => t.type);
    assert.ok(types.indexOf('merge_pull') >= 0 && types.indexOf('merge_pull') < types.indexOf('delete_branch'));
    assert.equal(timeline.find((t) => t.type === 'delete_branch')!.old_ref, 'feature/login');
    const feed = (await api(server, '/users/alice/activities/feeds?limit=5', { as: 'alice' })).json as { op_type: string; content: string }[];
    assert.ok(feed.some((a) => a.op_type === 'merge_pull_request' && a.content === '6|Add login page'));
    assert.ok(feed.some((a) => a.op_type === 'commit_repo'));
    assert.ok(feed.some((a) => a.op_type === 'delete_branch'));
    assert.equal((await merge(OPEN, { do: 'merge' })).status, 405);
  });

  it('squash: one commit on main authored by the poster, with the title field as message', async () => {
    const oldMain = await branchSha('main');
    const head = await branchSha('feature/login');
    const res = await merge(OPEN, { do: 'squash', force_merge: true, merge_title_field: 'Login page (#6)' });
    assert.equal(res.status, 200, res.text);
    const c = (await commit(await branchSha('main')))!;
    assert.deepEqual(c.parents, [oldMain]);
    assert.equal(c.message, 'Login page (#6)\n');
    assert.equal(c.tree, (await commit(head))!.tree);
    assert.equal((await api(server, '/repos/alice/demo/branches/feature%2Flogin')).status, 200);
  });

  it('rebase replays the head on main (author kept, merger commits); fast-forward-only refuses a diverged head', async () => {
    // Reopen #8 (experiment, branched before main moved on) so that a rebase has to rewrite its commit.
    const pr8 = server.state.issueByIndex(demo().id, 8)!;
    pr8.state = 'open';
    pr8.pull!.headSha = undefined;
    const diverged = await merge(8, { do: 'fast-forward-only', force_merge: true });
    assert.equal(diverged.status, 409);
    const oldMain = await branchSha('main');
    const res = await merge(8, { do: 'rebase', force_merge: true });
    assert.equal(res.status, 200, res.text);
    const main = await branchSha('main');
    const c = (await commit(main))!;
    assert.deepEqual(c.parents, [oldMain]);
    assert.equal(c.message, 'Try a different approach\n');
    assert.deepEqual([c.author.email, c.committer.email], ['bob@example.com', 'alice@example.com']);
    assert.equal((await api(server, `${PULLS}/8`)).json.merge_commit_sha, main);
  });

  it('fast-forward-only moves main to the head; rebase-merge adds a merge commit over it', async () => {
    const head = await branchSha('feature/login');
    assert.equal((await merge(OPEN, { do: 'fast-forward-only', force_merge: true })).status, 200);
    assert.equal(await branchSha('main'), head);
    await server.reset();
    const oldMain = await branchSha('main');
    assert.equal((await merge(OPEN, { do: 'rebase-merge', force_merge: true })).status, 200);
    assert.deepEqual((await commit(await branchSha('main')))!.parents, [oldMain, head]);
  });

  it('manually-merged marks the pull request merged at a commit of the base branch', async () => {
    demo().settings.allowManualMerge = true;
    const wrong = await merge(OPEN, { do: 'manually-merged', merge_commit_id: await branchSha('feature/login') });
    assert.deepEqual([wrong.status, wrong.json], [409, {}]);
    const main = await branchSha('main');
    assert.equal((await merge(OPEN, { do: 'manually-merged', merge_commit_id: main }, 'bob')).status, 200);
    const pull = (await api(server, `${PULLS}/${OPEN}`)).json;
    assert.deepEqual([pull.merged, pull.merge_commit_sha, pull.merged_by.login], [true, main, 'bob']);
  });

  it('merge_when_checks_succeed schedules (201), DELETE cancels; with passing checks it merges at once', async () => {
    const scheduled = await merge(OPEN, { do: 'merge', merge_when_checks_succeed: true }, 'bob');
    assert.equal(scheduled.status, 201);
    assert.equal((await api(server, `${PULLS}/${OPEN}`)).json.merged, false);
    const again = await merge(OPEN, { do: 'merge', merge_when_checks_succeed: true }, 'bob');
    assert.equal(again.status, 409);
    const byCarol = await api(server, `${PULLS}/${OPEN}/merge`, { method: 'DELETE', as: 'carol' });
    assert.deepEqual([byCarol.status, byCarol.json.message], [403, 'user has no permission to cancel the scheduled auto merge']);
    assert.equal((await api(server, `${PULLS}/${OPEN}/merge`, { method: 'DELETE', as: 'bob' })).status, 204);
    assert.equal((await api(server, `${PULLS}/${OPEN}/merge`, { method: 'DELETE', as: 'bob' })).status, 404);
    const types = ((await api(server, `/repos/alice/demo/issues/${OPEN}/timeline?limit=50`)).json as { type: string }[]).map((t) => t.type);
    assert.ok(types.includes('pull_scheduled_merge') && types.includes('pull_cancel_scheduled_merge'));

    // The required check succeeded and bob approved: the scheduled merge happens right away.
    const head = await branchSha('feature/login');
    const state = server.state;
    const issue = state.issueByIndex(demo().id, OPEN)!;
    const now = new Date();
    state.commitStatuses.push({ id: state.nextId('commit_status'), repoId: demo().id, sha: head, index: 1, state: 'success',
      context: 'ci/build', description: '', targetUrl: '', creatorId: issue.posterId, created: now });
    state.reviews.push({ id: state.nextId('review'), issueId: issue.id, reviewerId: state.userByName('bob')!.id, type: 'approve',
      body: '', commitId: head, official: true, stale: false, dismissed: false, created: now, updated: now });
    const auto = await merge(OPEN, { do: 'squash', merge_when_checks_succeed: true, delete_branch_after_merge: true }, 'bob');
    assert.equal(auto.status, 201);
    const pull = (await api(server, `${PULLS}/${OPEN}`)).json;
    assert.deepEqual([pull.merged, pull.merged_by.login], [true, 'bob']);
    assert.equal((await api(server, '/repos/alice/demo/branches/feature%2Flogin')).status, 404);
  });
});

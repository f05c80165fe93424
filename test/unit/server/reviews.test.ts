// Pull request reviews as Gitea 1.27 answers them (routers/api/v1/repo/pull_review.go): pending reviews seen
// only by their author, the 422 refusals, line comments with their diff hunk, review requests.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { newIssue } from '../../server/seed/demoIssues';
import { api } from './helpers';

/** An open pull request on acme/site (the seed has none on an organization's repository): an empty commit on a new branch. */
async function orgPull(server: TestServer, posterLogin: string): Promise<number> {
  const state = server.state;
  const site = state.repoByName('acme', 'site')!;
  const main = (await server.git.must(site.gitPath, ['rev-parse', 'refs/heads/main'])).toString('utf8').trim();
  const ident = ['-c', 'user.name=Alice', '-c', 'user.email=alice@example.com'];
  const head = (await server.git.must(site.gitPath, [...ident, 'commit-tree', `${main}^{tree}`, '-p', main, '-m', 'Team review'])).toString('utf8').trim();
  await server.git.updateRefs(site.gitPath, [`create refs/heads/team-review ${head}`]);
  const issue = newIssue(state, site, { title: 'Ask a team', posterId: state.userByName(posterLogin)!.id, pull: {
    headBranch: 'team-review', baseBranch: 'main', headRepoId: site.id, merged: false, draft: false, allowMaintainerEdit: false,
    reviewComments: 0, requestedReviewerIds: [] } });
  return issue.index;
}

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
    // convert.patch2diff: from the first hunk header on, without the file header.
    assert.match(c.diff_hunk, /^@@ -\d+(,\d+)? \+1(,\d+)? @@/);
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

  it("review_comments counts the submitted reviews (Gitea's comments of type Review), not their line comments", async () => {
    const before = (await api(server, '/repos/alice/demo/pulls/6')).json.review_comments ?? 0;
    const lines = [{ path: 'README.md', body: 'one', new_position: 1 }, { path: 'README.md', body: 'two', new_position: 2 }];
    const first = await api(server, reviews, { method: 'POST', as: 'carol', body: { event: 'COMMENT', comments: lines } });
    const pending = await api(server, reviews, { method: 'POST', as: 'bob', body: { event: 'PENDING', comments: lines } });
    assert.equal((await api(server, '/repos/alice/demo/pulls/6')).json.review_comments, before + 1, 'one submitted review; its two lines and a pending review do not count');
    for (const r of [first, pending]) await api(server, `${reviews}/${r.json.id}`, { method: 'DELETE', as: r === first ? 'carol' : 'bob' });
    assert.equal((await api(server, '/repos/alice/demo/pulls/6')).json.review_comments ?? 0, before);
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
    const unknown = await api(server, path, { method: 'POST', as: 'alice', body: { reviewers: ['nobody-here'] } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.message, "user doesn't exist: nobody-here");
    assert.equal((await api(server, path, { method: 'DELETE', as: 'alice', body: { reviewers: ['carol'] } })).status, 204);
    assert.deepEqual((await api(server, '/repos/alice/demo/pulls/6')).json.requested_reviewers, []);
    const events = (await api(server, '/repos/alice/demo/issues/6/timeline?limit=50')).json.filter((e: { type: string }) => e.type === 'review_request');
    assert.deepEqual(events.map((e: { removed_assignee: boolean }) => e.removed_assignee), [false, true]);
  });
  it('team review requests on an organization\'s pull request: 404 for an unknown team, 201 with the team\'s REQUEST_REVIEW, 422s, 204 on removal', async () => {
    const index = await orgPull(server, 'alice');
    const path = `/repos/acme/site/pulls/${index}/requested_reviewers`;
    const site = server.state.repoByName('acme', 'site')!;
    const unknown = await api(server, path, { method: 'POST', as: 'alice', body: { team_reviewers: ['nobody-team'] } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.message, "team doesn't exist: nobody-team");
    // Team names are looked up case-insensitively (lower_name).
    const added = await api(server, path, { method: 'POST', as: 'alice', body: { team_reviewers: ['developers'] } });
    assert.equal(added.status, 201);
    assert.equal(added.json.length, 1);
    const [review] = added.json;
    assert.equal(review.state, 'REQUEST_REVIEW');
    assert.equal(review.user, null, 'a team\'s request has no user');
    assert.deepEqual([review.team.id, review.team.name, review.team.organization], [3, 'Developers', null]);
    assert.equal(review.official, true, 'no rule on main: the doer writes code');
    assert.deepEqual((await api(server, path, { method: 'POST', as: 'alice', body: { team_reviewers: ['Developers'] } })).json, [], 'already requested');
    const pull = (await api(server, `/repos/acme/site/pulls/${index}`, { as: 'alice' })).json;
    assert.deepEqual(pull.requested_reviewers, []);
    assert.deepEqual(pull.requested_reviewers_teams.map((t: { name: string; organization: { name: string } }) => [t.name, t.organization.name]), [['Developers', 'acme']]);
    const listed = (await api(server, '/repos/acme/site/pulls?state=open', { as: 'alice' })).json.find((p: { number: number }) => p.number === index);
    assert.equal(listed.requested_reviewers_teams, null, 'a list does not load the teams');
    const reviews = (await api(server, `/repos/acme/site/pulls/${index}/reviews`, { as: 'alice' })).json;
    assert.deepEqual(reviews.map((r: { id: number; team: { name: string } }) => [r.id, r.team.name]), [[review.id, 'Developers']]);
    // bob only reads the public repository: he may not change its review requests.
    const bob = server.fixtures.users.bob.id;
    const outsider = await api(server, path, { method: 'POST', as: 'bob', body: { team_reviewers: ['Owners'] } });
    assert.equal(outsider.status, 422);
    assert.equal(outsider.json.message, `Doer can't choose reviewer [user_id: ${bob}, repo_id: ${site.id}]`);
    const withdraw = await api(server, path, { method: 'DELETE', as: 'bob', body: { team_reviewers: ['Developers'] } });
    assert.equal(withdraw.json.message, `Doer can't remove reviewer [user_id: ${bob}, repo_id: ${site.id}]`);
    // A private repository: only teams that have it may be asked (Developers has acme/private-repo only).
    site.private = true;
    try {
      const alice = server.fixtures.users.alice.id;
      const unreadable = await api(server, path, { method: 'POST', as: 'alice', body: { team_reviewers: ['Release Managers', 'Developers'] } });
      assert.equal(unreadable.status, 422);
      assert.equal(unreadable.json.message, `Reviewing team can't read repo [user_id: ${alice}, repo_id: ${site.id}]`);
    } finally {
      site.private = false;
    }
    // Release Managers (all repositories) was requested before Developers refused the whole call.
    assert.equal((await api(server, path, { method: 'DELETE', as: 'alice', body: { team_reviewers: ['Developers', 'Release Managers'] } })).status, 204);
    assert.deepEqual((await api(server, `/repos/acme/site/pulls/${index}`, { as: 'alice' })).json.requested_reviewers_teams, []);
    const events = (await api(server, `/repos/acme/site/issues/${index}/timeline`, { as: 'alice' })).json
      .filter((e: { type: string }) => e.type === 'review_request')
      .map((e: { assignee: unknown; assignee_team: { name: string; organization: unknown }; removed_assignee: boolean }) =>
        [e.assignee, e.assignee_team.name, e.assignee_team.organization, e.removed_assignee]);
    assert.deepEqual(events, [
      [null, 'Developers', null, false],
      [null, 'Release Managers', null, false],
      [null, 'Developers', null, true],
      [null, 'Release Managers', null, true],
    ]);
    // A user's repository has no teams: team_reviewers are left alone.
    assert.deepEqual((await api(server, '/repos/alice/demo/pulls/6/requested_reviewers', { method: 'POST', as: 'alice', body: { team_reviewers: ['Developers'] } })).json, []);
  });
});

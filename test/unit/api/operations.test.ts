// The 20 operations of the subset against the project's test server: each success path and the error kinds
// BEHAVIOR.md lists for it. Fixture identities come from test/server/fixtures.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GiteaClient, GiteaErrorKind } from '../../../src/api';
import { FIXTURES, clients, startServer, type TestServer } from './liveServer';
import { failure } from './stub';

const demo = { owner: FIXTURES.repos.demo.owner, repo: FIXTURES.repos.demo.name };
const archived = { owner: FIXTURES.repos.archived.owner, repo: FIXTURES.repos.archived.name };
const nowhere = { owner: 'alice', repo: 'no-such-repo' };
const acme = FIXTURES.orgs.acme;

async function kind(p: Promise<unknown>, expected: GiteaErrorKind, status?: number): Promise<void> {
  const e = await failure(p);
  assert.equal(e.kind, expected, `${e.kind} (${e.status}): ${e.message}`);
  if (status !== undefined) assert.equal(e.status, status);
}

describe('subset operations against the test server', () => {
  let server: TestServer;
  let alice: GiteaClient;
  let carol: GiteaClient;
  let bob: GiteaClient;
  let anonymous: GiteaClient;
  before(async () => {
    server = await startServer();
    const c = clients(server);
    alice = c.token('alice');
    carol = c.token('carol');
    bob = c.token('bob');
    anonymous = c.anonymous();
  });
  after(() => server?.close());

  it('1 orgCreateHook: 201 for an owner; forbidden, validation, notFound', async () => {
    const hook = await alice.orgCreateHook({
      org: acme.name,
      body: { type: 'gitea', config: { url: 'https://hooks.example/x', content_type: 'json' }, events: ['push'], active: true },
    });
    assert.equal(hook.type, 'gitea');
    assert.equal(hook.config.url, 'https://hooks.example/x');
    const body = { type: 'gitea' as const, config: { url: 'https://hooks.example/y', content_type: 'json' } };
    await kind(carol.orgCreateHook({ org: acme.name, body }), 'forbidden', 403);
    await kind(alice.orgCreateHook({ org: acme.name, body: { ...body, type: 'nope' } }), 'validation', 422);
    await kind(alice.orgCreateHook({ org: acme.name, body: { ...body, config: { url: 'https://x', content_type: 'xml' } } }), 'validation', 422);
    await kind(alice.orgCreateHook({ org: 'no-such-org', body }), 'notFound', 404);
  });

  it('2 repoListBranches: all branches, q filter, paging, empty repository, notFound', async () => {
    const all = await alice.repoListBranches({ ...demo, limit: 50 });
    assert.deepEqual(all.items.map((b) => b.name).sort(), [...FIXTURES.repos.demo.branches].sort());
    assert.match(all.items[0]!.commit?.id ?? '', /^[0-9a-f]{40}$/);
    const feature = await alice.repoListBranches({ ...demo, q: 'feature' });
    assert.deepEqual(feature.items.map((b) => b.name).sort(), ['feature/login', 'feature/search']);
    const first = await alice.repoListBranches({ ...demo, limit: 2 });
    assert.equal(first.items.length, 2);
    assert.equal(first.hasMore, true);
    assert.equal(first.totalCount, FIXTURES.repos.demo.branches.length);
    const names: string[] = [];
    for await (const b of alice.paginate('repoListBranches', { ...demo, limit: 3 })) names.push(b.name);
    assert.equal(names.length, FIXTURES.repos.demo.branches.length);
    const empty = await alice.repoListBranches({ owner: FIXTURES.repos.empty.owner, repo: FIXTURES.repos.empty.name });
    assert.deepEqual(empty.items, []);
    await kind(alice.repoListBranches(nowhere), 'notFound', 404);
  });

  it('3 userEditHook: 200 with events and branch_filter kept; notFound', async () => {
    const hooks = await alice.userListHooks();
    const hook = hooks.items[0]!;
    assert.ok(hook, 'alice has user hooks');
    const edited = await alice.userEditHook({ id: hook.id, body: { events: hook.events, branch_filter: hook.branch_filter ?? '', active: false } });
    assert.equal(edited.active, false);
    assert.deepEqual(edited.events.sort(), [...hook.events].sort());
    assert.equal(edited.branch_filter, hook.branch_filter);
    const again = await alice.userGetHook({ id: hook.id });
    assert.equal(again.active, false);
    await kind(alice.userEditHook({ id: 999999, body: { events: [], branch_filter: '' } }), 'notFound', 404);
  });

  it('4 orgCreateLabel: 201 with the color normalised; validation; notFound', async () => {
    const label = await alice.orgCreateLabel({ org: acme.name, body: { name: 'kind/test', color: '#FF00AA', description: 'd' } });
    assert.equal(label.name, 'kind/test');
    assert.equal(label.color, 'ff00aa');
    await kind(alice.orgCreateLabel({ org: acme.name, body: { name: 'bad', color: 'not-a-color' } }), 'validation', 422);
    await kind(alice.orgCreateLabel({ org: 'no-such-org', body: { name: 'x', color: 'ffffff' } }), 'notFound', 404);
  });

  it('5 repoListHooks: 200 for admins (authorization_header hidden); forbidden; notFound', async () => {
    const hooks = await alice.repoListHooks(demo);
    assert.ok(hooks.items.length >= 2);
    for (const h of hooks.items) assert.equal(h.authorization_header ?? '', '');
    assert.ok(hooks.totalCount !== undefined);
    await kind(carol.repoListHooks(demo), 'forbidden', 403);
    await kind(alice.repoListHooks(nowhere), 'notFound', 404);
  });

  it('6 issueCreateIssue: 201; validation [Title]; archived; notFound; scope; unauthorized; badRequest', async () => {
    const issue = await alice.issueCreateIssue({ ...demo, body: { title: 'From the client', body: 'text', closed: true } });
    assert.equal(issue.title, 'From the client');
    assert.equal(issue.state, 'closed');
    assert.deepEqual(issue.assignees, []);
    const v = await failure(alice.issueCreateIssue({ ...demo, body: { title: '' } }));
    assert.equal(v.kind, 'validation');
    assert.equal(v.details.field, 'Title');
    await kind(alice.issueCreateIssue({ ...archived, body: { title: 'x' } }), 'archived', 423);
    await kind(alice.issueCreateIssue({ ...nowhere, body: { title: 'x' } }), 'notFound', 404);
    const readOnly = clients(server).withAuth({ kind: 'token', token: FIXTURES.users.alice.tokens.readRepository });
    const s = await failure(readOnly.issueCreateIssue({ ...demo, body: { title: 'x' } }));
    assert.equal(s.kind, 'scope');
    assert.ok(s.details.requiredScopes?.length, 'names the scope');
    await kind(anonymous.issueCreateIssue({ ...demo, body: { title: 'x' } }), 'unauthorized', 401);
    await kind(alice.issueCreateIssue({ ...demo, body: { title: 'x', milestone: 999999 } }), 'badRequest', 400);
    await kind(alice.issueCreateIssue({ ...demo, body: { title: 'x', assignees: ['nobody-here'] } }), 'validation', 422);
  });

  it('7 issueRemoveIssueDependencies: 201 with the issue; archived; server error for a missing dependency', async () => {
    const meta = { owner: demo.owner, repo: demo.repo, index: FIXTURES.repos.demo.issues.crash };
    // DELETE answers 201 with the issue of the URL, as the recorded Gitea 1.27.0 does (recordings, line 44).
    const answered = await alice.issueRemoveIssueDependencies({ ...demo, index: FIXTURES.repos.demo.issues.darkMode, body: meta });
    assert.equal(answered.number, FIXTURES.repos.demo.issues.darkMode);
    const deps = await alice.issueListIssueDependencies({ ...demo, index: FIXTURES.repos.demo.issues.darkMode });
    assert.ok(!deps.items.some((i) => i.number === FIXTURES.repos.demo.issues.crash));
    await kind(alice.issueRemoveIssueDependencies({ ...demo, index: FIXTURES.repos.demo.issues.darkMode, body: meta }), 'server', 500);
    // Restore it for the other tests.
    await alice.issueCreateIssueDependencies({ ...demo, index: FIXTURES.repos.demo.issues.darkMode, body: meta });
    await kind(alice.issueRemoveIssueDependencies({ ...archived, index: 1, body: { ...archived, index: 2 } }), 'archived', 423);
  });

  it('8 repoMigrate: 201; conflict; validation for bad, private, unreachable and unauthenticated sources; forbidden', async () => {
    const repo = await alice.repoMigrate({ body: { clone_addr: 'https://git.example.org/someone/tool.git', repo_name: 'tool-mirror', service: 'git' } });
    assert.equal(repo.full_name, 'alice/tool-mirror');
    await kind(alice.repoMigrate({ body: { clone_addr: 'https://git.example.org/x.git', repo_name: demo.repo } }), 'conflict', 409);
    await kind(alice.repoMigrate({ body: { clone_addr: 'not a url', repo_name: 'm1' } }), 'validation', 422);
    await kind(alice.repoMigrate({ body: { clone_addr: 'http://127.0.0.1/x.git', repo_name: 'm2' } }), 'validation', 422);
    await kind(alice.repoMigrate({ body: { clone_addr: `https://gone${FIXTURES.migration.unreachableHostSuffix}/x.git`, repo_name: 'm3' } }), 'validation', 422);
    await kind(
      alice.repoMigrate({ body: { clone_addr: 'https://git.example.org/x.git', repo_name: 'm4', auth_username: 'a', auth_password: FIXTURES.migration.rejectedPassword } }),
      'validation',
      422,
    );
    await kind(carol.repoMigrate({ body: { clone_addr: 'https://git.example.org/x.git', repo_name: 'm5', repo_owner: acme.name } }), 'forbidden', 403);
  });

  it('9 repoCreateRelease: 201; conflict for a tag with a release; validation for an empty repository; notFound target', async () => {
    const rel = await alice.repoCreateRelease({ ...demo, body: { tag_name: 'v9.9.9', target_commitish: 'main', name: 'Nine', draft: true } });
    assert.equal(rel.tag_name, 'v9.9.9');
    assert.equal(rel.draft, true);
    await kind(alice.repoCreateRelease({ ...demo, body: { tag_name: FIXTURES.repos.demo.releases.published } }), 'conflict', 409);
    await kind(alice.repoCreateRelease({ owner: FIXTURES.repos.empty.owner, repo: FIXTURES.repos.empty.name, body: { tag_name: 'v1' } }), 'validation', 422);
    await kind(alice.repoCreateRelease({ ...demo, body: { tag_name: 'v9.9.10', target_commitish: 'no-such-branch' } }), 'notFound', 404);
  });

  it('10 userListActivityFeeds: 200 with only-performed-by and date; notFound', async () => {
    const feed = await alice.userListActivityFeeds({ username: 'alice', 'only-performed-by': true, limit: 50 });
    assert.ok(feed.items.length > 0);
    for (const a of feed.items) assert.equal(a.act_user_id, FIXTURES.users.alice.id);
    const none = await alice.userListActivityFeeds({ username: 'alice', date: '1999-01-01' });
    assert.deepEqual(none.items, []);
    await kind(alice.userListActivityFeeds({ username: 'no-such-user' }), 'notFound', 404);
  });

  it('11 repoEdit: 200; forbidden; validation for a rename clash, an owners-only visibility change, archiving a mirror', async () => {
    const edited = await alice.repoEdit({ ...demo, body: { description: 'Edited by the client', has_wiki: false } });
    assert.equal(edited.description, 'Edited by the client');
    assert.equal(edited.has_wiki, false);
    await kind(carol.repoEdit({ ...demo, body: { description: 'x' } }), 'forbidden', 403);
    await kind(alice.repoEdit({ ...demo, body: { name: FIXTURES.repos.empty.name } }), 'validation', 422);
    const site = { owner: FIXTURES.repos.site.owner, repo: FIXTURES.repos.site.name };
    await kind(carol.repoEdit({ ...site, body: { private: true } }), 'validation', 422);
    await kind(alice.repoEdit({ owner: FIXTURES.repos.mirror.owner, repo: FIXTURES.repos.mirror.name, body: { archived: true } }), 'validation', 422);
    await kind(alice.repoEdit({ ...nowhere, body: {} }), 'notFound', 404);
  });

  it('12 listWorkflowJobs: jobs with total_count, status filter (repeated), badRequest, validation, notFound', async () => {
    const jobs = await alice.listWorkflowJobs({ ...demo, limit: 50 });
    assert.ok(jobs.items.length >= 6);
    assert.equal(jobs.totalCount, jobs.items.length);
    const ok = await alice.listWorkflowJobs({ ...demo, status: ['success', 'failure'] });
    assert.ok(ok.items.length > 0 && ok.items.every((j) => j.conclusion === 'success' || j.conclusion === 'failure' || j.status === 'completed'));
    await kind(alice.listWorkflowJobs({ ...demo, status: 'bogus' }), 'badRequest', 400);
    await kind(alice.listWorkflowJobs({ ...demo, sort: 'name' }), 'validation', 422);
    await kind(alice.listWorkflowJobs(nowhere), 'notFound', 404);
  });

  it('13 issueSearchIssues: 200; badRequest for a team without owner; validation for a bad date', async () => {
    const found = await alice.issueSearchIssues({ q: 'dark', state: 'all' });
    assert.ok(found.items.some((i) => i.number === FIXTURES.repos.demo.issues.darkMode));
    const pulls = await alice.issueSearchIssues({ type: 'pulls', state: 'all', owner: demo.owner });
    assert.ok(pulls.items.length > 0 && pulls.items.every((i) => i.pull_request !== undefined));
    await kind(alice.issueSearchIssues({ team: 'Owners' }), 'badRequest', 400);
    await kind(alice.issueSearchIssues({ since: 'yesterday' }), 'validation', 422);
  });

  it('14 repoGetPullRequestFiles: statuses, rename, X-Page headers; notFound', async () => {
    const files = await alice.repoGetPullRequestFiles({ ...demo, index: FIXTURES.repos.demo.pulls.open, limit: 50 });
    const statuses = new Set(files.items.map((f) => f.status));
    for (const s of ['added', 'deleted', 'renamed', 'changed']) assert.ok(statuses.has(s), `status ${s} in ${[...statuses].join(',')}`);
    assert.ok(!statuses.has('modified'));
    assert.ok(files.items.find((f) => f.status === 'renamed')?.previous_filename);
    const first = await alice.repoGetPullRequestFiles({ ...demo, index: FIXTURES.repos.demo.pulls.open, limit: 1 });
    assert.equal(first.items.length, 1);
    assert.equal(first.hasMore, true);
    assert.equal(first.pageCount, files.items.length);
    await kind(alice.repoGetPullRequestFiles({ ...demo, index: 9999 }), 'notFound', 404);
  });

  it('15 orgListTeamActivityFeeds: 200 for members; forbidden for org members who cannot see it; notFound for others', async () => {
    const feed = await alice.orgListTeamActivityFeeds({ id: acme.teams.owners.id });
    assert.ok(Array.isArray(feed.items));
    await kind(carol.orgListTeamActivityFeeds({ id: acme.teams.releaseManagers.id }), 'forbidden', 403);
    await kind(bob.orgListTeamActivityFeeds({ id: acme.teams.releaseManagers.id }), 'notFound', 404);
  });

  it('16 repoListKeys: 200 with key_id/fingerprint filters; forbidden; notFound', async () => {
    const keys = await alice.repoListKeys(demo);
    assert.ok(keys.items.length >= 2);
    const k = keys.items[0]!;
    assert.ok(k.fingerprint && k.key_id);
    const byFingerprint = await alice.repoListKeys({ ...demo, fingerprint: k.fingerprint });
    assert.deepEqual(byFingerprint.items.map((x) => x.id), [k.id]);
    await kind(carol.repoListKeys(demo), 'forbidden', 403);
    await kind(alice.repoListKeys(nowhere), 'notFound', 404);
  });

  it('17 repoGetCommitPullRequest: the merged PR of its merge commit; notFound for a short SHA', async () => {
    const pr = await alice.repoGetPullRequest({ ...demo, index: FIXTURES.repos.demo.pulls.mergedMerge });
    assert.ok(pr.merged && pr.merge_commit_sha);
    const found = await alice.repoGetCommitPullRequest({ ...demo, sha: pr.merge_commit_sha });
    assert.equal(found.number, FIXTURES.repos.demo.pulls.mergedMerge);
    await kind(alice.repoGetCommitPullRequest({ ...demo, sha: pr.merge_commit_sha.slice(0, 10) }), 'notFound', 404);
  });

  it('18 userListStarred: 200 in starring order; unauthorized without credentials; notFound', async () => {
    const starred = await alice.userListStarred({ username: 'alice' });
    assert.deepEqual(starred.items.map((r) => r.full_name), [...FIXTURES.aliceStarred]);
    await kind(anonymous.userListStarred({ username: 'alice' }), 'unauthorized', 401);
    await kind(alice.userListStarred({ username: 'no-such-user' }), 'notFound', 404);
  });

  it('19 issueListBlocks: the blocked issues; [] when none; notFound', async () => {
    const blocks = await alice.issueListBlocks({ ...demo, index: FIXTURES.repos.demo.issues.crash });
    assert.deepEqual(blocks.items.map((i) => i.number).sort(), [FIXTURES.repos.demo.issues.darkMode, FIXTURES.repos.demo.issues.refactor].sort());
    assert.equal(blocks.hasMore, false);
    const none = await alice.issueListBlocks({ ...demo, index: FIXTURES.repos.demo.issues.question });
    assert.deepEqual(none.items, []);
    await kind(alice.issueListBlocks({ ...nowhere, index: 1 }), 'notFound', 404);
  });

  it('20 orgEditLabel: 200 keeping is_archived; validation; notFound', async () => {
    const legacy = acme.labels.legacy;
    const edited = await alice.orgEditLabel({ org: acme.name, id: legacy.id, body: { is_archived: true, description: 'old stuff' } });
    assert.equal(edited.description, 'old stuff');
    assert.equal(edited.is_archived, true);
    const bug = await alice.orgEditLabel({ org: acme.name, id: acme.labels.kindBug.id, body: { is_archived: false, color: '#00FF00' } });
    assert.equal(bug.color, '00ff00');
    await kind(alice.orgEditLabel({ org: acme.name, id: acme.labels.kindBug.id, body: { is_archived: false, color: 'zz' } }), 'validation', 422);
    await kind(alice.orgEditLabel({ org: acme.name, id: 999999, body: { is_archived: false } }), 'notFound', 404);
  });
});

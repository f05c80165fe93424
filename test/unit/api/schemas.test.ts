// Response validation: what the real server sends passes (nulls, absent fields, extra fields), what does not
// fit is `malformed` naming the operation and the field path.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseServerVersion } from '../../../src/api';
import { clientFor, failure, startStub, type Stub } from './stub';

const user = { id: 2, login: 'alice', full_name: 'Alice', email: 'a@x', avatar_url: 'https://h/a.png' };

describe('response validation', () => {
  let stub: Stub;
  let body: unknown;
  before(async () => {
    stub = await startStub((r) => (r.url.startsWith('/api/v1/settings/api') ? { status: 404 } : { body }));
  });
  after(() => stub.close());

  it('names the operation and field path when a list item does not fit', async () => {
    body = [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 42 }];
    const e = await failure(clientFor(stub).repoListBranches({ owner: 'o', repo: 'r' }));
    assert.equal(e.kind, 'malformed');
    assert.equal(e.details.field, 'items[3].name');
    assert.ok(e.message.startsWith('repoListBranches: items[3].name: expected string, got number'), e.message);
  });

  it('names nested paths and missing required fields', async () => {
    body = [{ name: 'a', commit: { message: 'no id' } }];
    const e = await failure(clientFor(stub).repoListBranches({ owner: 'o', repo: 'r' }));
    assert.equal(e.details.field, 'items[0].commit.id');
    assert.match(e.message, /expected string, got missing/);
    body = { jobs: [{ id: 'x' }], total_count: 1 };
    const j = await failure(clientFor(stub).listWorkflowJobs({ owner: 'o', repo: 'r' }));
    assert.equal(j.details.field, 'jobs[0].id');
    body = { number: 1, title: 't', state: 'open' };
    const i = await failure(clientFor(stub).issueGetIssue({ owner: 'o', repo: 'r', index: 1 }));
    assert.equal(i.details.field, 'id');
  });

  it('accepts a Gitea issue with nulls and turns null lists into []', async () => {
    body = {
      id: 10,
      number: 1,
      title: 'Crash',
      state: 'open',
      user,
      labels: [],
      assets: [],
      milestone: null,
      assignee: null,
      assignees: null,
      closed_at: null,
      due_date: null,
      pull_request: null,
      projects: null,
      brand_new_field: { anything: true },
    };
    const issue = await clientFor(stub).issueGetIssue({ owner: 'o', repo: 'r', index: 1 });
    assert.deepEqual(issue.assignees, []);
    assert.deepEqual(issue.projects, []);
    assert.equal(issue.milestone, undefined);
    assert.equal(issue.pull_request, undefined);
    assert.equal((issue as Record<string, unknown>).brand_new_field, undefined, 'unknown fields are dropped');
  });

  it('accepts a Forgejo issue without content_version, time_estimate and projects', async () => {
    body = { id: 10, number: 1, title: 'Crash', state: 'closed', user, labels: [], assets: [], assignees: null };
    const issue = await clientFor(stub).issueGetIssue({ owner: 'o', repo: 'r', index: 1 });
    assert.equal(issue.content_version, undefined);
    assert.deepEqual(issue.projects, []);
  });

  it('accepts a pull request list entry without the list-omitted fields, and a gone head repo', async () => {
    body = [
      {
        id: 3,
        number: 6,
        title: 'Login',
        state: 'open',
        user,
        labels: [],
        assignees: null,
        requested_reviewers: null,
        requested_reviewers_teams: null,
        merged_at: null,
        merge_commit_sha: null,
        merged_by: null,
        base: { label: 'main', ref: 'main', sha: 'a'.repeat(40), repo_id: 1, repo: { id: 1, name: 'demo', full_name: 'alice/demo', owner: user } },
        head: { label: 'x', ref: 'x', sha: 'b'.repeat(40), repo_id: -1, repo: null },
      },
    ];
    const page = await clientFor(stub).repoListPullRequests({ owner: 'o', repo: 'r' });
    const pr = page.items[0]!;
    assert.equal(pr.additions, undefined);
    assert.deepEqual(pr.requested_reviewers, []);
    assert.equal(pr.head?.repo, undefined);
    assert.equal(pr.base?.repo?.owner?.login, 'alice');
  });

  it('accepts a Forgejo hook (no name; url, content_type, metadata extra) and a Repository without 1.26 fields', async () => {
    body = [{ id: 1, type: 'forgejo', url: 'u', content_type: 'json', metadata: null, config: { url: 'https://x', content_type: 'json' }, events: ['push'], active: true }];
    const hooks = await clientFor(stub).repoListHooks({ owner: 'o', repo: 'r' });
    assert.equal(hooks.items[0]!.config.url, 'https://x');
    body = [{ id: 1, name: 'demo', full_name: 'alice/demo', owner: user, topics: null, licenses: null, parent: null, permissions: { admin: true, push: true, pull: true } }];
    const starred = await clientFor(stub).userListStarred({ username: 'alice' });
    assert.deepEqual(starred.items[0]!.topics, []);
    assert.equal(starred.items[0]!.permissions?.admin, true);
  });

  it('an activity with a null comment, a directory listing from contents', async () => {
    body = [{ id: 1, op_type: 'commit_repo', act_user: user, repo: { id: 1, name: 'd', full_name: 'a/d' }, comment: null, content: '{}' }];
    const feed = await clientFor(stub).userListActivityFeeds({ username: 'alice', 'only-performed-by': true, date: '2025-01-02' });
    assert.equal(feed.items[0]!.comment, undefined);
    assert.match(stub.requests.at(-1)!.url, /only-performed-by=true&date=2025-01-02/);
    body = [{ name: 'a', path: 'dir/a', type: 'file' }];
    const dir = await clientFor(stub).repoGetContents({ owner: 'o', repo: 'r', filepath: 'dir' });
    assert.ok(Array.isArray(dir));
  });

  it('non-JSON or empty answers where JSON is expected are malformed', async () => {
    body = 'not json';
    assert.equal((await failure(clientFor(stub).getVersion())).kind, 'malformed');
    body = '';
    const e = await failure(clientFor(stub).getVersion());
    assert.equal(e.kind, 'malformed');
    assert.match(e.message, /empty/);
    body = [1, 2];
    assert.equal((await failure(clientFor(stub).listWorkflowJobs({ owner: 'o', repo: 'r' }))).details.field, '(body)');
  });
});

describe('parseServerVersion', () => {
  it('Gitea', () => {
    const v = parseServerVersion('1.27.0');
    assert.equal(v.flavor, 'gitea');
    assert.equal(v.version, '1.27.0');
    assert.deepEqual(v.features, { branchSearch: true, repoJobs: true, jobLogs: true, commitPull: true });
    assert.deepEqual(parseServerVersion('1.24.3').features, { branchSearch: false, repoJobs: false, jobLogs: true, commitPull: true });
    assert.equal(parseServerVersion('1.27.0+dev-12-gabcdef').flavor, 'gitea');
  });
  it('Forgejo answers "11.0.1+gitea-1.22.0"', () => {
    const v = parseServerVersion('11.0.1+gitea-1.22.0');
    assert.equal(v.flavor, 'forgejo');
    assert.equal(v.version, '11.0.1');
    assert.equal(v.giteaVersion, '1.22.0');
    assert.deepEqual(v.features, { branchSearch: false, repoJobs: false, jobLogs: false, commitPull: true });
    assert.equal(parseServerVersion('7.0.0-dev-123-abc+gitea-1.22.0').flavor, 'forgejo');
  });
});

// Authentication (token, Basic, Basic with a token as password, two-factor OTP), an instance under a sub-path,
// Forgejo, and the operations beyond the subset that the editor needs, against the project's test server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, mayNeedOtp, parseServerVersion, type GiteaClient } from '../../../src/api';
import { sshEd25519PublicKey } from '../../server/fixtures';
import { totp, TOTP_STEP_SECONDS } from '../../server/totp';
import { FIXTURES, clients, startServer, type TestServer } from './liveServer';
import { failure } from './stub';

const demo = { owner: FIXTURES.repos.demo.owner, repo: FIXTURES.repos.demo.name };
const { issues, pulls } = FIXTURES.repos.demo;

/** A TOTP code for bob that has not been used yet (each code works once): waits for the next step if needed. */
async function freshOtp(used: Set<string>): Promise<string> {
  for (;;) {
    const code = totp(FIXTURES.users.bob.totpSecret);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    const msIntoStep = Date.now() % (TOTP_STEP_SECONDS * 1000);
    await new Promise((r) => setTimeout(r, TOTP_STEP_SECONDS * 1000 - msIntoStep + 50));
  }
}

describe('authentication against the test server', () => {
  let server: TestServer;
  const usedCodes = new Set<string>();
  before(async () => {
    server = await startServer();
  });
  after(() => server?.close());

  it('token, Basic with the password, and Basic with a token as the password', async () => {
    const c = clients(server);
    assert.equal((await c.token('alice').userGetCurrent()).login, 'alice');
    assert.equal((await c.basic('alice').userGetCurrent()).login, 'alice');
    const tokenAsPassword = c.withAuth({ kind: 'basic', username: 'alice', password: FIXTURES.users.alice.tokens.all });
    assert.equal((await tokenAsPassword.userGetCurrent()).login, 'alice');
  });

  it('a wrong password or token is unauthorized', async () => {
    const c = clients(server);
    const wrongPassword = await failure(c.withAuth({ kind: 'basic', username: 'alice', password: 'wrong-password' }).userGetCurrent());
    assert.equal(wrongPassword.kind, 'unauthorized');
    const wrongToken = await failure(c.withAuth({ kind: 'token', token: '0'.repeat(40) }).userGetCurrent());
    assert.equal(wrongToken.kind, 'unauthorized');
    assert.equal(mayNeedOtp(wrongToken), false);
  });

  it('two-factor: Basic without a code → unauthorized that may need an OTP; with X-Gitea-OTP it works, once', async () => {
    const c = clients(server);
    const without = await failure(c.basic('bob').userGetCurrent());
    assert.equal(without.kind, 'unauthorized');
    assert.equal(mayNeedOtp(without), true);
    const code = await freshOtp(usedCodes);
    assert.equal((await c.basic('bob', code).userGetCurrent()).login, 'bob');
    const reused = await failure(c.basic('bob', code).userGetCurrent());
    assert.equal(reused.kind, 'unauthorized');
    assert.equal(reused.details.auth, 'basic+otp');
  });

  it('userCreateToken with Basic (and a per-request OTP for bob); the new token works', async () => {
    const c = clients(server);
    const created = await c.basic('alice').userCreateToken({ username: 'alice', body: { name: 'workbench-test', scopes: ['write:repository', 'write:issue', 'read:user'] } });
    assert.match(created.sha1, /^[0-9a-f]{40}$/);
    assert.equal((await c.withAuth({ kind: 'token', token: created.sha1 }).userGetCurrent()).login, 'alice');
    const code = await freshOtp(usedCodes);
    const bobs = await c.basic('bob').userCreateToken({ username: 'bob', body: { name: 'workbench-2fa', scopes: ['all'] } }, { otp: code });
    assert.ok(bobs.sha1);
    const e = await failure(c.token('alice').userCreateToken({ username: 'alice', body: { name: 'by-token' } }));
    assert.ok(e.kind === 'unauthorized' || e.kind === 'forbidden', e.kind);
  });
});

describe('instance under a sub-path, and Forgejo', () => {
  it('works under /git/ and follows the API root', async () => {
    const server = await startServer({ subPath: '/git' });
    try {
      assert.match(server.url, /\/git\/$/);
      for (const base of [server.url, server.url.replace(/\/$/, '')]) {
        const c = createClient({ baseUrl: base, auth: { kind: 'token', token: FIXTURES.users.alice.tokens.all } });
        assert.equal(c.apiUrl, `${server.url}api/v1`);
        const branches = await c.repoListBranches({ ...demo, limit: 2 });
        assert.equal(branches.hasMore, true);
        assert.equal(branches.nextPage, 2);
      }
    } finally {
      await server.close();
    }
  });

  it('recognises Forgejo from GET /version; its missing jobs API is notFound', async () => {
    const server = await startServer({ flavor: 'forgejo' });
    try {
      const c = clients(server).token('alice');
      const v = parseServerVersion((await c.getVersion()).version);
      assert.equal(v.flavor, 'forgejo');
      assert.equal(v.features.repoJobs, false);
      assert.equal((await failure(c.listWorkflowJobs(demo))).kind, 'notFound');
    } finally {
      await server.close();
    }
  });
});

describe('editor operations against the test server', () => {
  let server: TestServer;
  let alice: GiteaClient;
  before(async () => {
    server = await startServer();
    alice = clients(server).token('alice');
  });
  after(() => server?.close());

  it('server information and users', async () => {
    assert.equal(parseServerVersion((await alice.getVersion()).version).flavor, 'gitea');
    const settings = await alice.getGeneralAPISettings();
    assert.equal(settings.max_response_items, 50);
    assert.equal(settings.default_paging_num, 30);
    assert.deepEqual(await alice.pagingLimits(), { defaultLimit: 30, maxLimit: 50 });
    assert.equal((await alice.userGet({ username: 'carol' })).full_name, FIXTURES.users.carol.fullName);
    assert.ok((await alice.orgListCurrentUserOrgs()).items.some((o) => o.name === FIXTURES.orgs.acme.name));
    assert.ok((await alice.userListTeams()).items.some((t) => t.id === FIXTURES.orgs.acme.teams.owners.id));
    assert.ok((await alice.orgListTeams({ org: FIXTURES.orgs.acme.name })).items.length >= 3);
  });

  it('repository, issues with filters, one issue, dependencies', async () => {
    const repo = await alice.repoGet(demo);
    assert.equal(repo.default_branch, FIXTURES.repos.demo.defaultBranch);
    assert.equal(repo.permissions?.admin, true);
    const open = await alice.issueListIssues({ ...demo, state: 'open', type: 'issues' });
    assert.ok(open.items.length > 0 && open.items.every((i) => i.state === 'open' && i.pull_request === undefined));
    const q = await alice.issueListIssues({ ...demo, state: 'all', q: 'dark' });
    assert.ok(q.items.some((i) => i.number === issues.darkMode));
    const issue = await alice.issueGetIssue({ ...demo, index: issues.crash });
    assert.equal(issue.number, issues.crash);
    const deps = await alice.issueListIssueDependencies({ ...demo, index: issues.refactor });
    assert.deepEqual(deps.items.map((i) => i.number).sort(), [issues.crash, issues.docs].sort());
  });

  it('pull requests: list, get, diff as text', async () => {
    const list = await alice.repoListPullRequests({ ...demo, state: 'all' });
    assert.ok(list.items.some((p) => p.number === pulls.open));
    const pr = await alice.repoGetPullRequest({ ...demo, index: pulls.open });
    assert.equal(pr.head?.ref, 'feature/login');
    const diff = await alice.repoDownloadPullDiffOrPatch({ ...demo, index: pulls.open, diffType: 'diff' });
    assert.match(diff, /^diff --git /m);
  });

  it('actions: runs, jobs of a run, one job, logs (text), and notFound for a job not started', async () => {
    const runs = await alice.getWorkflowRuns(demo);
    assert.ok(runs.items.length >= 4);
    const run = runs.items.find((r) => r.status === 'completed') ?? runs.items[runs.items.length - 1]!;
    const jobs = await alice.listWorkflowRunJobs({ ...demo, run: run.id });
    assert.ok(jobs.items.length > 0);
    const job = await alice.getWorkflowJob({ ...demo, job_id: jobs.items[0]!.id });
    assert.equal(job.id, jobs.items[0]!.id);
    const all = await alice.listWorkflowJobs({ ...demo, limit: 50 });
    const done = all.items.find((j) => j.steps.length > 0)!;
    assert.match(await alice.downloadActionsRunJobLogs({ ...demo, job_id: done.id }), /::group::/);
    const waiting = all.items.find((j) => j.steps.length === 0)!;
    assert.equal((await failure(alice.downloadActionsRunJobLogs({ ...demo, job_id: waiting.id }))).kind, 'notFound');
  });

  it('releases, labels, milestones, people, org labels and hooks', async () => {
    const releases = await alice.repoListReleases(demo);
    assert.ok(releases.items.some((r) => r.tag_name === FIXTURES.repos.demo.releases.published));
    const stable = await alice.repoListReleases({ ...demo, 'pre-release': false, draft: false });
    assert.ok(stable.items.every((r) => !r.prerelease && !r.draft));
    await alice.issueListLabels(demo);
    await alice.issueGetMilestonesList({ ...demo, state: 'all' });
    assert.ok((await alice.repoGetAssignees(demo)).items.some((u) => u.login === 'alice'));
    assert.ok((await alice.repoListCollaborators(demo)).items.some((u) => u.login === 'bob'));
    const orgLabels = await alice.orgListLabels({ org: FIXTURES.orgs.acme.name });
    assert.ok(orgLabels.items.some((l) => l.id === FIXTURES.orgs.acme.labels.priorityHigh.id));
    const label = await alice.orgGetLabel({ org: FIXTURES.orgs.acme.name, id: FIXTURES.orgs.acme.labels.legacy.id });
    assert.equal(label.is_archived, true);
    assert.ok((await alice.orgListHooks({ org: FIXTURES.orgs.acme.name })).items.length >= 1);
  });

  it('repoListTags: newest first with the tagged commit; pages from X-Total-Count alone (no Link); notFound', async () => {
    const all = await alice.repoListTags(demo);
    assert.deepEqual(all.items.map((t) => t.name), ['v1.1.0-rc1', 'v1.0.0']);
    assert.equal(all.totalCount, FIXTURES.repos.demo.tags.length);
    assert.equal(all.hasMore, false);
    const v1 = all.items[1]!;
    assert.match(v1.commit?.sha ?? '', /^[0-9a-f]{40}$/);
    assert.notEqual(v1.id, v1.commit?.sha, 'an annotated tag: id is the tag object');
    assert.equal(v1.message, 'Version 1.0.0');
    const first = await alice.repoListTags({ ...demo, limit: 1 });
    assert.equal(first.hasMore, true);
    assert.equal(first.nextPage, 2);
    const names: string[] = [];
    for await (const t of alice.paginate('repoListTags', { ...demo, limit: 1 })) names.push(t.name);
    assert.deepEqual(names, ['v1.1.0-rc1', 'v1.0.0']);
    assert.equal((await failure(alice.repoListTags({ owner: 'alice', repo: 'no-such-repo' }))).kind, 'notFound');
  });

  it('deploy keys: create, validation for a duplicate or bad key, delete (204)', async () => {
    const key = sshEd25519PublicKey('client-test');
    const created = await alice.repoCreateKey({ ...demo, body: { title: 'client test', key, read_only: true } });
    assert.equal(created.read_only, true);
    assert.equal((await failure(alice.repoCreateKey({ ...demo, body: { title: 'again', key } }))).kind, 'validation');
    assert.equal((await failure(alice.repoCreateKey({ ...demo, body: { title: 'bad', key: 'ssh-rsa nope' } }))).kind, 'validation');
    assert.equal(await alice.repoDeleteKey({ ...demo, id: created.id }), undefined);
    assert.equal((await failure(alice.repoGetKey({ ...demo, id: created.id }))).kind, 'notFound');
  });

  it('raw file bytes and contents at a ref', async () => {
    const raw = await alice.repoGetRawFile({ ...demo, filepath: 'README.md', ref: 'main' });
    assert.ok(raw instanceof Uint8Array);
    assert.match(Buffer.from(raw).toString('utf8'), /^# demo/);
    const file = await alice.repoGetContents({ ...demo, filepath: 'README.md', ref: 'main' });
    assert.ok(!Array.isArray(file) && file.type === 'file' && file.encoding === 'base64');
    const dir = await alice.repoGetContents({ ...demo, filepath: 'src', ref: 'main' });
    assert.ok(Array.isArray(dir) && dir.length > 0);
    assert.equal((await failure(alice.repoGetRawFile({ ...demo, filepath: 'no/such/file', ref: 'main' }))).kind, 'notFound');
  });
});

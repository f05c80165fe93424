// The test server's feed after pushes, release creation, its GET tag and its Actions answers, shaped like the
// recorded Gitea 1.27.0 (test/fixtures/gitea-api/recordings): a new branch is a commit_repo with empty content
// followed by the push summary; an updated branch only the summary; runs and jobs omit what Gitea omits.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api, gitSandbox } from './helpers';

interface FeedEntry {
  id: number;
  op_type: string;
  ref_name: string;
  content: string;
}
interface PushContent {
  Commits: { Sha1: string; Message: string }[] | null;
  HeadCommit: { Sha1: string } | null;
  CompareURL: string;
  Len: number;
}

describe('test server: the feed of pushes and the Actions answers (as Gitea 1.27)', () => {
  let server: TestServer;
  let sandbox: Awaited<ReturnType<typeof gitSandbox>>;
  let dir: string;
  before(async () => {
    [server, sandbox] = await Promise.all([startTestServer(), gitSandbox()]);
    const url = server.url.replace('://', `://alice:${server.fixtures.users.alice.tokens.all}@`) + 'alice/demo.git';
    assert.equal((await sandbox.git(['clone', '--quiet', url, 'demo'])).code, 0);
    dir = `${sandbox.dir}/demo`;
  });
  after(async () => {
    await Promise.all([server?.close(), sandbox?.dispose()]);
  });

  const feed = async (limit: number): Promise<FeedEntry[]> => (await api(server, `/users/alice/activities/feeds?limit=${limit}`, { as: 'alice' })).json;
  const rev = async (ref: string) => (await sandbox.git(['rev-parse', ref], dir)).stdout.toString().trim();
  const push = async (...args: string[]) => {
    const r = await sandbox.git(['push', '-q', 'origin', ...args], dir);
    assert.equal(r.code, 0, r.stderr.toString());
  };

  it('a branch created where main is: "created" (empty content), then a push of no new commit', async () => {
    const main = await rev('origin/main');
    await push(`${main}:refs/heads/topic/b049`);
    const [pushed, created] = await feed(2);
    assert.equal(created!.op_type, 'commit_repo');
    assert.equal(created!.ref_name, 'refs/heads/topic/b049');
    assert.equal(created!.content, '', 'CreateRef records no content');
    assert.ok(pushed!.id > created!.id, 'the push comes after the creation');
    assert.equal(pushed!.op_type, 'commit_repo');
    const content = JSON.parse(pushed!.content) as PushContent;
    assert.deepEqual(content.Commits, []);
    assert.equal(content.Len, 0);
    assert.equal(content.HeadCommit?.Sha1, main, 'the head commit even when no commit is new');
    assert.equal(content.CompareURL, `alice/demo/compare/main...${main}`, 'compared with the default branch');
  });

  it('a new branch with two commits lists them and compares from the parent of the oldest', async () => {
    const base = await rev('origin/main');
    await sandbox.git(['checkout', '-q', '-b', 'feature/two', 'origin/main'], dir);
    await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'first'], dir);
    await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'second'], dir);
    await push('feature/two');
    const [pushed, created] = await feed(2);
    assert.equal(created!.content, '');
    const content = JSON.parse(pushed!.content) as PushContent;
    assert.deepEqual(content.Commits?.map((c) => c.Message), ['second\n', 'first\n']);
    assert.equal(content.Len, 2);
    assert.equal(content.CompareURL, `alice/demo/compare/${base}...${await rev('HEAD')}`);
  });

  it('an updated branch is one push entry, compared from its old head', async () => {
    const old = await rev('HEAD');
    await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'third'], dir);
    await push('feature/two');
    const [pushed, previous] = await feed(2);
    assert.equal(previous!.ref_name, 'refs/heads/feature/two');
    assert.notEqual(previous!.content, '', 'no second "created" entry');
    const content = JSON.parse(pushed!.content) as PushContent;
    assert.deepEqual(content.Commits?.map((c) => c.Message), ['third\n']);
    assert.equal(content.CompareURL, `alice/demo/compare/${old}...${await rev('HEAD')}`);
  });

  it('a release with a new tag records push_tag with the tagged commit, then publish_release, with full refs', async () => {
    const created = await api(server, '/repos/alice/demo/releases', { as: 'alice', method: 'POST', body: { tag_name: 'v7.0.0', name: 'Seven' } });
    assert.equal(created.status, 201);
    const [release, tag] = await feed(2);
    assert.deepEqual([release!.op_type, release!.ref_name, release!.content], ['publish_release', 'refs/tags/v7.0.0', 'Seven']);
    assert.equal(tag!.op_type, 'push_tag');
    assert.equal(tag!.ref_name, 'refs/tags/v7.0.0');
    const content = JSON.parse(tag!.content) as PushContent;
    assert.equal(content.Commits, null);
    assert.equal(content.Len, 0);
    assert.equal(content.CompareURL, `alice/demo/compare/${'0'.repeat(40)}...${content.HeadCommit?.Sha1}`);
  });

  it('GET a tag by name: 200 for an existing one, 404 for the tag of a draft release', async () => {
    const { published, draft } = server.fixtures.repos.demo.releases;
    const ok = await api(server, `/repos/alice/demo/tags/${published}`, { as: 'alice' });
    assert.equal(ok.status, 200);
    assert.equal(ok.json.name, published);
    assert.match(ok.json.zipball_url, new RegExp(`/alice/demo/archive/${published}\\.zip$`));
    assert.equal((await api(server, `/repos/alice/demo/tags/${draft}`, { as: 'alice' })).status, 404);
  });

  it('runs and jobs: the fields Gitea 1.27 sends, jobs linked by id under their run', async () => {
    const runs = (await api(server, '/repos/alice/demo/actions/runs', { as: 'alice' })).json.workflow_runs as Record<string, unknown>[];
    assert.ok(runs.length > 0);
    for (const run of runs) {
      assert.equal(run.previous_attempt_url, null);
      assert.deepEqual(run.pull_requests, []);
      assert.ok(!('head_repository' in run) && !('repository_id' in run), 'not in the recorded answer');
      assert.equal('conclusion' in run, run.status === 'completed', 'conclusion only once completed');
      assert.match(String(run.path), /^ci\.yml@refs\/heads\//);
    }
    const run = runs[0]!;
    const jobs = (await api(server, `/repos/alice/demo/actions/runs/${run.id}/jobs`, { as: 'alice' })).json.jobs as Record<string, unknown>[];
    assert.ok(jobs.length > 0);
    for (const job of jobs) {
      assert.equal(job.html_url, `${run.html_url}/jobs/${job.id}`);
      assert.equal(job.run_id, run.id);
      assert.equal('runner_name' in job, Number(job.runner_id ?? 0) > 0, 'runner fields only once a runner has the job');
    }
  });
});

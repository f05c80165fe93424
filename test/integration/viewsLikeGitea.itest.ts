// What a real user hit (issue #13), inside the editor against a Gitea 1.27 test server started in this process:
// a draft release whose tag does not exist offers no source archives, and a click on a release opens its page;
// a push that creates a branch reads "created branch" and "pushed to" as on Gitea's dashboard, not as two
// identical rows; CI jobs are grouped under their workflow run, which says what it is.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ActionWorkflowJob, ActionWorkflowRun, Release } from '../../src/api';
import type { ActivityProvider } from '../../src/views/activityView';
import type { ViewsRegistry } from '../../src/views/registry';
import type { TreeNode } from '../../src/views/treeNode';
import { isolatedGitEnv, runGit } from '../server/git';
import { startTestServer, type TestServer } from '../server/index';
import { api, dataNodes, describeNodes, find, hasContext, label, registry, requestsTo, settled, signInAndSelect, signOut } from './viewsSupport';

const describeNode = (n: TreeNode) => `${label(n)} · ${String(n.item.description ?? '')}`;

/** Replaces vscode.env.openExternal (not frozen while extension tests run) and records what it was asked to open. */
function captureOpenExternal() {
  const env = vscode.env as { openExternal: (uri: vscode.Uri) => Thenable<boolean> };
  const original = env.openExternal;
  const opened: string[] = [];
  env.openExternal = (uri) => {
    opened.push(uri.toString(true));
    return Promise.resolve(true);
  };
  return { opened, restore: () => (env.openExternal = original) };
}

describe('views read like Gitea: releases, activity, CI runs (Gitea 1.27)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let views: ViewsRegistry;
  let accountId: string | undefined;
  let scratch: string;

  before(async () => {
    [server, scratch] = await Promise.all([startTestServer(), mkdtemp(join(tmpdir(), 'gitea-itest-push-'))]);
    views = await registry();
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('Releases: a draft whose tag does not exist lists no source archives; a published one does', async () => {
    const { published, draft } = server.fixtures.repos.demo.releases;
    views.releases.refresh();
    const nodes = dataNodes(await settled(views.releases));
    const from = server.requests.length;
    const draftChildren = await settled(views.releases, find(nodes, draft));
    assert.ok(!draftChildren.some((n) => hasContext(n, 'releaseArchive')), `archives of a tagless draft: ${describeNodes(draftChildren)}`);
    assert.ok(draftChildren.some((n) => new RegExp(`tag ${draft.replace(/\./g, '\\.')} is created when the release is published`).test(label(n))), describeNodes(draftChildren));
    assert.equal(requestsTo(server, `/repos/alice/demo/tags/${draft}`, from).length, 1, 'the draft asked once whether its tag exists');

    const publishedChildren = await settled(views.releases, find(nodes, published));
    assert.deepEqual(publishedChildren.filter((n) => hasContext(n, 'releaseArchive')).map(label), ['Source code (zip)', 'Source code (tar.gz)']);
    assert.equal(requestsTo(server, `/repos/alice/demo/tags/${published}`, from).length, 0, 'a published release has its tag: no request');
  });

  it('Releases: a draft of a tag that exists lists its archives', async () => {
    // A draft may be written for a tag pushed earlier: then the archives work.
    await runGitIn(server, scratch, ['push', '-q', 'origin', 'origin/main:refs/tags/v1.3.0'], 'pushed a tag');
    await api<Release>(server, 'POST', '/repos/alice/demo/releases', { tag_name: 'v1.3.0', name: 'Draft of a tagged commit', draft: true });
    views.releases.refresh();
    const nodes = dataNodes(await settled(views.releases));
    const draft = find(nodes, 'v1.3.0');
    assert.match(String(draft.item.description), /\[draft\]/);
    const children = await settled(views.releases, draft);
    assert.deepEqual(children.filter((n) => hasContext(n, 'releaseArchive')).map(label), ['Source code (zip)', 'Source code (tar.gz)'], describeNodes(children));
  });

  it('Releases: a click opens the release page', async () => {
    const { published } = server.fixtures.repos.demo.releases;
    const truth = (await api<Release[]>(server, 'GET', '/repos/alice/demo/releases')).find((r) => r.tag_name === published)!;
    views.releases.refresh();
    const node = find(dataNodes(await settled(views.releases)), published);
    const command = node.item.command;
    assert.ok(command, 'a click on a release runs a command');
    assert.equal(command.command, 'gitea.releases.open');
    const capture = captureOpenExternal();
    try {
      await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    } finally {
      capture.restore();
    }
    assert.deepEqual(capture.opened, [truth.html_url]);
  });

  it('Activity: a pushed new branch reads "created branch" then "pushed to", never two identical rows', async () => {
    const activity = await vscode.commands.executeCommand<ActivityProvider>('gitea.activity.provider');
    assert.ok(activity);
    await runGitIn(server, scratch, ['push', '-q', 'origin', 'origin/main:refs/heads/topic/b049'], 'pushed');
    activity.setSource({ kind: 'user', onlyMine: false });
    activity.setDate('');
    activity.refresh();
    const rows = dataNodes(await settled(activity)).filter((n) => label(n).includes('topic/b049'));
    assert.deepEqual(rows.map(label), ['alice pushed to topic/b049 at alice/demo', 'alice created branch topic/b049 in alice/demo'], rows.map(describeNode).join(' | '));
    assert.notEqual(describeNode(rows[0]!), describeNode(rows[1]!));
    assert.match(String(rows[0]!.item.description), /no new commits/);
    assert.equal(rows[1]!.url, `${server.url}alice/demo/src/branch/topic/b049`);
  });

  it('Activity: a push of several commits lists them under the row, each linked to its commit', async () => {
    const activity = await vscode.commands.executeCommand<ActivityProvider>('gitea.activity.provider');
    assert.ok(activity);
    await runGitIn(server, scratch, ['checkout', '-q', '-b', 'topic/two', 'origin/main'], 'branched');
    await runGitIn(server, scratch, ['commit', '-q', '--allow-empty', '-m', 'first of two'], 'committed');
    await runGitIn(server, scratch, ['commit', '-q', '--allow-empty', '-m', 'second of two'], 'committed');
    await runGitIn(server, scratch, ['push', '-q', 'origin', 'topic/two'], 'pushed');
    activity.refresh();
    const row = find(dataNodes(await settled(activity)), 'alice pushed 2 commits to topic/two');
    const commits = await settled(activity, row);
    assert.deepEqual(commits.map(label), ['second of two', 'first of two']);
    assert.ok(commits.every((c) => /\/alice\/demo\/commit\/[0-9a-f]{40}$/.test(c.url ?? '')), commits.map((c) => c.url).join(', '));
  });

  it('CI Jobs: runs newest first, each named by title, workflow, event, branch and commit; jobs and steps under them', async () => {
    const from = server.requests.length;
    views.ciJobs.refresh();
    const runs = dataNodes(await settled(views.ciJobs));
    assert.equal(requestsTo(server, '/repos/alice/demo/actions/runs', from).length, 1, 'one request for the page of runs');
    assert.equal(server.requests.slice(from).filter((q) => /\/actions\/(?:jobs|runs\/\d+\/jobs)$/.test(q.apiPath ?? '')).length, 0, 'no job list before a run is opened');
    const truth = (await api<{ workflow_runs: ActionWorkflowRun[] }>(server, 'GET', '/repos/alice/demo/actions/runs')).workflow_runs;
    assert.deepEqual(runs.map(label), truth.map((r) => r.display_title), describeNodes(runs));
    assert.ok(truth.every((r, i) => i === 0 || r.id < truth[i - 1]!.id), 'newest first');
    runs.forEach((node, i) => {
      const r = truth[i]!;
      const description = String(node.item.description);
      for (const part of ['ci.yml', r.event!, r.head_branch!, r.head_sha!.slice(0, 10)]) assert.ok(description.includes(part), `${part} in ${description}`);
      assert.ok(hasContext(node, 'ciRun'));
    });

    const failed = truth.find((r) => r.conclusion === 'failure')!;
    const jobsFrom = server.requests.length;
    const jobs = dataNodes(await settled(views.ciJobs, runs[truth.indexOf(failed)]));
    assert.equal(requestsTo(server, `/repos/alice/demo/actions/runs/${failed.id}/jobs`, jobsFrom).length, 1, 'one request for the jobs of the run opened');
    const jobTruth = (await api<{ jobs: ActionWorkflowJob[] }>(server, 'GET', `/repos/alice/demo/actions/runs/${failed.id}/jobs`)).jobs;
    assert.deepEqual(jobs.map(label), jobTruth.map((j) => j.name));
    assert.ok(jobs.every((j) => hasContext(j, 'ciJob')), 'Show Log applies to the jobs');
    const withSteps = jobTruth.findIndex((j) => j.steps.length > 0);
    const steps = await settled(views.ciJobs, jobs[withSteps]);
    assert.deepEqual(steps.map(label), jobTruth[withSteps]!.steps.map((s) => s.name));
  });

  it('CI Jobs: the status filter goes to the runs and to the jobs of each run', async () => {
    const from = server.requests.length;
    views.ciJobs.setStatusFilter(['queued', 'in_progress']);
    try {
      const runs = dataNodes(await settled(views.ciJobs));
      const [req] = requestsTo(server, '/repos/alice/demo/actions/runs', from);
      assert.deepEqual(req!.query.status, ['queued', 'in_progress']);
      assert.ok(runs.length > 0 && runs.every((r) => hasContext(r, 'active')), describeNodes(runs));
      const running = runs.find((r) => /in_progress/.test(String(r.item.description)))!;
      const jobs = dataNodes(await settled(views.ciJobs, running));
      const run = running.data as ActionWorkflowRun;
      const [jobsReq] = requestsTo(server, `/repos/alice/demo/actions/runs/${run.id}/jobs`, from);
      assert.deepEqual(jobsReq!.query.status, ['queued', 'in_progress']);
      assert.ok(jobs.length > 0 && jobs.every((j) => hasContext(j, 'active')), describeNodes(jobs));
    } finally {
      views.ciJobs.setStatusFilter([]);
    }
  });
});

/** git in a clone of alice/demo in `scratch` (cloned on first use), as alice. */
async function runGitIn(server: TestServer, scratch: string, args: string[], what: string): Promise<void> {
  const env = isolatedGitEnv(scratch, {
    GIT_AUTHOR_NAME: 'Alice', GIT_AUTHOR_EMAIL: 'alice@example.com', GIT_COMMITTER_NAME: 'Alice', GIT_COMMITTER_EMAIL: 'alice@example.com',
  });
  const dir = join(scratch, 'demo');
  const clone = await runGit(['-C', dir, 'rev-parse', '--git-dir'], { env }).catch(() => undefined);
  if (clone?.code !== 0) {
    const url = server.url.replace('://', `://alice:${server.fixtures.users.alice.tokens.all}@`) + 'alice/demo.git';
    const r = await runGit(['clone', '--quiet', url, dir], { env });
    assert.equal(r.code, 0, `clone: ${r.stderr}`);
  }
  const r = await runGit(['-C', dir, ...args], { env });
  assert.equal(r.code, 0, `${what}: git ${args.join(' ')}: ${r.stderr}`);
}

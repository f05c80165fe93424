// Re-runs and workflows through the client against the test server (Gitea 1.27, and 1.26 where it differs):
// the answers, the new attempt, and the error kinds of Gitea's refusals.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GiteaClient } from '../../../src/api';
import { FIXTURES, clients, startServer, type TestServer } from './liveServer';

const demo = { owner: FIXTURES.repos.demo.owner, repo: FIXTURES.repos.demo.name };

async function runs(client: GiteaClient) {
  return (await client.getWorkflowRuns({ ...demo })).items;
}

async function refusal(p: Promise<unknown>): Promise<{ kind: string; status?: number; serverMessage?: string }> {
  try {
    await p;
  } catch (e) {
    return e as { kind: string; status?: number; serverMessage?: string };
  }
  throw new Error('expected a refusal');
}

describe('re-runs and workflows against the test server (Gitea 1.27)', () => {
  let server: TestServer;
  let bob: GiteaClient;
  let carol: GiteaClient;
  before(async () => {
    server = await startServer();
    bob = clients(server).token('bob');
    carol = clients(server).token('carol');
  });
  after(() => server?.close());

  it('rerunFailedWorkflowRun: a new attempt, the failed job again waiting with a new id, the others kept', async () => {
    const failed = (await runs(bob)).find((r) => r.conclusion === 'failure')!;
    const before = (await bob.listWorkflowRunJobs({ ...demo, run: failed.id })).items;
    await bob.rerunFailedWorkflowRun({ ...demo, run: failed.id });
    const run = (await runs(bob)).find((r) => r.id === failed.id)!;
    assert.equal(run.run_attempt, 2);
    assert.equal(run.status, 'queued');
    assert.match(run.previous_attempt_url ?? '', new RegExp(`/actions/runs/${failed.id}/attempts/1$`));
    const jobs = (await bob.listWorkflowRunJobs({ ...demo, run: failed.id })).items;
    assert.deepEqual(jobs.map((j) => [j.name, j.status, j.run_attempt]), before.map((j) => [j.name, j.conclusion === 'failure' ? 'queued' : 'completed', 2]));
    assert.ok(jobs.every((j) => !before.some((b) => b.id === j.id)), 'the new attempt\'s jobs have new ids');
  });

  it('a run still going is refused (400 "not done"); write access is needed (403); a run that is gone is 404', async () => {
    const active = (await runs(bob)).find((r) => r.status === 'in_progress')!;
    assert.deepEqual(await refusal(bob.rerunWorkflowRun({ ...demo, run: active.id })).then((e) => [e.kind, e.serverMessage]), ['badRequest', 'this workflow run is not done']);
    const done = (await runs(bob)).find((r) => r.conclusion === 'success')!;
    assert.equal((await refusal(carol.rerunWorkflowRun({ ...demo, run: done.id }))).kind, 'forbidden');
    assert.equal((await refusal(bob.rerunWorkflowRun({ ...demo, run: 99_999 }))).kind, 'notFound');
  });

  it('rerunWorkflowJob answers the job of the new attempt; the run is then not done', async () => {
    const done = (await runs(bob)).find((r) => r.conclusion === 'success')!;
    const job = (await bob.listWorkflowRunJobs({ ...demo, run: done.id })).items.find((j) => j.name === 'test')!;
    const again = await bob.rerunWorkflowJob({ ...demo, run: done.id, job_id: job.id });
    assert.notEqual(again.id, job.id);
    assert.deepEqual([again.name, again.run_id, again.run_attempt, again.status, again.steps.length], ['test', done.id, 2, 'queued', 0]);
    assert.equal((await refusal(bob.rerunWorkflowRun({ ...demo, run: done.id }))).serverMessage, 'this workflow run is not done');
    assert.equal((await refusal(bob.rerunWorkflowJob({ ...demo, run: done.id, job_id: job.id }))).serverMessage, 'workflow job not found');
  });

  it('ActionsListRepositoryWorkflows: the default branch\'s workflow files, active; disable and enable them', async () => {
    const list = await bob.ActionsListRepositoryWorkflows({ ...demo });
    assert.deepEqual(list.items.map((w) => [w.id, w.name, w.path, w.state]), [['ci.yml', 'CI', '.gitea/workflows/ci.yml', 'active']]);
    assert.equal(list.hasMore, false);
    assert.equal((await refusal(carol.ActionsDisableWorkflow({ ...demo, workflow_id: 'ci.yml' }))).kind, 'forbidden');
    await bob.ActionsDisableWorkflow({ ...demo, workflow_id: 'ci.yml' });
    assert.equal((await bob.ActionsListRepositoryWorkflows({ ...demo })).items[0]!.state, 'disabled_manually');
    const e = await refusal(bob.ActionsDispatchWorkflow({ ...demo, workflow_id: 'ci.yml', body: { ref: 'refs/heads/main' } }));
    assert.deepEqual([e.kind, e.serverMessage], ['forbidden', 'workflow is disabled']);
    await bob.ActionsEnableWorkflow({ ...demo, workflow_id: 'ci.yml' });
    assert.equal((await bob.ActionsListRepositoryWorkflows({ ...demo })).items[0]!.state, 'active');
    assert.equal((await refusal(bob.ActionsEnableWorkflow({ ...demo, workflow_id: 'nope.yml' }))).kind, 'notFound');
  });

  it('ActionsDispatchWorkflow with return_run_details: the new run, waiting for a runner, with its jobs', async () => {
    const details = await bob.ActionsDispatchWorkflow({
      ...demo, workflow_id: 'ci.yml', return_run_details: true, body: { ref: 'refs/heads/develop', inputs: { suite: 'all' } },
    });
    assert.ok(details && details.workflow_run_id > 0);
    const run = (await runs(bob))[0]!;
    assert.deepEqual([run.id, run.event, run.status, run.head_branch, run.path], [details.workflow_run_id, 'workflow_dispatch', 'queued', 'develop', 'ci.yml@refs/heads/develop']);
    const jobs = (await bob.listWorkflowRunJobs({ ...demo, run: run.id })).items;
    assert.deepEqual(jobs.map((j) => [j.name, j.status]), [['build', 'queued']]);
    // Without the flag: 204, nothing to parse.
    assert.equal(await bob.ActionsDispatchWorkflow({ ...demo, workflow_id: 'ci.yml', body: { ref: 'main' } }), undefined);
  });

  it('dispatch refusals: an unknown ref or file is 404, an empty ref 422, read access 403', async () => {
    assert.equal((await refusal(bob.ActionsDispatchWorkflow({ ...demo, workflow_id: 'ci.yml', body: { ref: 'refs/heads/nope' } }))).kind, 'notFound');
    assert.equal((await refusal(bob.ActionsDispatchWorkflow({ ...demo, workflow_id: 'nope.yml', body: { ref: 'main' } }))).kind, 'notFound');
    assert.equal((await refusal(bob.ActionsDispatchWorkflow({ ...demo, workflow_id: 'ci.yml', body: { ref: '' } }))).kind, 'validation');
    assert.equal((await refusal(carol.ActionsDispatchWorkflow({ ...demo, workflow_id: 'ci.yml', body: { ref: 'main' } }))).kind, 'forbidden');
  });
});

describe('rerunWorkflowRun against the test server (Gitea 1.27)', () => {
  let server: TestServer;
  after(() => server?.close());
  it('answers the run at its next attempt, waiting', async () => {
    server = await startServer();
    const bob = clients(server).token('bob');
    const done = (await runs(bob)).find((r) => r.conclusion === 'success')!;
    const rerun = await bob.rerunWorkflowRun({ ...demo, run: done.id });
    assert.deepEqual([rerun.id, rerun.run_attempt, rerun.status], [done.id, 2, 'queued']);
    assert.deepEqual((await bob.listWorkflowRunJobs({ ...demo, run: done.id })).items.map((j) => [j.status, j.run_attempt]), [['queued', 2], ['queued', 2]]);
  });
});

describe('re-runs and dispatch against the test server as Gitea 1.26', () => {
  let server: TestServer;
  let bob: GiteaClient;
  before(async () => {
    server = await startServer({ version: '1.26.3' });
    bob = clients(server).token('bob');
  });
  after(() => server?.close());

  it('a re-run resets the jobs in place (same ids, no attempts); a dispatch names its run, at attempt 0', async () => {
    const failed = (await runs(bob)).find((r) => r.conclusion === 'failure')!;
    const before = (await bob.listWorkflowRunJobs({ ...demo, run: failed.id })).items;
    const job = before.find((j) => j.conclusion === 'failure')!;
    const answered = await bob.rerunWorkflowJob({ ...demo, run: failed.id, job_id: job.id });
    assert.equal(answered.id, job.id);
    const after = (await bob.listWorkflowRunJobs({ ...demo, run: failed.id })).items;
    assert.deepEqual(after.map((j) => j.id), before.map((j) => j.id));
    assert.equal(after.find((j) => j.id === job.id)!.status, 'queued');
    const details = await bob.ActionsDispatchWorkflow({ ...demo, workflow_id: 'ci.yml', return_run_details: true, body: { ref: 'main' } });
    const run = (await runs(bob))[0]!;
    assert.deepEqual([run.id, run.run_attempt, run.status], [details?.workflow_run_id, 0, 'queued']);
  });
});

describe('dispatch against the test server as Gitea 1.25', () => {
  let server: TestServer;
  after(() => server?.close());
  it('answers 204 even when asked for the run', async () => {
    server = await startServer({ version: '1.25.0' });
    const bob = clients(server).token('bob');
    assert.equal(await bob.ActionsDispatchWorkflow({ ...demo, workflow_id: 'ci.yml', return_run_details: true, body: { ref: 'main' } }), undefined);
  });
});

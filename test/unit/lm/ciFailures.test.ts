// The CI state the tools read (src/lm/ciFailures.ts) against a client that records its calls: the head commit's failed
// jobs come from the repository's failed-job list when that list holds their run whole (so their logs are asked for
// beside the runs, not a round trip later), and from the run's own job list otherwise.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GiteaClient } from '../../../src/api';
import { ciState, recentFailedJobs } from '../../../src/lm/ciFailures';

const SHA = 'a'.repeat(40);
const LOG = '2024-01-14T10:05:11.0000000Z src/main.ts:2:1: error: boom\n';

interface Job {
  id: number;
  run_id: number;
  head_sha: string;
  status: string;
  conclusion: string;
  name: string;
}
const job = (id: number, run: number, sha = SHA): Job => ({ id, run_id: run, head_sha: sha, status: 'completed', conclusion: 'failure', name: `job ${id}` });

/** A client answering the runs of SHA (run 10 failed), `failedList` as the repository's failed jobs, and run 10's jobs. */
function fakeClient(failedList: Job[], hasMore: boolean, runJobs: Job[]): { client: GiteaClient; calls: string[] } {
  const calls: string[] = [];
  const client = {
    listWorkflowJobs: (p: { order?: string }) => (calls.push(`jobs order=${p.order}`), Promise.resolve({ items: failedList, hasMore })),
    getWorkflowRuns: () => {
      calls.push('runs');
      const items = [{ id: 10, status: 'completed', conclusion: 'failure', display_title: 'CI' }];
      return new Promise((resolve) => setTimeout(() => (calls.push('runs answered'), resolve({ items })), 5));
    },
    listWorkflowRunJobs: (p: { run: number }) => (calls.push(`run ${p.run} jobs`), Promise.resolve({ items: runJobs })),
    downloadActionsRunJobLogs: (p: { job_id: number }) => (calls.push(`log ${p.job_id}`), Promise.resolve(LOG)),
  } as unknown as GiteaClient;
  return { client, calls };
}

describe('the CI state of a head commit', () => {
  it('takes the failed jobs from a complete failed-job list: no request per run', async () => {
    const { client, calls } = fakeClient([job(7, 10), job(5, 9, 'b'.repeat(40))], false, []);
    const recent = await recentFailedJobs(client, 'alice', 'demo');
    assert.deepEqual(recent && { complete: recent.complete, newestFirst: recent.newestFirst }, { complete: true, newestFirst: true });
    const state = await ciState(client, 'alice', 'demo', SHA, undefined, recent);
    assert.deepEqual(state.failedJobs.map((j) => [j.id, j.lines]), [[7, ['src/main.ts:2:1: error: boom']]]);
    assert.deepEqual(calls, ['jobs order=desc', 'runs', 'log 7', 'runs answered'], 'the log asked for before the runs answer');
  });

  it('takes them from a newest-first page that goes on past the run', async () => {
    const { client, calls } = fakeClient([job(8, 10), job(7, 10), job(4, 8, 'c'.repeat(40))], true, []);
    const state = await ciState(client, 'alice', 'demo', SHA, undefined, await recentFailedJobs(client, 'alice', 'demo'));
    assert.deepEqual(state.failedJobs.map((j) => j.id), [8, 7]);
    assert.ok(!calls.includes('run 10 jobs'), calls.join(', '));
  });

  it('lists the run\'s jobs when the page may end inside the run, when it is oldest first, or without the list', async () => {
    for (const [list, hasMore] of [
      [[job(8, 10), job(7, 10)], true],
      [[job(7, 10), job(8, 10), job(9, 11, 'd'.repeat(40))], true],
    ] as [Job[], boolean][]) {
      const { client, calls } = fakeClient(list, hasMore, [job(7, 10), job(8, 10), job(6, 10)]);
      const state = await ciState(client, 'alice', 'demo', SHA, undefined, await recentFailedJobs(client, 'alice', 'demo'));
      assert.deepEqual(state.failedJobs.map((j) => j.id), [7, 8, 6]);
      assert.ok(calls.includes('run 10 jobs'), calls.join(', '));
    }
    const { client, calls } = fakeClient([], false, [job(7, 10)]);
    const state = await ciState(client, 'alice', 'demo', SHA);
    assert.deepEqual(state.failedJobs.map((j) => j.id), [7]);
    assert.deepEqual(calls, ['runs', 'runs answered', 'run 10 jobs', 'log 7']);
  });
});

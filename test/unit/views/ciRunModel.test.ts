// What the CI Jobs view says about a run: recorded Gitea 1.27.0 runs (five runs of two jobs each, queued, some
// triggered by tags, which then have no head_branch) must read apart; which runs' job lists a poll reloads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { RECORDINGS_FILE } from '../../harness/paths';
import { test } from 'node:test';
import { isActive, parseRunPath, runsToRefresh, stateOf, summarizeRun, type RunSource } from '../../../src/views/ciRunModel';

const RECORDINGS = RECORDINGS_FILE;
const t = (message: string, ...args: (string | number)[]) => message.replace(/\{(\d+)\}/g, (_m, i: string) => String(args[Number(i)]));

function recordedRuns(): RunSource[] {
  const lines = readFileSync(RECORDINGS, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  const runs = lines.find((l) => l.operationId === 'getWorkflowRuns');
  assert.ok(runs, `no recorded run list in ${RECORDINGS}`);
  return (runs.responseBody as { workflow_runs: RunSource[] }).workflow_runs;
}

test('recorded runs: title, workflow file, event, branch or tag, short commit and state', () => {
  const rows = recordedRuns().map((r) => summarizeRun(r, t));
  assert.deepEqual(rows.map((s) => [s.workflow, s.event, s.ref, s.shortSha, s.state]), [
    ['ci.yml', 'push', 'rec-18698', 'df9e11e0e0', 'queued'],
    ['ci.yml', 'push', 'v9.9.195', 'df9e11e0e0', 'queued'],
    ['ci.yml', 'push', 'main', 'df9e11e0e0', 'queued'],
    ['ci.yml', 'push', 'main', 'df9e11e0e0', 'queued'],
    ['ci.yml', 'push', 'v0.1.0', 'df9e11e0e0', 'queued'],
  ]);
  assert.ok(rows.every((s) => s.title === "Merge pull request 'Add login' (#1) from feature/login into main"), 'the first line of display_title');
});

test('a run without a title is called by its number', () => {
  assert.equal(summarizeRun({ id: 9, run_number: 4, display_title: '' }, t).title, 'Run #4');
  assert.equal(summarizeRun({ id: 9, display_title: '  \nbody' }, t).title, 'Run #9');
});

test('parseRunPath splits at the first @ and shortens the ref', () => {
  assert.deepEqual(parseRunPath('ci.yml@refs/heads/main'), { workflow: 'ci.yml', ref: 'main' });
  assert.deepEqual(parseRunPath('release.yaml@refs/tags/v1.0'), { workflow: 'release.yaml', ref: 'v1.0' });
  assert.deepEqual(parseRunPath('ci.yml@refs/heads/fix@home'), { workflow: 'ci.yml', ref: 'fix@home' });
  assert.deepEqual(parseRunPath('ci.yml'), { workflow: 'ci.yml', ref: '' });
  assert.deepEqual(parseRunPath(undefined), { workflow: '', ref: '' });
});

test('state: the conclusion once completed, else the status; active while it can still change', () => {
  assert.equal(stateOf({ status: 'completed', conclusion: 'failure' }), 'failure');
  assert.equal(stateOf({ status: 'in_progress' }), 'in_progress');
  assert.equal(stateOf({}), 'unknown');
  for (const s of ['queued', 'in_progress', 'waiting', 'pending', 'requested']) assert.ok(isActive({ status: s }), s);
  assert.ok(!isActive({ status: 'completed' }));
});

test('runsToRefresh: active runs and runs whose state changed since the last poll', () => {
  const previous = new Map<number, string>();
  assert.deepEqual(runsToRefresh([{ id: 1, status: 'queued' }, { id: 2, status: 'completed', conclusion: 'success' }], previous), [1]);
  // Run 1 finished: its jobs are fetched once more; run 3 is new and running.
  assert.deepEqual(
    runsToRefresh([{ id: 3, status: 'in_progress' }, { id: 1, status: 'completed', conclusion: 'failure' }, { id: 2, status: 'completed', conclusion: 'success' }], previous),
    [3, 1],
  );
  assert.deepEqual(runsToRefresh([{ id: 1, status: 'completed', conclusion: 'failure' }], previous), [], 'nothing moved');
});

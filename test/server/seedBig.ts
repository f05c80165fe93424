// `seed: 'big'`: alice/big with 10,000 branches (git refs, see seed/bigHistory.ts), 5,000 issues, 2,000 CI
// jobs in 500 runs, and pull request #1 changing 1,500 files.
import { FIXTURES } from './fixtures';
import { newRepoRecord } from './seed/accounts';
import type { BigShas } from './seed/bigHistory';
import { newIssue } from './seed/demoIssues';
import type { RunStatus, ServerState } from './state';

export const BIG_ISSUES = 5_000;
export const BIG_JOBS = 2_000;
const JOBS_PER_RUN = 4;

export function seedBig(state: ServerState, shas: BigShas): void {
  const B = FIXTURES.repos.big;
  const alice = state.userByName('alice')!.id;
  const bob = state.userByName('bob')!.id;
  const carol = state.userByName('carol')!.id;
  const t0 = Date.UTC(2024, 2, 1);
  const repo = newRepoRecord(state, { id: B.id, ownerId: alice, name: B.name, description: 'A large repository for paging tests',
    created: new Date(t0), updated: new Date(t0), watcherIds: [alice] });

  const labelIds = ['area/core', 'area/ui', 'kind/bug', 'kind/feature', 'good first issue'].map((name, i) => {
    const l = { id: state.nextId('label'), repoId: repo.id, name, color: `#${(0x203040 + i * 0x151515).toString(16)}`, description: '', exclusive: false };
    state.labels.push(l);
    return l.id;
  });
  const milestoneIds = ['2024.1', '2024.2', '2024.3'].map((title, i) => {
    const m = { id: state.nextId('milestone'), repoId: repo.id, title, description: '', state: 'open' as const,
      created: new Date(t0), updated: new Date(t0), dueOn: new Date(t0 + (i + 1) * 30 * 86400_000) };
    state.milestones.push(m);
    return m.id;
  });

  newIssue(state, repo, { title: 'Rework every module', posterId: bob, body: 'Touches 1,500 files.',
    created: new Date(t0 + 3600_000), updated: new Date(t0 + 3600_000),
    pull: { headBranch: 'feature/big-change', baseBranch: 'main', headRepoId: repo.id, merged: false, draft: false,
      allowMaintainerEdit: false, reviewComments: 0, requestedReviewerIds: [], mergeBase: shas.base } });

  const posters = [alice, bob, carol];
  for (let i = 0; i < BIG_ISSUES; i++) {
    const created = new Date(t0 + (i + 2) * 600_000);
    const closed = i % 3 === 2;
    newIssue(state, repo, {
      title: `Issue ${i + 1}: ${i % 2 ? 'improve' : 'fix'} module ${i % 1600}`,
      posterId: posters[i % 3],
      body: `Generated issue number ${i + 1}.`,
      labelIds: [labelIds[i % labelIds.length]],
      milestoneId: i % 4 === 0 ? milestoneIds[i % milestoneIds.length] : undefined,
      assigneeIds: i % 5 === 0 ? [posters[(i + 1) % 3]] : [],
      state: closed ? 'closed' : 'open',
      created,
      updated: new Date(created.getTime() + 3600_000),
      closedAt: closed ? new Date(created.getTime() + 3600_000) : undefined,
    });
  }

  const runs = BIG_JOBS / JOBS_PER_RUN;
  for (let r = 0; r < runs; r++) {
    const created = new Date(t0 + r * 900_000);
    const last = r >= runs - 2;
    const status: RunStatus = last ? (r === runs - 1 ? 'waiting' : 'running') : r % 10 === 3 ? 'failure' : 'success';
    const run = { id: state.nextId('action_run'), repoId: repo.id, runNumber: r + 1, title: `Build ${r + 1}`, workflowId: 'ci.yml',
      event: 'push', ref: 'refs/heads/main', commitSha: shas.commits[r % shas.commits.length], status, triggerUserId: posters[r % 3],
      attempt: 1, created, started: status === 'waiting' ? undefined : new Date(created.getTime() + 5000),
      stopped: last ? undefined : new Date(created.getTime() + 600_000) };
    state.runs.push(run);
    for (let j = 0; j < JOBS_PER_RUN; j++) {
      const jobStatus: RunStatus = status === 'failure' && j === 1 ? 'failure' : status === 'running' && j > 0 ? 'waiting' : status;
      const picked = jobStatus !== 'waiting';
      const started = picked ? new Date(created.getTime() + 10_000) : undefined;
      const done = !['running', 'waiting', 'blocked'].includes(jobStatus);
      state.jobs.push({ id: state.nextId('action_run_job'), runId: run.id, repoId: repo.id, name: ['lint', 'build', 'test', 'package'][j],
        labels: ['ubuntu-latest'], status: jobStatus, attempt: 1, taskId: picked ? state.nextId('action_task') : 0,
        runnerId: picked ? 1 : 0, runnerName: picked ? 'runner-01' : '', created, started,
        stopped: done ? new Date(created.getTime() + 500_000) : undefined,
        steps: picked ? [{ name: 'Set up job', number: 0, status: done ? jobStatus : 'running', started, stopped: done ? started : undefined }] : [],
        log: picked ? `${started!.toISOString()} job ${j} of run ${r + 1}\n` : '' });
    }
  }
}

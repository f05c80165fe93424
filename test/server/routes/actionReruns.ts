// Re-runs of a finished workflow run (Gitea 1.26+): the whole run, its failed (and cancelled) jobs, or one job.
// Gitea 1.27 makes a new attempt: the run's `run_attempt` grows, every job of the latest attempt is cloned with a
// new id (the re-run ones waiting, the others keeping their result) and the run lists the new attempt's jobs.
// 1.26 resets the jobs in place (same ids, no attempts). Refusals as routers/api/v1/repo/action.go answers them:
// 400 for a run not done or a disabled workflow (and at 50 attempts), 403 without write access, 404 for a
// run or job that is not there. Without a runner the re-run jobs stay waiting ("queued").
import type { Ctx } from '../context';
import { toJob, toRun } from '../convert/actions';
import { badRequest, notFound } from '../errors';
import { formInt } from '../paging';
import type { Router } from '../router';
import type { JobRec, RepoRec, RunRec } from '../state';

/** setting.Actions.MaxRerunAttempts' default. */
const MAX_RERUN_ATTEMPTS = 50;
const DONE = ['success', 'failure', 'cancelled', 'skipped'];

/** Gitea 1.`minor` or newer (not Forgejo). */
export function atLeast(ctx: Ctx, minor: number): boolean {
  const [major = 0, min = 0] = ctx.server.version.split('.').map((n) => Number.parseInt(n, 10));
  return !ctx.forgejo && (major > 1 || (major === 1 && min >= minor));
}

/** The server makes attempts (Gitea 1.27+). */
export function hasRunAttempts(ctx: Ctx): boolean {
  return atLeast(ctx, 27);
}

/** The jobs of the run's latest attempt (all of them on a server without attempts). */
export function latestJobs(ctx: Ctx, run: RunRec): JobRec[] {
  return ctx.state.jobs.filter((j) => j.runId === run.id && (!hasRunAttempts(ctx) || j.attempt === run.attempt));
}

function runOf(ctx: Ctx): { repo: RepoRec; run: RunRec; jobs: JobRec[] } {
  ctx.requireSigned();
  const a = ctx.repoAssignment();
  ctx.requireRepoWriter(a);
  const run = ctx.state.runs.find((x) => x.repoId === a.repo.id && x.id === formInt(ctx.params.run)) ?? notFound();
  return { repo: a.repo, run, jobs: latestJobs(ctx, run).sort((x, y) => x.id - y.id) };
}

function validate(ctx: Ctx, repo: RepoRec, run: RunRec): void {
  if (!DONE.includes(run.status)) badRequest('this workflow run is not done');
  if (ctx.state.disabledWorkflows.get(repo.id)?.has(run.workflowId)) badRequest(`workflow ${run.workflowId} is disabled`);
  if (hasRunAttempts(ctx) && run.attempt >= MAX_RERUN_ATTEMPTS) badRequest(`workflow run has reached the maximum of ${MAX_RERUN_ATTEMPTS} attempts`);
}

function reset(job: JobRec): void {
  Object.assign(job, { status: 'waiting', taskId: 0, runnerId: 0, runnerName: '', started: undefined, stopped: undefined, steps: [], log: '' });
}

/** Re-runs `targets` (empty: every job); answers the jobs of the new attempt, in the order of `jobs`. */
function rerun(ctx: Ctx, repo: RepoRec, run: RunRec, jobs: JobRec[], targets: JobRec[]): JobRec[] {
  validate(ctx, repo, run);
  const again = new Set((targets.length ? targets : jobs).map((j) => j.id));
  Object.assign(run, { status: 'waiting', started: undefined, stopped: undefined });
  if (!hasRunAttempts(ctx)) {
    for (const j of jobs) if (again.has(j.id)) reset(j);
    return jobs;
  }
  run.attempt += 1;
  return jobs.map((j) => {
    const clone: JobRec = { ...j, id: ctx.state.nextId('action_run_job'), attempt: run.attempt, created: new Date(), steps: [...j.steps] };
    if (again.has(j.id)) reset(clone);
    ctx.state.jobs.push(clone);
    return clone;
  });
}

export function registerRerunRoutes(r: Router): void {
  const base = '/repos/{owner}/{repo}/actions/runs/{run}';
  r.post(`${base}/rerun`, ['repository'], async (ctx) => {
    const { repo, run, jobs } = runOf(ctx);
    rerun(ctx, repo, run, jobs, []);
    ctx.json(201, await toRun(ctx, repo, run));
  });
  r.post(`${base}/rerun-failed-jobs`, ['repository'], (ctx) => {
    const { repo, run, jobs } = runOf(ctx);
    // GetFailedJobsForRerun: failed and cancelled jobs; none of them means the whole run, as Gitea does.
    rerun(ctx, repo, run, jobs, jobs.filter((j) => j.status === 'failure' || j.status === 'cancelled'));
    ctx.noContent(201);
  });
  r.post(`${base}/jobs/{job_id}/rerun`, ['repository'], (ctx) => {
    const { repo, run, jobs } = runOf(ctx);
    const index = jobs.findIndex((j) => j.id === formInt(ctx.params.job_id));
    if (index < 0) return notFound('workflow job not found');
    const next = rerun(ctx, repo, run, jobs, [jobs[index]!]);
    ctx.json(201, toJob(ctx, repo, next[index]!));
  });
}

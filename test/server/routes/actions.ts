// Gitea Actions: runs, jobs (`{jobs, total_count}`; `status` may repeat; bad status → 400, bad sort/order →
// 422; order asc by default), one job, job logs (text/plain attachment; 404 "job not started"; Range as Go's
// ServeContent answers it: ../jobLogs.ts), tasks.
// Forgejo has runs and tasks but no jobs endpoints (404).
import type { Ctx } from '../context';
import { toJob, toRun, toTask } from '../convert/actions';
import { badRequest, notFound, unprocessable } from '../errors';
import { formInt, listOptions, pageOf, setLinkHeader, setTotalCount } from '../paging';
import type { Router } from '../router';
import type { JobRec, RunStatus } from '../state';
import { latestJobs } from './actionReruns';
import { rangedLog } from '../jobLogs';

/** Gitea's convertToInternal: API status names → internal statuses. */
const STATUS_MAP: Record<string, RunStatus[]> = {
  pending: ['blocked'],
  waiting: ['blocked'],
  requested: ['blocked'],
  action_required: ['blocked'],
  queued: ['waiting'],
  in_progress: ['running'],
  completed: ['success', 'failure', 'skipped', 'cancelled'],
  failure: ['failure'],
  success: ['success'],
  skipped: ['skipped'],
  neutral: ['skipped'],
  cancelled: ['cancelled'],
  timed_out: ['cancelled'],
};

function statusFilter(ctx: Ctx): Set<RunStatus> | undefined {
  const wanted = ctx.query.getAll('status').filter((s) => s !== '');
  if (wanted.length === 0) return undefined;
  const out = new Set<RunStatus>();
  for (const s of wanted) {
    const mapped = STATUS_MAP[s];
    if (!mapped) return badRequest(`invalid status ${s}`);
    for (const m of mapped) out.add(m);
  }
  return out;
}

function jobsOrder(ctx: Ctx): 'asc' | 'desc' {
  const sort = ctx.query.get('sort') ?? '';
  if (sort !== '' && sort !== 'id') unprocessable(`invalid sort field: ${sort}`);
  const order = ctx.query.get('order') ?? '';
  if (order !== '' && order !== 'asc' && order !== 'desc') unprocessable(`invalid sort order: ${order}`);
  return order === 'desc' ? 'desc' : 'asc';
}

function noForgejo(ctx: Ctx): void {
  if (ctx.forgejo) notFound();
}

function listJobs(ctx: Ctx, jobs: JobRec[]): void {
  const { repo } = ctx.repoAssignment();
  const statuses = statusFilter(ctx);
  const order = jobsOrder(ctx);
  const opts = listOptions(ctx);
  const matching = jobs.filter((j) => !statuses || statuses.has(j.status)).sort((a, b) => (order === 'asc' ? a.id - b.id : b.id - a.id));
  setLinkHeader(ctx, matching.length, opts.limit);
  setTotalCount(ctx, matching.length);
  ctx.json(200, { jobs: pageOf(matching, opts).map((j) => toJob(ctx, repo, j)), total_count: matching.length });
}

function jobFromParams(ctx: Ctx): JobRec {
  const { repo } = ctx.repoAssignment();
  return ctx.state.jobs.find((j) => j.repoId === repo.id && j.id === formInt(ctx.params.job)) ?? notFound();
}

export function registerActionRoutes(r: Router): void {
  const base = '/repos/{owner}/{repo}/actions';
  r.get(`${base}/runs`, ['repository'], async (ctx) => {
    const { repo } = ctx.repoAssignment();
    const statuses = statusFilter(ctx);
    const event = ctx.query.get('event');
    const branch = ctx.query.get('branch');
    const actor = ctx.query.get('actor');
    const actorId = actor ? ctx.state.userByName(actor)?.id ?? -1 : undefined;
    const headSha = ctx.query.get('head_sha');
    const runs = ctx.state.runs
      .filter((x) => x.repoId === repo.id)
      .filter((x) => !statuses || statuses.has(x.status))
      .filter((x) => !event || x.event === event)
      .filter((x) => !branch || x.ref === `refs/heads/${branch}`)
      .filter((x) => actorId === undefined || x.triggerUserId === actorId)
      .filter((x) => !headSha || x.commitSha === headSha)
      .sort((a, b) => b.id - a.id);
    const opts = listOptions(ctx);
    setLinkHeader(ctx, runs.length, opts.limit);
    setTotalCount(ctx, runs.length);
    ctx.json(200, { workflow_runs: await Promise.all(pageOf(runs, opts).map((x) => toRun(ctx, repo, x))), total_count: runs.length });
  });
  r.get(`${base}/runs/{run}`, ['repository'], async (ctx) => {
    const { repo } = ctx.repoAssignment();
    const run = ctx.state.runs.find((x) => x.repoId === repo.id && x.id === formInt(ctx.params.run));
    if (!run) return notFound();
    ctx.json(200, await toRun(ctx, repo, run));
  });
  r.get(`${base}/runs/{run}/jobs`, ['repository'], (ctx) => {
    noForgejo(ctx);
    const { repo } = ctx.repoAssignment();
    const run = ctx.state.runs.find((x) => x.repoId === repo.id && x.id === formInt(ctx.params.run));
    if (!run) return notFound();
    listJobs(ctx, latestJobs(ctx, run)); // the latest attempt's (Gitea 1.27)
  });
  r.get(`${base}/jobs`, ['repository'], (ctx) => {
    noForgejo(ctx);
    const { repo } = ctx.repoAssignment();
    listJobs(ctx, ctx.state.jobs.filter((j) => j.repoId === repo.id));
  });
  r.get(`${base}/jobs/{job}`, ['repository'], (ctx) => {
    noForgejo(ctx);
    const job = jobFromParams(ctx);
    ctx.json(200, toJob(ctx, ctx.repoAssignment().repo, job));
  });
  r.get(`${base}/jobs/{job}/logs`, ['repository'], (ctx) => {
    noForgejo(ctx);
    const job = jobFromParams(ctx);
    if (!job.taskId) return notFound('job not started');
    const run = ctx.state.run(job.runId)!;
    const workflow = run.workflowId.includes('.') ? run.workflowId.slice(0, run.workflowId.indexOf('.')) : run.workflowId;
    const answer = rangedLog(job, ctx.req.headers.range);
    if (answer.status === 416) return ctx.send(416, answer.body, 'text/plain; charset=utf-8', answer.headers);
    ctx.send(answer.status, answer.body, 'text/plain; charset=utf-8', {
      'Content-Disposition': `attachment; filename="${workflow}-${job.name}-${job.taskId}.log"`,
      'Access-Control-Expose-Headers': 'Content-Disposition',
      ...answer.headers,
    });
  });
  r.get(`${base}/tasks`, ['repository'], (ctx) => {
    const { repo } = ctx.repoAssignment();
    const tasks = ctx.state.jobs.filter((j) => j.repoId === repo.id && j.taskId).sort((a, b) => b.taskId - a.taskId);
    const opts = listOptions(ctx);
    setLinkHeader(ctx, tasks.length, opts.limit);
    setTotalCount(ctx, tasks.length);
    ctx.json(200, { workflow_runs: pageOf(tasks, opts).map((j) => toTask(ctx, repo, j)), total_count: tasks.length });
  });
}

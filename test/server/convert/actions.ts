// api.Activity, api.ActionWorkflowRun/Job/Step and api.ActionTask.
import type { Ctx } from '../context';
import type { ActionRec, JobRec, RepoRec, RunRec, RunStatus } from '../state';
import { toComment } from './issues';
import { toRepo } from './repo';
import { iso, toUser, toUserOrNull, UNIX_EPOCH } from './users';

export async function toActivity(ctx: Ctx, a: ActionRec): Promise<Record<string, unknown>> {
  const repo = ctx.state.repo(a.repoId);
  const comment = a.commentId ? ctx.state.comment(a.commentId) : undefined;
  return {
    id: a.id,
    user_id: a.userId,
    op_type: a.opType,
    act_user_id: a.actUserId,
    act_user: toUserOrNull(ctx, a.actUserId),
    repo_id: a.repoId,
    repo: repo ? await toRepo(ctx, repo) : null,
    comment_id: comment ? a.commentId : 0,
    comment: comment ? toComment(ctx, comment) : null,
    ref_name: a.refName,
    is_private: a.isPrivate,
    content: a.content,
    created: iso(a.created),
  };
}

/** Gitea's ToActionsStatus: internal status → (status, conclusion) of the API. */
export function apiStatus(status: RunStatus): { status: string; conclusion: string } {
  switch (status) {
    case 'waiting':
      return { status: 'queued', conclusion: '' };
    case 'blocked':
      return { status: 'waiting', conclusion: '' };
    case 'running':
      return { status: 'in_progress', conclusion: '' };
    default:
      return { status: 'completed', conclusion: status };
  }
}

const timeOrEpoch = (d?: Date) => (d ? iso(d) : UNIX_EPOCH);
const branchOf = (ref: string) => ref.replace(/^refs\/heads\//, '');
/** Gitea's omitempty fields: `head_branch` only for a run of a branch (not of a tag), `conclusion` only once
 * there is one (as the recorded 1.27 answers). */
const headBranch = (ref: string) => (ref.startsWith('refs/heads/') ? { head_branch: branchOf(ref) } : {});
const withConclusion = (conclusion: string) => (conclusion ? { conclusion } : {});

export function runHtmlUrl(ctx: Ctx, repo: RepoRec, run: RunRec): string {
  return `${ctx.repoHtmlUrl(repo)}/actions/runs/${run.runNumber}`;
}

export async function toRun(ctx: Ctx, repo: RepoRec, run: RunRec): Promise<Record<string, unknown>> {
  const { status, conclusion } = apiStatus(run.status);
  const repoJson = await toRepo(ctx, repo);
  const trigger = ctx.state.account(run.triggerUserId);
  return {
    id: run.id,
    url: `${ctx.repoApiUrl(repo)}/actions/runs/${run.id}`,
    // Set from the second attempt on (Gitea 1.27).
    previous_attempt_url: run.attempt > 1 ? `${ctx.repoApiUrl(repo)}/actions/runs/${run.id}/attempts/${run.attempt - 1}` : null,
    html_url: runHtmlUrl(ctx, repo, run),
    display_title: run.title,
    path: `${run.workflowId}@${run.ref}`,
    event: run.event,
    run_attempt: run.attempt,
    run_number: run.runNumber,
    head_sha: run.commitSha,
    ...headBranch(run.ref),
    status,
    ...withConclusion(conclusion),
    actor: trigger ? toUser(ctx, trigger) : null,
    trigger_actor: trigger ? toUser(ctx, trigger) : null,
    repository: repoJson,
    pull_requests: [],
    started_at: timeOrEpoch(run.started),
    completed_at: timeOrEpoch(run.stopped),
  };
}

export function toJob(ctx: Ctx, repo: RepoRec, job: JobRec): Record<string, unknown> {
  const run = ctx.state.run(job.runId)!;
  const { status, conclusion } = apiStatus(job.status);
  const api = ctx.repoApiUrl(repo);
  return {
    id: job.id,
    url: `${api}/actions/jobs/${job.id}`,
    // The recorded 1.27 answers link a job by its id under its run (…/actions/runs/2/jobs/3).
    html_url: `${runHtmlUrl(ctx, repo, run)}/jobs/${job.id}`,
    run_id: run.id,
    run_url: `${api}/actions/runs/${run.id}`,
    name: job.name,
    labels: job.labels,
    run_attempt: job.attempt,
    head_sha: run.commitSha,
    ...headBranch(run.ref),
    status,
    ...withConclusion(conclusion),
    ...(job.runnerId ? { runner_id: job.runnerId, runner_name: job.runnerName } : {}),
    steps: job.taskId
      ? job.steps.map((s, i) => {
          const st = apiStatus(s.status);
          return {
            name: s.name,
            number: i,
            status: st.status,
            conclusion: st.conclusion,
            started_at: timeOrEpoch(s.started),
            completed_at: timeOrEpoch(s.stopped),
          };
        })
      : [],
    created_at: iso(job.created),
    started_at: timeOrEpoch(job.started),
    completed_at: timeOrEpoch(job.stopped),
  };
}

export function toTask(ctx: Ctx, repo: RepoRec, job: JobRec): Record<string, unknown> {
  const run = ctx.state.run(job.runId)!;
  return {
    id: job.taskId,
    name: job.name,
    head_branch: branchOf(run.ref),
    head_sha: run.commitSha,
    run_number: run.runNumber,
    event: run.event,
    display_title: run.title,
    status: job.status,
    workflow_id: run.workflowId,
    url: `${runHtmlUrl(ctx, repo, run)}/jobs/${ctx.state.jobs.filter((j) => j.runId === run.id).indexOf(job)}`,
    created_at: iso(job.created),
    updated_at: iso(job.stopped ?? job.started ?? job.created),
    run_started_at: timeOrEpoch(job.started),
  };
}

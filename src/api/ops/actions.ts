// Gitea Actions: workflow runs and jobs, and a job's log; re-runs (Gitea 1.26+); the repository's workflows, their
// enabling and dispatch; a run's artifacts. Forgejo 11 has none of the job endpoints (→ notFound).
import { ActionArtifact, ActionWorkflow, ActionWorkflowJob, ActionWorkflowRun, RunDetails } from '../schemas';
import { PAGING, json, jsonOrNone, list, none, op, stream, text, type PageParams, type RepoParams, type ResultSpec } from './op';
import type { Page } from '../paging';

/**
 * pending, waiting, requested, action_required, queued, in_progress, completed, failure, success, skipped,
 * neutral, cancelled, timed_out. Several may be given (the parameter repeats).
 */
export type WorkflowStatus = string;

interface JobFilters extends PageParams {
  status?: WorkflowStatus | WorkflowStatus[];
  /** Only `id`. */
  sort?: 'id' | (string & {});
  order?: 'asc' | 'desc' | (string & {});
}

export const actionOperations = {
  /** GET /repos/{owner}/{repo}/actions/jobs (Gitea 1.25+); the body's `total_count` becomes `totalCount`. */
  listWorkflowJobs: op<RepoParams & JobFilters>()({
    id: 'listWorkflowJobs',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/jobs',
    query: ['status', 'sort', 'order', ...PAGING],
    result: list(ActionWorkflowJob, { itemsKey: 'jobs', totalKey: 'total_count' }),
  }),
  getWorkflowRuns: op<
    RepoParams &
      PageParams & {
        event?: string;
        branch?: string;
        /** Repeats like the jobs' status (Gitea reads every value). */
        status?: WorkflowStatus | WorkflowStatus[];
        actor?: string;
        head_sha?: string;
        exclude_pull_requests?: boolean;
      }
  >()({
    id: 'getWorkflowRuns',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/runs',
    query: ['event', 'branch', 'status', 'actor', 'head_sha', 'exclude_pull_requests', ...PAGING],
    result: list(ActionWorkflowRun, { itemsKey: 'workflow_runs', totalKey: 'total_count' }),
  }),
  listWorkflowRunJobs: op<RepoParams & JobFilters & { run: number }>()({
    id: 'listWorkflowRunJobs',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/runs/{run}/jobs',
    query: ['status', 'sort', 'order', ...PAGING],
    result: list(ActionWorkflowJob, { itemsKey: 'jobs', totalKey: 'total_count' }),
  }),
  getWorkflowJob: op<RepoParams & { job_id: number | string }>()({
    id: 'getWorkflowJob',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/jobs/{job_id}',
    result: json(ActionWorkflowJob),
  }),
  /** The job's log as text; notFound ("job not started") before a runner picked it up. */
  downloadActionsRunJobLogs: op<RepoParams & { job_id: number }>()({
    id: 'downloadActionsRunJobLogs',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/jobs/{job_id}/logs',
    result: text,
  }),
  /** 201 with the run, now at its next attempt (Gitea 1.27: `run_attempt`); 400 while the run is not done or its
   * workflow is disabled; 403 without write access to Actions; 404 for a run that is gone; 409 for a race. */
  rerunWorkflowRun: op<RepoParams & { run: number }>()({
    id: 'rerunWorkflowRun',
    method: 'POST',
    path: '/repos/{owner}/{repo}/actions/runs/{run}/rerun',
    result: json(ActionWorkflowRun),
  }),
  /** 201, empty. Gitea re-runs the whole run when none of its jobs failed or was cancelled: ask only for runs that have one. */
  rerunFailedWorkflowRun: op<RepoParams & { run: number }>()({
    id: 'rerunFailedWorkflowRun',
    method: 'POST',
    path: '/repos/{owner}/{repo}/actions/runs/{run}/rerun-failed-jobs',
    result: none,
  }),
  /** 201 with the job of the new attempt (the jobs that need it are re-run too). */
  rerunWorkflowJob: op<RepoParams & { run: number; job_id: number }>()({
    id: 'rerunWorkflowJob',
    method: 'POST',
    path: '/repos/{owner}/{repo}/actions/runs/{run}/jobs/{job_id}/rerun',
    result: json(ActionWorkflowJob),
  }),
  /** The workflow files of the default branch, whole (no paging): `{ workflows, total_count }`. */
  ActionsListRepositoryWorkflows: op<RepoParams>()({
    id: 'ActionsListRepositoryWorkflows',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/workflows',
    result: { kind: 'list', item: ActionWorkflow, paged: false, itemsKey: 'workflows', totalKey: 'total_count' } as ResultSpec<Page<ActionWorkflow>>,
  }),
  /** 204; 404 for a workflow file the default branch does not have. */
  ActionsEnableWorkflow: op<RepoParams & { workflow_id: string }>()({
    id: 'ActionsEnableWorkflow',
    method: 'PUT',
    path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable',
    result: none,
  }),
  ActionsDisableWorkflow: op<RepoParams & { workflow_id: string }>()({
    id: 'ActionsDisableWorkflow',
    method: 'PUT',
    path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable',
    result: none,
  }),
  /**
   * 204, or with `return_run_details` (Gitea 1.26+) 200 and the new run's id; a server without the flag answers 204
   * (undefined). Gitea checks no input: missing ones take their defaults, so required and choice inputs are the
   * caller's to check. 403 for a disabled workflow, 404 for an unknown ref or file, 422 without workflow_dispatch.
   */
  ActionsDispatchWorkflow: op<
    RepoParams & { workflow_id: string; return_run_details?: boolean; body: { ref: string; inputs?: Record<string, string> } }
  >()({
    id: 'ActionsDispatchWorkflow',
    method: 'POST',
    path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
    query: ['return_run_details'],
    body: ['ref', 'inputs'],
    result: jsonOrNone(RunDetails),
  }),
  /**
   * The finalized (v4) artifacts of a run, expired ones included (`expired: true`). Gitea reads page/limit but its
   * swagger declares neither: one page of the server's default size (a run rarely has more than 30 artifacts).
   */
  getArtifactsOfRun: op<RepoParams & { run: number; name?: string }>()({
    id: 'getArtifactsOfRun',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/runs/{run}/artifacts',
    query: ['name'],
    result: list(ActionArtifact, { itemsKey: 'artifacts', totalKey: 'total_count' }),
  }),
  /**
   * The artifact's zip, streamed. Gitea answers 302 to a signed URL (its own /zip/raw?sig=…, or the object
   * storage's when it serves directly), which needs no credentials and gets none; 404 "Artifact has expired".
   */
  downloadArtifact: op<RepoParams & { artifact_id: number | string }>()({
    id: 'downloadArtifact',
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/zip',
    signedRedirect: true,
    result: stream,
  }),
};

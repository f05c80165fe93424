// Gitea Actions: workflow runs and jobs, and a job's log. Forgejo 11 has none of the job endpoints (→ notFound).
import { ActionArtifact, ActionWorkflowJob, ActionWorkflowRun } from '../schemas';
import { PAGING, json, list, op, stream, text, type PageParams, type RepoParams } from './op';

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

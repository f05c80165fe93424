// The job log documents' addresses: `gitea-log:/owner/repo/<job name>-<id>.log?account=…&job=…` (+ `run`, `sha`,
// `workflow`, `name` when known, which name the log's CI problems). The name ends in .log for the Log language.
import * as vscode from 'vscode';
import type { JobData } from '../ciJobsView';

export const LOG_SCHEME = 'gitea-log';

export function logUri(
  d: Pick<JobData, 'accountId' | 'owner' | 'repo'> & { jobId: number; jobName?: string; runId?: number; sha?: string; workflow?: string },
): vscode.Uri {
  const name = (d.jobName ?? 'job').replace(/[^\w.-]+/g, '-').slice(0, 60);
  const query = new URLSearchParams({ account: d.accountId, job: String(d.jobId) });
  if (d.runId !== undefined) query.set('run', String(d.runId));
  if (d.sha) query.set('sha', d.sha);
  if (d.workflow) query.set('workflow', d.workflow);
  if (d.jobName) query.set('name', d.jobName);
  return vscode.Uri.from({ scheme: LOG_SCHEME, path: `/${d.owner}/${d.repo}/${name}-${d.jobId}.log`, query: query.toString() });
}

export interface ParsedLogUri {
  readonly accountId: string;
  readonly owner: string;
  readonly repo: string;
  readonly jobId: number;
}

export function parseLogUri(uri: vscode.Uri): ParsedLogUri | undefined {
  const m = /^\/([^/]+)\/([^/]+)\//.exec(uri.path);
  const q = new URLSearchParams(uri.query);
  const accountId = q.get('account');
  const jobId = Number(q.get('job'));
  if (!m || !accountId || !Number.isInteger(jobId)) return undefined;
  return { accountId, owner: m[1]!, repo: m[2]!, jobId };
}

/** The log document of a job row's data (Show Log, Show Failures in Problems). */
export function jobLogUri(data: JobData): vscode.Uri {
  return logUri({
    accountId: data.accountId,
    owner: data.owner,
    repo: data.repo,
    jobId: data.job.id,
    jobName: data.job.name ?? undefined,
    runId: data.job.run_id,
    sha: data.job.head_sha,
    workflow: data.workflow,
  });
}

/** The job's name in a log's address (for messages: made inert by the caller). */
export function jobNameOf(uri: vscode.Uri): string {
  const q = new URLSearchParams(uri.query);
  return q.get('name') || q.get('job') || '';
}

// The CI state of a commit for the tools: its Gitea Actions runs and, for each failed job, the lines of its log that
// name the repository's files (the parser behind the Problems view, shared/ciLogProblems.ts). Capped: the newest
// runs, a few failed jobs, CAPS.logLines lines each.
import type { GiteaClient } from '../api';
import { parseLogProblems } from '../shared/ciLogProblems';
import { messageOf } from '../shared/errors';
import { stateOf } from '../views/ciRunModel';
import { CAPS } from './quote';

/** Runs of the commit looked at (newest first), and failed jobs whose logs are read. */
const MAX_RUNS = 5;
const MAX_FAILED_JOBS = 3;

export interface FailedJob {
  readonly id: number;
  readonly name: string;
  readonly runId: number;
  /** `path:line[:column]: severity: message` per failing line, at most CAPS.logLines. */
  readonly lines: readonly string[];
  /** The log named more failing lines than listed, or could not be read (the reason). */
  readonly more: boolean;
  readonly unreadable?: string;
}

export interface CiState {
  /** `workflow run #n: state` per run, newest first. */
  readonly runs: readonly { readonly id: number; readonly title: string; readonly state: string }[];
  readonly failedJobs: readonly FailedJob[];
  /** Failed jobs beyond MAX_FAILED_JOBS, not read. */
  readonly moreFailedJobs: number;
}

/** A failed job's failing lines, from its log. */
export async function failingLines(client: GiteaClient, owner: string, repo: string, jobId: number, signal?: AbortSignal): Promise<{ lines: string[]; more: boolean }> {
  const log = await client.downloadActionsRunJobLogs({ owner, repo, job_id: jobId }, { signal });
  const { problems, truncated } = parseLogProblems(log, { owner, repo, maxProblems: CAPS.logLines + 1 });
  const lines = problems
    .slice(0, CAPS.logLines)
    .map((p) => `${p.path}:${p.line}${p.column ? `:${p.column}` : ''}: ${p.severity}: ${p.message.slice(0, CAPS.logLine)}${p.code ? ` (${p.code.slice(0, 100)})` : ''}`);
  return { lines, more: truncated || problems.length > CAPS.logLines };
}

/** The Actions runs of `sha` and their failed jobs' failing lines. Rejects when the instance has no Actions API. */
export async function ciState(client: GiteaClient, owner: string, repo: string, sha: string, signal?: AbortSignal): Promise<CiState> {
  const runs = (await client.getWorkflowRuns({ owner, repo, head_sha: sha, page: 1, limit: MAX_RUNS }, { signal })).items.slice(0, MAX_RUNS);
  const failedRuns = runs.filter((r) => stateOf(r) === 'failure');
  const jobs = (
    await Promise.all(failedRuns.map((r) => client.listWorkflowRunJobs({ owner, repo, run: r.id, page: 1, limit: 50 }, { signal }).then((p) => p.items)))
  ).flat();
  const failed = jobs.filter((j) => stateOf(j) === 'failure');
  const failedJobs = await Promise.all(
    failed.slice(0, MAX_FAILED_JOBS).map(async (j): Promise<FailedJob> => {
      const base = { id: j.id, name: j.name ?? String(j.id), runId: j.run_id ?? 0 };
      try {
        return { ...base, ...(await failingLines(client, owner, repo, j.id, signal)) };
      } catch (e) {
        return { ...base, lines: [], more: false, unreadable: messageOf(e) };
      }
    }),
  );
  return {
    runs: runs.map((r) => ({ id: r.id, title: r.display_title ?? '', state: stateOf(r) })),
    failedJobs,
    moreFailedJobs: Math.max(0, failed.length - MAX_FAILED_JOBS),
  };
}

// The CI state of a commit for the tools: its Gitea Actions runs and, for each failed job, the lines of its log that
// name the repository's files (the parser behind the Problems view, shared/ciLogProblems.ts). Capped: the newest
// runs, a few failed jobs, CAPS.logLines lines each.
import type { ActionWorkflowJob, GiteaClient } from '../api';
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

/** Failed jobs of the repository listed at once. */
const RECENT_FAILED = 50;

/** The repository's latest failed jobs (Gitea 1.25+), asked before the head commit is known, so that the head's failed
 * jobs' logs can be asked for together with its runs; `complete` when the list holds every failed job. Undefined where
 * the server has no such list. */
export interface RecentFailedJobs {
  readonly jobs: readonly ActionWorkflowJob[];
  readonly complete: boolean;
}

export function recentFailedJobs(client: GiteaClient, owner: string, repo: string, signal?: AbortSignal): Promise<RecentFailedJobs | undefined> {
  return client.listWorkflowJobs({ owner, repo, status: 'failure', page: 1, limit: RECENT_FAILED }, { signal }).then(
    (p) => ({ jobs: p.items, complete: !p.hasMore }),
    // expected: a server before Gitea 1.25 (or Forgejo) has no repository-wide job list: the jobs are read per run.
    () => undefined,
  );
}

/**
 * The Actions runs of `sha` and their failed jobs' failing lines. Rejects when the instance has no Actions API.
 * With `recent` holding every failed job, the head's failed jobs are known without a request per run: their logs are
 * asked for at once, beside the runs (the API lists runs by commit, jobs by run or by repository, logs by job).
 */
export async function ciState(client: GiteaClient, owner: string, repo: string, sha: string, signal?: AbortSignal, recent?: RecentFailedJobs): Promise<CiState> {
  const runsRead = client.getWorkflowRuns({ owner, repo, head_sha: sha, page: 1, limit: MAX_RUNS }, { signal }).then((p) => p.items.slice(0, MAX_RUNS));
  const known = recent?.complete ? recent.jobs.filter((j) => j.head_sha === sha && stateOf(j) === 'failure') : undefined;
  const early = known?.slice(0, MAX_FAILED_JOBS).map((j) => readFailedJob(client, owner, repo, j, signal));
  const runs = await runsRead;
  const runIds = new Set(runs.map((r) => r.id));
  let failed: ActionWorkflowJob[];
  if (known) {
    failed = known.filter((j) => j.run_id === undefined || runIds.has(j.run_id));
  } else {
    const failedRuns = runs.filter((r) => stateOf(r) === 'failure');
    const jobs = (
      await Promise.all(failedRuns.map((r) => client.listWorkflowRunJobs({ owner, repo, run: r.id, page: 1, limit: 50 }, { signal }).then((p) => p.items)))
    ).flat();
    failed = jobs.filter((j) => stateOf(j) === 'failure');
  }
  const read = new Map((await Promise.all(early ?? [])).map((j) => [j.id, j]));
  const failedJobs = await Promise.all(failed.slice(0, MAX_FAILED_JOBS).map(async (j) => read.get(j.id) ?? (await readFailedJob(client, owner, repo, j, signal))));
  return {
    runs: runs.map((r) => ({ id: r.id, title: r.display_title ?? '', state: stateOf(r) })),
    failedJobs,
    moreFailedJobs: Math.max(0, failed.length - MAX_FAILED_JOBS),
  };
}

async function readFailedJob(client: GiteaClient, owner: string, repo: string, j: ActionWorkflowJob, signal?: AbortSignal): Promise<FailedJob> {
  const base = { id: j.id, name: j.name ?? String(j.id), runId: j.run_id ?? 0 };
  try {
    return { ...base, ...(await failingLines(client, owner, repo, j.id, signal)) };
  } catch (e) {
    return { ...base, lines: [], more: false, unreadable: messageOf(e) };
  }
}

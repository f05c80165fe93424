// The CI state of a commit for the tools: its Gitea Actions runs and, for each failed job, the lines of its log that
// name the repository's files (the parser behind the Problems view, shared/ciLogProblems.ts). Capped: the newest
// runs, a few failed jobs, CAPS.logLines lines each.
import type { ActionWorkflowJob, GiteaClient } from '../api';
import { parseLogProblemsInSlices } from '../shared/ciLogProblems';
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
  // In slices, as the Problems view parses it: a long log would otherwise hold the extension host.
  const { problems, truncated } = await parseLogProblemsInSlices([log], { owner, repo, maxProblems: CAPS.logLines + 1 }, signal);
  const lines = problems
    .slice(0, CAPS.logLines)
    .map((p) => `${p.path}:${p.line}${p.column ? `:${p.column}` : ''}: ${p.severity}: ${p.message.slice(0, CAPS.logLine)}${p.code ? ` (${p.code.slice(0, 100)})` : ''}`);
  return { lines, more: truncated || problems.length > CAPS.logLines };
}

/** Failed jobs of the repository listed at once. */
const RECENT_FAILED = 50;

/** The repository's latest failed jobs (Gitea 1.25+), asked before the head commit is known, so that the head's failed
 * jobs' logs can be asked for together with its runs. Undefined where the server has no such list. */
export interface RecentFailedJobs {
  readonly jobs: readonly ActionWorkflowJob[];
  /** The list holds every failed job of the repository. */
  readonly complete: boolean;
  /** Newest first (Gitea 1.27 takes `order=desc`; 1.26 ignores it and lists the oldest first). */
  readonly newestFirst: boolean;
}

export function recentFailedJobs(client: GiteaClient, owner: string, repo: string, signal?: AbortSignal): Promise<RecentFailedJobs | undefined> {
  return client.listWorkflowJobs({ owner, repo, status: 'failure', sort: 'id', order: 'desc', page: 1, limit: RECENT_FAILED }, { signal }).then(
    (p) => ({ jobs: p.items, complete: !p.hasMore, newestFirst: p.items.every((j, i) => i === 0 || j.id < p.items[i - 1]!.id) }),
    // expected: a server before Gitea 1.25 (or Forgejo) has no repository-wide job list: the jobs are read per run.
    () => undefined,
  );
}

/** Whether `recent` holds every failed job of `runId`: the whole list, or a newest-first page that goes on past the run
 * (a run's jobs, and a re-run's, are created together, so their ids follow one another). */
function holdsRun(recent: RecentFailedJobs | undefined, runId: number): boolean {
  if (!recent) return false;
  return recent.complete || (recent.newestFirst && recent.jobs.some((j) => j.run_id === runId) && recent.jobs[recent.jobs.length - 1]?.run_id !== runId);
}

/**
 * The Actions runs of `sha` and their failed jobs' failing lines. Rejects when the instance has no Actions API.
 * The head's failed jobs found in `recent` have their logs asked for at once, beside the runs; only a failed run that
 * `recent` does not hold whole has its jobs listed (the API lists runs by commit, jobs by run or by repository, logs
 * by job).
 */
export async function ciState(client: GiteaClient, owner: string, repo: string, sha: string, signal?: AbortSignal, recent?: RecentFailedJobs): Promise<CiState> {
  const runsRead = client.getWorkflowRuns({ owner, repo, head_sha: sha, page: 1, limit: MAX_RUNS }, { signal }).then((p) => p.items.slice(0, MAX_RUNS));
  const ofHead = (recent?.jobs ?? []).filter((j) => j.head_sha === sha && stateOf(j) === 'failure');
  const early = new Map(ofHead.slice(0, MAX_FAILED_JOBS).map((j) => [j.id, readFailedJob(client, owner, repo, j, signal)]));
  const runs = await runsRead;
  const failedRuns = runs.filter((r) => stateOf(r) === 'failure');
  const held = new Set(failedRuns.filter((r) => holdsRun(recent, r.id)).map((r) => r.id));
  const listed = await Promise.all(
    failedRuns.filter((r) => !held.has(r.id)).map((r) => client.listWorkflowRunJobs({ owner, repo, run: r.id, page: 1, limit: 50 }, { signal }).then((p) => p.items)),
  );
  const failed = [...ofHead.filter((j) => j.run_id !== undefined && held.has(j.run_id)), ...listed.flat().filter((j) => stateOf(j) === 'failure')];
  const failedJobs = await Promise.all(failed.slice(0, MAX_FAILED_JOBS).map((j) => early.get(j.id) ?? readFailedJob(client, owner, repo, j, signal)));
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

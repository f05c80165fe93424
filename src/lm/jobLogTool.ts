// The `jobLog` tool: a CI job's failing lines (the Problems view's parser), or the end of its log — for a job, a
// run's failed jobs, or the current branch's latest run. Log text is framed as quoted data (kind "log lines").
import * as vscode from 'vscode';
import type { GiteaClient } from '../api';
import type { Services } from '../core/services';
import { repoParams, type Target } from '../core/target';
import { messageOf } from '../shared/errors';
import { stateOf } from '../views/ciRunModel';
import { runOrBranchLatest } from './branchRun';
import { failingLines } from './ciFailures';
import { CAPS, FRAMING_NOTE, quoted, quotedTail, ResultText, value, word } from './quote';
import type { ToolImplementation } from './standIns';
import { readyTarget, repoFromInput, runTool } from './toolSupport';

export interface JobLogInput {
  readonly job?: number;
  readonly run?: number;
  readonly repository?: string;
  /** false: the end of the log instead of its failing lines. */
  readonly failingOnly?: boolean;
}

/** Lines from the end of a log when the whole log is asked for. */
export const LOG_TAIL_LINES = 200;
const MAX_JOBS = 5;

export function jobLogTool(services: Services): ToolImplementation {
  return {
    invoke(options, token) {
      const input = (options.input ?? {}) as JobLogInput;
      return runTool(token, { what: vscode.l10n.t('the job log') }, async (signal) => {
        const target = await readyTarget(services, repoFromInput(services, input.repository));
        const jobs = await jobsToRead(target, input, signal);
        const out = new ResultText(vscode.l10n.t('[The result reached its size limit; ask for one job at a time.]'));
        out.add(FRAMING_NOTE);
        const reading = jobs.slice(0, MAX_JOBS);
        for (const [i, job] of reading.entries()) {
          // Each job its share of the room left, so that a long log leaves room for the next jobs' heads.
          const share = Math.floor(out.room / (reading.length - i));
          if (!out.add(await jobText(target.client, target, job, input.failingOnly !== false, share, signal))) break;
        }
        if (jobs.length > MAX_JOBS) out.add(`${jobs.length - MAX_JOBS} more jobs not read: ask for them by job id.`);
        return out.toString();
      });
    },
  };
}

interface JobRef {
  readonly id: number;
  readonly name: string;
  readonly state: string;
  readonly runId?: number;
}

/** The job asked for; else the run's failed jobs (all its jobs when none failed); the run is the branch's latest when not given. */
async function jobsToRead(target: Target, input: JobLogInput, signal: AbortSignal): Promise<JobRef[]> {
  const { client } = target;
  const p = repoParams(target.repo);
  if (Number.isSafeInteger(input.job) && input.job! > 0) {
    const job = await client.getWorkflowJob({ ...p, job_id: input.job! }, { signal });
    return [{ id: job.id, name: job.name ?? String(job.id), state: stateOf(job), runId: job.run_id }];
  }
  const run = await runOrBranchLatest(target, input.run, signal);
  const all = (await client.listWorkflowRunJobs({ ...p, run, page: 1, limit: 50 }, { signal })).items.map((j) => ({
    id: j.id,
    name: j.name ?? String(j.id),
    state: stateOf(j),
    runId: j.run_id ?? run,
  }));
  const failed = all.filter((j) => j.state === 'failure');
  return failed.length ? failed : all;
}

/** Room for the line that says which lines follow. */
const TAIL_NOTE_ROOM = 120;

async function jobText(client: GiteaClient, { repo }: Target, job: JobRef, failingOnly: boolean, room: number, signal: AbortSignal): Promise<string> {
  const head = `Job ${job.id} ${value(job.name)} of run ${job.runId ?? '?'}: ${word(job.state)}`;
  try {
    if (failingOnly) {
      const { lines, more } = await failingLines(client, repo.owner, repo.repo, job.id, signal);
      if (!lines.length) return `${head}\nIts log names no failing line of the repository's files (ask with failingOnly: false for the end of the log).`;
      return `${head}\nFailing lines (file:line: severity: message):\n${quoted('log lines', 'ci', lines.join('\n'), CAPS.logLines * (CAPS.logLine + 200))}${more ? '\n(more failing lines than shown)' : ''}`;
    }
    const log = await client.downloadActionsRunJobLogs({ ...repoParams(repo), job_id: job.id }, { signal });
    const lines = log.split('\n');
    const tail = lines.slice(-LOG_TAIL_LINES).map((l) => (l.length > CAPS.logLine ? `${l.slice(0, CAPS.logLine)}…` : l));
    // The end of the log, cut from the top to fit the result: the last lines are where a job failed.
    const { block, kept } = quotedTail('log lines', 'ci', tail, room - head.length - TAIL_NOTE_ROOM);
    if (!block) return `${head}\nNo room is left in this result for its log: ask for job ${job.id} alone.`;
    const left = lines.length - kept;
    const note = left === 0 ? 'The whole log:' : `The last ${kept} of ${lines.length} lines (the first ${left} left out${kept < tail.length ? ', to fit the result' : ''}):`;
    return `${head}\n${note}\n${block}`;
  } catch (e) {
    return `${head}\nIts log could not be read:\n${quoted('error', 'server', messageOf(e), CAPS.comment)}`;
  }
}

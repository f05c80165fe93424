// The `rerunFailedJobs` tool: re-runs the failed jobs of a CI run (the current branch's latest, or the one named), as
// the CI Jobs view's "Re-run Failed Jobs" does (the same request, the same refusals explained). It asks first
// (writingTool.ts), naming the run and the jobs; a run with no failed job is refused (Gitea would re-run all of it).
import * as vscode from 'vscode';
import type { ActionWorkflowJob } from '../api';
import type { Services } from '../core/services';
import { repoParams, type Target } from '../core/target';
import { isActive, stateOf } from '../views/ciRunModel';
import { canRerun, FAILED, rerunRefusalMessage } from '../views/workflows/runActions';
import { runOrBranchLatest } from './branchRun';
import { value } from './quote';
import type { ToolImplementation } from './standIns';
import { readyTarget, repoFromInput, ToolRefusal } from './toolSupport';
import { writingTool, type Confirmation } from './writingTool';

export interface RerunFailedJobsInput {
  /** The run's id; the current branch's latest run when not given. */
  readonly run?: number;
  readonly repository?: string;
}

export interface RerunPlan {
  readonly target: Target;
  readonly run: number;
  readonly failed: readonly ActionWorkflowJob[];
}

async function plan(services: Services, input: RerunFailedJobsInput, signal: AbortSignal): Promise<RerunPlan> {
  const target = await readyTarget(services, repoFromInput(services, input.repository));
  if (!canRerun(target.account)) throw new ToolRefusal(vscode.l10n.t('This server cannot re-run jobs through its API (Gitea 1.26 or later can; Forgejo cannot).'));
  const run = await runOrBranchLatest(target, input.run, signal);
  const jobs = (await target.client.listWorkflowRunJobs({ ...repoParams(target.repo), run, page: 1, limit: 50 }, { signal })).items;
  if (jobs.some(isActive)) throw new ToolRefusal(vscode.l10n.t('Run {0} is still going: Gitea re-runs finished runs only.', run));
  const failed = jobs.filter((j) => FAILED.has(stateOf(j)));
  if (!failed.length) throw new ToolRefusal(vscode.l10n.t('Run {0} has no failed job: nothing was re-run.', run));
  return { target, run, failed };
}

function confirmation(p: RerunPlan): Confirmation {
  const where = `${p.target.repo.owner}/${p.target.repo.repo}`;
  return {
    title: vscode.l10n.t('Re-run the failed jobs of run {0}?', p.run),
    question: vscode.l10n.t('Re-run the {0} failed jobs of run {1} in {2} as {3} ({4})?', p.failed.length, p.run, where, p.target.account.username, p.target.account.instanceUrl),
    parts: [{ label: vscode.l10n.t('Jobs:'), text: p.failed.map((j) => `${j.id} ${j.name ?? ''}`.trim()).join('\n') }],
    progress: vscode.l10n.t('Re-running the failed jobs of run {0}', p.run),
  };
}

export function rerunFailedJobsTool(services: Services): ToolImplementation {
  return writingTool<RerunPlan>('rerunFailedJobs', {
    plan: (input, signal) => plan(services, (input ?? {}) as RerunFailedJobsInput, signal),
    confirmation,
    async send(p, signal) {
      try {
        await p.target.client.rerunFailedWorkflowRun({ ...repoParams(p.target.repo), run: p.run }, { signal });
      } catch (e) {
        const refusal = rerunRefusalMessage(e, vscode.l10n.t('the failed jobs of run {0}', p.run), '');
        throw refusal ? new ToolRefusal(refusal) : e;
      }
      return `Re-running ${p.failed.length} failed jobs of run ${p.run} in ${p.target.repo.owner}/${p.target.repo.repo} (${p.failed.map((j) => `${j.id} ${value(j.name)}`).join(', ')}): they wait for a runner. The jobLog tool reads their logs once they are done.`;
    },
    failureLead: () => vscode.l10n.t('The jobs were not re-run.'),
  });
}

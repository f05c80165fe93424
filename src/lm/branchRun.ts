// The CI run a tool acts on when none is named: the latest run of the branch checked out in the open repository.
import * as vscode from 'vscode';
import { repoParams, type Target } from '../core/target';
import { clonedRepository } from '../git/gitRepositories';
import { ToolRefusal } from './toolSupport';

/** The run named (a positive id), else the current branch's latest; a refusal thrown when there is none. */
export async function runOrBranchLatest({ client, repo }: Target, run: unknown, signal: AbortSignal): Promise<number> {
  if (typeof run === 'number' && Number.isSafeInteger(run) && run > 0) return run;
  const branch = repo.rootUri ? (await clonedRepository(repo.rootUri))?.repository.state.HEAD?.name : undefined;
  if (!branch) throw new ToolRefusal(vscode.l10n.t('No branch is checked out in the open repository: name the job or the run.'));
  const latest = (await client.getWorkflowRuns({ ...repoParams(repo), branch, page: 1, limit: 1 }, { signal })).items[0];
  if (!latest) throw new ToolRefusal(vscode.l10n.t('The branch {0} has no CI run.', JSON.stringify(branch)));
  return latest.id;
}

// Re-run on the rows of the CI Jobs view (Gitea 1.26+): a finished run, its failed jobs, or one job. The view's
// context tokens say which applies (a run still going shows none: Gitea re-runs only finished runs, and its API
// has no way to cancel one, which the run's tooltip says). After the server accepted, the view reloads and shows
// the run again: waiting for a runner, at its new attempt (Gitea 1.27), followed by the view's polling.
import * as vscode from 'vscode';
import type { ActionWorkflowJob, ActionWorkflowRun } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { isCancellation, showFailure } from '../../core/errors';
import { openServerUrl } from '../../core/openExternal';
import type { Services } from '../../core/services';
import { giteaAtLeast, type Account } from '../../shared/account';
import { inertText } from '../../shared/untrustedText';
import { actionRefusal } from '../../shared/workflowDispatch';
import { isActive, parseRunPath } from '../ciRunModel';
import { appendField } from '../format';
import type { ViewScope } from '../scope';
import { TreeNode } from '../treeNode';

/** Re-runs are in Gitea's API since 1.26 (Forgejo has none). */
export function canRerun(account: Account): boolean {
  return giteaAtLeast(account, 1, 26);
}

/** Conclusions after which "Re-run failed jobs" has something to re-run (Gitea re-runs failed and cancelled jobs,
 * and the whole run when there is none of them: so it is not offered then). */
export const FAILED = new Set(['failure', 'cancelled', 'timed_out']);

/** The context tokens of a run row: `rerun`, and `rerunFailed` when a job failed. */
export function runActionTokens(scope: ViewScope, run: ActionWorkflowRun): string[] {
  if (!canRerun(scope.account) || isActive(run)) return [];
  return FAILED.has(run.conclusion ?? '') ? ['rerun', 'rerunFailed'] : ['rerun'];
}

/** The context token of a job row: `rerun` once the job and so its run could be finished. */
export function jobActionTokens(scope: ViewScope, job: ActionWorkflowJob): string[] {
  return canRerun(scope.account) && !isActive(job) && job.run_id !== undefined ? ['rerun'] : [];
}

/** "attempt 2" from the second attempt on, of a run (Gitea 1.27 counts them; earlier servers send none) or a job. */
export function attemptLabel(run: { readonly run_attempt?: number }): string {
  return (run.run_attempt ?? 0) > 1 ? vscode.l10n.t('attempt {0}', run.run_attempt!) : '';
}

/** The run tooltip's lines about its attempt and about cancelling it. */
export function appendRunActionNotes(md: vscode.MarkdownString, run: ActionWorkflowRun): void {
  if ((run.run_attempt ?? 0) > 1) appendField(md, vscode.l10n.t('Attempt'), run.run_attempt);
  if (isActive(run)) md.appendMarkdown(`\n\n${vscode.l10n.t('Gitea cannot cancel a run through its API: to cancel this run, open it in the browser.')}`);
}

/** What the actions need of the CI Jobs view (its provider; named structurally: the view imports this file). */
export interface RunsView {
  readonly viewId: string;
  readonly currentScope: ViewScope | undefined;
  refresh(): void;
  getChildren(node?: TreeNode): Promise<TreeNode[]>;
  /** Page 1 of the runs again, their rows staying on screen meanwhile (the whole view when they are not loaded). */
  reloadRuns(): Promise<void>;
  /** The workflows again (their last run), without a loading row. */
  reloadWorkflows(): void;
  reveal(node: TreeNode): Promise<void>;
}

type Target = { kind: 'run'; run: ActionWorkflowRun; failedOnly: boolean } | { kind: 'job'; job: ActionWorkflowJob };

function runName(run: Pick<ActionWorkflowRun, 'run_number' | 'id'>): string {
  return `#${run.run_number ?? run.id}`;
}

/** The sentence for a refusal of a re-run, or undefined when it is not one Gitea explains. */
export function rerunRefusalMessage(e: unknown, what: string, workflow: string): string | undefined {
  if (!isGiteaError(e)) return undefined;
  switch (actionRefusal(e)) {
    case 'forbidden':
      return vscode.l10n.t('Cannot re-run {0}: re-running needs write access to the repository\'s Actions.', what);
    case 'gone':
      return vscode.l10n.t('Cannot re-run {0}: it is not on the server any more.', what);
    case 'notDone':
      return vscode.l10n.t('Cannot re-run {0} yet: the run is still going. Gitea re-runs finished runs only, and cannot cancel one through its API (open the run in the browser to cancel it).', what);
    case 'disabled':
      return vscode.l10n.t('Cannot re-run {0}: the workflow {1} is disabled. Enable it under Workflows first.', what, inertText(workflow));
    case 'maxAttempts':
      return vscode.l10n.t('Cannot re-run {0}: the run has had as many attempts as the server allows.', what);
    case 'conflict':
      return vscode.l10n.t('{0} was re-run by someone else at the same moment: the view shows that attempt.', what);
    default:
      return undefined;
  }
}

export async function rerun(services: Services, provider: RunsView, node: unknown, target: 'run' | 'failed' | 'job'): Promise<boolean> {
  const scope = provider.currentScope;
  if (!(node instanceof TreeNode) || !scope) return false;
  const data = node.data as ActionWorkflowRun | { job?: ActionWorkflowJob } | undefined;
  const chosen: Target | undefined =
    target === 'job'
      ? data && 'job' in data && data.job ? { kind: 'job', job: data.job } : undefined
      : data && 'id' in data ? { kind: 'run', run: data, failedOnly: target === 'failed' } : undefined;
  if (!chosen) return false;
  const what =
    chosen.kind === 'job'
      ? vscode.l10n.t('the job {0}', inertText(chosen.job.name ?? String(chosen.job.id)))
      : chosen.failedOnly
        ? vscode.l10n.t('the failed jobs of run {0}', runName(chosen.run))
        : vscode.l10n.t('run {0}', runName(chosen.run));
  const runId = chosen.kind === 'job' ? chosen.job.run_id! : chosen.run.id;
  try {
    await vscode.window.withProgress({ location: { viewId: provider.viewId } }, async () => {
      if (chosen.kind === 'job') await scope.client.rerunWorkflowJob({ ...scope.params, run: runId, job_id: chosen.job.id });
      else if (chosen.failedOnly) await scope.client.rerunFailedWorkflowRun({ ...scope.params, run: runId });
      else await scope.client.rerunWorkflowRun({ ...scope.params, run: runId });
    });
  } catch (e) {
    if (isCancellation(e)) return false;
    const workflow = chosen.kind === 'run' ? parseRunPath(chosen.run.path).workflow : '';
    const message = rerunRefusalMessage(e, what, workflow);
    if (!message) {
      showFailure(services, vscode.l10n.t('Could not re-run {0}', what), e);
      return false;
    }
    services.log.warn(`Re-run of ${what} refused: ${e instanceof Error ? e.message : String(e)}`);
    const open = vscode.l10n.t('Open in Browser');
    const gone = isGiteaError(e) && actionRefusal(e) === 'gone';
    if (gone) provider.refresh();
    const answer = await vscode.window.showWarningMessage(message, ...(node.url && !gone ? [open] : []));
    if (answer === open) await openServerUrl(node.url, node.instanceUrl);
    return false;
  }
  services.log.info(`Re-ran ${what} (run ${runId}).`);
  await showRun(provider, scope, runId, services.log);
  void vscode.window.showInformationMessage(vscode.l10n.t('Re-running {0}: it waits for a runner.', what));
  return true;
}

/**
 * Reloads the runs and selects run `runId` (the new attempt of a re-run, or a dispatched run). Only the runs'
 * first page is asked for before the reveal, what the user waits for: the rest of the view stays as it is (a
 * reload of all of it would re-render the Workflows group, which delays both the row and its selection); the
 * workflows' last run follows after.
 */
export async function showRun(provider: RunsView, scope: ViewScope, runId: number, log: Services['log']): Promise<TreeNode | undefined> {
  const started = Date.now();
  await provider.reloadRuns();
  const loaded = Date.now() - started;
  const node = (await provider.getChildren()).find((n) => n.item.id === `${scope.key}/run/${runId}`);
  if (node) await provider.reveal(node);
  log.info(`Run ${runId}: runs reloaded in ${loaded} ms; ${node ? `selected ${Date.now() - started} ms after the answer` : 'not among the first runs, nothing selected'}.`);
  provider.reloadWorkflows();
  return node;
}

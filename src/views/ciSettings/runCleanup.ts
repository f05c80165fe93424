// Delete Run and Delete Artifact on CI Jobs' rows, after asking. Gitea deletes a finished run with its jobs, logs
// and artifacts (400 while it runs) and needs write access to the repository's Actions (403 otherwise); a server
// before 1.25 has no DELETE for a run (405), one before 1.24 none for an artifact (404).
import * as vscode from 'vscode';
import type { ActionWorkflowRun } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { isCancellation, messageOf, showFailure, signalOf } from '../../core/errors';
import type { Services } from '../../core/services';
import { giteaAtLeast } from '../../shared/account';
import { inertText } from '../../shared/untrustedText';
import type { ArtifactData } from '../ci/artifactNodes';
import type { CiJobsProvider } from '../ciJobsView';
import { isActive } from '../ciRunModel';
import type { ViewScope } from '../scope';
import { TreeNode } from '../treeNode';

const t = vscode.l10n.t;

export const RUN_CLEANUP_COMMAND = {
  deleteRun: 'gitea.ciJobs.deleteRun',
  deleteArtifact: 'gitea.ciJobs.deleteArtifact',
} as const;

function isRun(value: unknown): value is ActionWorkflowRun {
  return typeof value === 'object' && value !== null && typeof (value as ActionWorkflowRun).id === 'number' && 'path' in value;
}

/** The sentence for a refused or unsupported deletion; undefined when the client's message says it. */
function refusal(e: unknown, scope: ViewScope, since: number): string | undefined {
  if (!isGiteaError(e)) return undefined;
  if (e.kind === 'forbidden') return t('Deleting runs and artifacts needs write access to the Actions of {0}/{1}.', scope.params.owner, scope.params.repo);
  if (e.status === 405 || (e.kind === 'notFound' && !giteaAtLeast(scope.account, 1, since))) {
    return t('This server cannot delete them through its API (Gitea 1.{0} or newer can).', since);
  }
  return undefined;
}

async function remove(services: Services, scope: ViewScope, since: number, doing: string, failure: string, run: (signal?: AbortSignal) => Promise<void>): Promise<boolean> {
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: inertText(doing), cancellable: true }, (_p, token) => run(signalOf(token)));
    return true;
  } catch (e) {
    if (isCancellation(e)) return false;
    const sentence = refusal(e, scope, since);
    if (sentence) {
      services.log.warn(`${failure}: ${messageOf(e)}`);
      void vscode.window.showWarningMessage(inertText(`${failure}. ${sentence}`));
    } else showFailure(services, failure, e);
    return false;
  }
}

async function deleteRun(services: Services, provider: CiJobsProvider, arg: unknown): Promise<boolean> {
  const scope = provider.currentScope;
  const run = arg instanceof TreeNode ? arg.data : undefined;
  if (!scope || !isRun(run)) return false;
  const name = run.display_title || t('Run {0}', run.id);
  const number = run.run_number !== undefined ? `#${run.run_number}` : `#${run.id}`;
  if (isActive(run)) {
    void vscode.window.showInformationMessage(inertText(t('The run {0} "{1}" has not finished: it can be deleted once it is done.', number, name)));
    return false;
  }
  const action = t('Delete');
  const answer = await vscode.window.showWarningMessage(
    inertText(t('Delete the run {0} "{1}" of {2}/{3}?', number, name, scope.params.owner, scope.params.repo)),
    { modal: true, detail: t('Its jobs, their logs and its artifacts are deleted with it. This cannot be undone.') },
    action,
  );
  if (answer !== action) return false;
  const ok = await remove(services, scope, 25, t('Deleting the run {0}…', number), t('Could not delete the run {0}', number), (signal) =>
    scope.client.deleteActionRun({ ...scope.params, run: run.id }, { signal }),
  );
  if (!ok) return false;
  void vscode.window.showInformationMessage(inertText(t('Run {0} "{1}" deleted.', number, name)));
  await provider.reloadRuns();
  return true;
}

async function deleteArtifact(services: Services, provider: CiJobsProvider, arg: unknown): Promise<boolean> {
  const scope = provider.currentScope;
  const data = arg instanceof TreeNode ? (arg.data as ArtifactData | undefined) : undefined;
  if (!scope || data?.kind !== 'ciArtifact' || data.owner !== scope.params.owner || data.repo !== scope.params.repo) return false;
  const name = data.artifact.name || t('Artifact {0}', data.artifact.id);
  const action = t('Delete');
  const answer = await vscode.window.showWarningMessage(
    inertText(t('Delete the artifact "{0}" of the run {1}?', name, data.runId)),
    { modal: true, detail: t('It can no longer be downloaded. This cannot be undone.') },
    action,
  );
  if (answer !== action) return false;
  const ok = await remove(services, scope, 24, t('Deleting the artifact "{0}"…', name), t('Could not delete the artifact "{0}"', name), (signal) =>
    scope.client.deleteArtifact({ ...scope.params, artifact_id: data.artifact.id }, { signal }),
  );
  if (!ok) return false;
  void vscode.window.showInformationMessage(inertText(t('Artifact "{0}" deleted.', name)));
  provider.refresh();
  return true;
}

export function registerRunCleanup(services: Services, provider: CiJobsProvider): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(RUN_CLEANUP_COMMAND.deleteRun, (arg: unknown) => deleteRun(services, provider, arg)),
    vscode.commands.registerCommand(RUN_CLEANUP_COMMAND.deleteArtifact, (arg: unknown) => deleteArtifact(services, provider, arg)),
  ];
}

// "Show Failures in Problems" on a failed job of CI Jobs, or on a job log's title: reads the log (the open
// document's text, else fetched), and shows the file locations it names in the repository's clone as problems.
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import { showFailure, signalOf } from '../../core/errors';
import type { Services } from '../../core/services';
import { inertText } from '../../shared/untrustedText';
import type { JobData } from '../ciJobsView';
import { jobLogUri, type JobLogProvider } from '../jobLog';
import { TreeNode } from '../treeNode';
import { jobLogRef, type CiProblems, type JobLogRef, type PublishedProblems } from './ciProblems';

/** The job log a command argument names: a job row, a log document's URI, else the active log editor. */
function refOf(arg: unknown): JobLogRef | undefined {
  if (arg instanceof TreeNode) {
    const data = arg.data as JobData | undefined;
    if (data?.kind !== 'ciJob') return undefined;
    return jobLogRef(jobLogUri(data));
  }
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  return uri ? jobLogRef(uri) : undefined;
}

export async function showFailures(services: Services, problems: CiProblems, logs: JobLogProvider, arg: unknown): Promise<PublishedProblems | undefined> {
  const ref = refOf(arg);
  if (!ref) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Choose a failed job in CI Jobs, or open its log, to show its failures.'));
    return undefined;
  }
  const name = inertText(ref.jobName);
  const root = problems.rootOf(ref);
  if (!root) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Open a clone of {0}/{1} in the workspace to see the failures of "{2}" in its files.', inertText(ref.owner), inertText(ref.repo), name),
    );
    return undefined;
  }
  try {
    // The raw log (the open editor's, else fetched): a step's Run listing is told from its output by the runner's markers.
    // Read and parsed under the same progress: a long log is parsed in slices, which takes a while.
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Fetching the log of {0}…', name), cancellable: true },
      async (_p, token) => {
        const signal = signalOf(token);
        return problems.publish(ref, await logs.rawParts(ref.uri, signal), root, signal);
      },
    );
    if (result.problems === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The log of "{0}" names no place in the files of this clone.', name));
    } else {
      void vscode.commands.executeCommand('workbench.actions.view.problems');
      if (result.truncated) {
        void vscode.window.showInformationMessage(vscode.l10n.t('The log of "{0}" is long: only its first problems are shown.', name));
      }
    }
    return result;
  } catch (e) {
    if (isGiteaError(e) && e.kind === 'notFound') {
      void vscode.window.showInformationMessage(vscode.l10n.t('The job "{0}" has not started yet, so it has no log.', name));
    } else {
      showFailure(services, vscode.l10n.t('Could not read the log of "{0}"', name), e);
    }
    return undefined;
  }
}

// The job log (#40): Show Log on a CI job row, the `gitea-log:` documents (./provider.ts: the live, formatted log),
// their folding by step, the timestamps toggle on the editor's title and the status item that says whether the job
// runs and how it ended. src/views/index.ts registers it; the CI problems read the log's raw text through the provider.
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import { signalOf } from '../../core/errors';
import type { Services } from '../../core/services';
import { jobIsDone } from '../../shared/jobLogFollow';
import { inertText } from '../../shared/untrustedText';
import type { JobData } from '../ciJobsView';
import { errorMessage, type TreeNode } from '../treeNode';
import { JobLogProvider, notStarted } from './provider';
import { registerJobLogStatus } from './status';
import { LOG_SCHEME, jobLogUri } from './uri';

export { JobLogProvider } from './provider';
export { LOG_SCHEME, jobLogUri, logUri, parseLogUri } from './uri';

export const TOGGLE_TIMESTAMPS_COMMAND = 'gitea.ciJobs.toggleLogTimestamps';

export function registerJobLog(services: Services, logs: JobLogProvider): vscode.Disposable[] {
  return [
    logs,
    vscode.workspace.registerTextDocumentContentProvider(LOG_SCHEME, logs),
    vscode.languages.registerFoldingRangeProvider({ scheme: LOG_SCHEME }, logs),
    vscode.commands.registerCommand(TOGGLE_TIMESTAMPS_COMMAND, () => logs.setTimestamps(!logs.timestampsShown)),
    ...registerJobLogStatus(logs),
  ];
}

/** The "Show Log" command: opens the log (so "not started" is a message, not an empty editor), then shows it with
 * the steps' script listings folded. */
export async function showJobLog(provider: JobLogProvider, node: TreeNode | undefined): Promise<vscode.TextEditor | undefined> {
  const data = node?.data as JobData | undefined;
  if (data?.kind !== 'ciJob') return undefined;
  const uri = jobLogUri(data);
  const name = inertText(data.job.name ?? String(data.job.id));
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Fetching the log of {0}…', name), cancellable: true },
      (_p, token) => provider.open(uri, signalOf(token)),
    );
  } catch (e) {
    if (notStarted(e)) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The job "{0}" has not started yet, so it has no log.', name));
    } else if (!(isGiteaError(e) && e.kind === 'cancelled')) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not fetch the log: {0}', errorMessage(e)));
    }
    return undefined;
  }
  let doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== 'log') doc = await vscode.languages.setTextDocumentLanguage(doc, 'log');
  const editor = await vscode.window.showTextDocument(doc, { preview: true });
  // The scripts and settings each step ran with are folded.
  await provider.foldListings(editor);
  // A running job's log opens at its end, where its new lines arrive (as Gitea's page follows it); there it stays
  // while the user leaves it there. A finished job's log opens at its start.
  const live = provider.log(uri);
  if (live && (!live.job || !jobIsDone(live.job))) {
    await live.loaded;
    const last = new vscode.Position(Math.max(0, editor.document.lineCount - 1), 0);
    editor.selection = new vscode.Selection(last, last);
    editor.revealRange(new vscode.Range(last, last), vscode.TextEditorRevealType.Default);
  }
  return editor;
}

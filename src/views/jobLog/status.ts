// The status bar item of a job log's editor: while the job runs, that its log is followed; then how the job ended
// (or why the log is no longer followed). Shown while a log's editor is the active one.
import * as vscode from 'vscode';
import { inertText } from '../../shared/untrustedText';
import type { LiveLog, JobLogProvider } from './provider';
import { jobNameOf } from './uri';

export interface LogStatus {
  readonly text: string;
  readonly tooltip: string;
}

/** What the item says for a log (exported for the in-host tests). */
export function logStatus(live: LiveLog): LogStatus {
  const name = inertText(jobNameOf(live.uri));
  if (live.follower?.running) {
    return { text: `$(sync~spin) ${vscode.l10n.t('{0}: running', name)}`, tooltip: vscode.l10n.t('The job is running: its new lines are added as the runner sends them.') };
  }
  if (live.end?.reason === 'refused') {
    return { text: `$(warning) ${vscode.l10n.t('{0}: not followed', name)}`, tooltip: vscode.l10n.t('The server refused the account: the log is no longer followed. Sign in again, then show the log again.') };
  }
  if (live.end?.reason === 'failed') {
    return { text: `$(warning) ${vscode.l10n.t('{0}: not followed', name)}`, tooltip: vscode.l10n.t('The server did not answer several times: the log is no longer followed (the Gitea output channel says why).') };
  }
  const conclusion = live.job?.conclusion || live.job?.status || '';
  switch (conclusion) {
    case 'success':
      return { text: `$(pass) ${vscode.l10n.t('{0}: succeeded', name)}`, tooltip: vscode.l10n.t('The job succeeded.') };
    case 'failure':
      return { text: `$(error) ${vscode.l10n.t('{0}: failed', name)}`, tooltip: vscode.l10n.t('The job failed.') };
    case 'cancelled':
      return { text: `$(circle-slash) ${vscode.l10n.t('{0}: cancelled', name)}`, tooltip: vscode.l10n.t('The job was cancelled.') };
    default:
      return { text: `$(output) ${name}`, tooltip: conclusion ? vscode.l10n.t('The job is {0}.', inertText(conclusion)) : vscode.l10n.t('The log of the job.') };
  }
}

export function registerJobLogStatus(logs: JobLogProvider): vscode.Disposable[] {
  const item = vscode.window.createStatusBarItem('gitea.jobLog.status', vscode.StatusBarAlignment.Left, 10);
  item.name = vscode.l10n.t('Gitea Job Log');
  const update = () => {
    const editor = vscode.window.activeTextEditor;
    const live = editor && logs.log(editor.document.uri);
    if (!live) return item.hide();
    const status = logStatus(live);
    item.text = status.text;
    item.tooltip = status.tooltip;
    item.show();
  };
  return [item, vscode.window.onDidChangeActiveTextEditor(update), logs.onDidChangeState(update)];
}

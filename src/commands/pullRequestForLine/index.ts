// "Gitea: Show Pull Request for Current Line" and the opt-in line hover (setting `gitea.pullRequestHover`).
import * as vscode from 'vscode';
import type { Services } from '../../core/services';
import { messageOf, isCancellation, signalOf } from '../../core/errors';
import { PullRequestLookup, type LineOutcome } from './lookup';
import { registerPullRequestHover } from './hover';
import { describePullRequest } from './describe';
import { COMMAND } from '../../core/commandIds';
import { inertText } from '../../shared/untrustedText';
import { openServerUrl } from '../../core/openExternal';

export const PULL_REQUEST_FOR_LINE = 'gitea.pullRequestForLine';

function isWebUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}

async function copyLink(url: string): Promise<void> {
  await vscode.env.clipboard.writeText(url);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', inertText(url)), 3000);
}

/**
 * Shows a found pull request with two buttons (a toast cuts longer rows of buttons short): Open Pull Request, and
 * More Actions… for the rest (Show Changed Files, Open in Browser, Copy Link) in a pick. Does not wait for the choice.
 */
function showPullRequest(outcome: Extract<LineOutcome, { kind: 'pullRequest' }>): void {
  const { pr, repo } = outcome;
  const { headline, detail } = describePullRequest(pr);
  const page = vscode.l10n.t('Open Pull Request');
  const more = vscode.l10n.t('More Actions…');
  void vscode.window.showInformationMessage(`${headline} — ${detail}`, page, more).then(async (choice) => {
    if (choice === page) {
      const state = pr.merged ? 'merged' : pr.state === 'closed' ? 'closed' : 'open';
      await vscode.commands.executeCommand(COMMAND.openIssue, { repo, number: pr.number, title: pr.title, state, isPull: true });
      return;
    }
    if (choice !== more) return;
    const items: { label: string; run: () => Thenable<unknown> }[] = [
      { label: `$(diff-multiple) ${vscode.l10n.t('Show Changed Files')}`, run: () => vscode.commands.executeCommand(COMMAND.showChangedFiles, { repo, pr: { number: pr.number } }) },
    ];
    const web = isWebUrl(pr.html_url) ? pr.html_url : undefined;
    if (web) {
      items.push({ label: `$(link-external) ${vscode.l10n.t('Open in Browser')}`, run: () => openServerUrl(web, repo.instanceUrl) });
      items.push({ label: `$(copy) ${vscode.l10n.t('Copy Link')}`, run: () => copyLink(web) });
    }
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Pull Request #{0}', pr.number) });
    await picked?.run();
  });
}

/** The plain message for each outcome that is not a pull request. */
function showOutcome(outcome: LineOutcome): void {
  switch (outcome.kind) {
    case 'pullRequest':
      return showPullRequest(outcome);
    case 'uncommitted':
      void vscode.window.showInformationMessage(vscode.l10n.t('This line is not committed yet, so no pull request contains it.'));
      return;
    case 'noPullRequest':
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No merged pull request contains commit {0} ("{1}").', inertText(outcome.blame.sha.slice(0, 10)), inertText(outcome.blame.summary ?? '')),
      );
      return;
    case 'noRepository':
      void vscode.window.showInformationMessage(vscode.l10n.t('This file is not inside a Gitea repository of the workspace.'));
      return;
    case 'failed':
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not blame this line: {0}', inertText(outcome.message)));
      return;
    case 'signedOut':
      return; // targetFor already offered to sign in
  }
}

/**
 * The command. Arguments (all optional, for other commands and tests): the document URI and the 0-based line;
 * without them the active editor's cursor line is used. Resolves with the outcome it showed.
 */
async function pullRequestForLine(lookup: PullRequestLookup, services: Services, uri?: unknown, line?: unknown): Promise<LineOutcome | undefined> {
  let document: vscode.TextDocument | undefined;
  let lineNumber: number | undefined;
  if (uri instanceof vscode.Uri) {
    document = await vscode.workspace.openTextDocument(uri);
    lineNumber = typeof line === 'number' ? line : undefined;
  }
  const editor = vscode.window.activeTextEditor;
  if (!document && editor) document = editor.document;
  if (lineNumber === undefined && editor && document === editor.document) lineNumber = editor.selection.active.line;
  if (!document || lineNumber === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a file and put the cursor on a line first.'));
    return undefined;
  }
  const doc = document;
  const at = lineNumber;
  try {
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Finding the pull request of line {0}…', at + 1), cancellable: true },
      (_progress, token) => lookup.forLine(doc, at, signalOf(token)),
    );
    showOutcome(outcome);
    return outcome;
  } catch (e) {
    if (isCancellation(e)) return undefined;
    services.log.error(`Pull request for line: ${messageOf(e)}`);
    const outcome: LineOutcome = { kind: 'failed', message: messageOf(e) };
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not find the pull request of this line: {0}', messageOf(e)));
    return outcome;
  }
}

export function registerPullRequestForLine(services: Services): vscode.Disposable {
  const lookup = new PullRequestLookup(services);
  return vscode.Disposable.from(
    vscode.commands.registerCommand(PULL_REQUEST_FOR_LINE, (uri?: unknown, line?: unknown) => pullRequestForLine(lookup, services, uri, line)),
    registerPullRequestHover(lookup, services.log),
    services.accounts.onDidChangeAccounts(() => lookup.clear()),
  );
}

// The texts of the Create Pull Request form, translated on the host (the webview script has no vscode.l10n), and its
// HTML shell: a strict Content-Security-Policy with a per-load nonce, media/createPullRequest/form.js and form.css.
import * as vscode from 'vscode';
import { nonce, webviewShell } from '../../shared/webviewShell';

export function pullFormStrings(branch: string, wipPrefix: string): Record<string, string> {
  return {
    pageTitle: vscode.l10n.t('New Pull Request · {0}', branch),
    heading: vscode.l10n.t('New pull request from {0}', branch),
    baseRepo: vscode.l10n.t('Into repository'),
    base: vscode.l10n.t('Into branch'),
    head: vscode.l10n.t('From branch'),
    parentNote: vscode.l10n.t('(the fork\'s parent)'),
    title: vscode.l10n.t('Title'),
    titlePlaceholder: vscode.l10n.t('A short summary'),
    draft: vscode.l10n.t('Draft: a work in progress (the title starts with "{0}")', wipPrefix),
    body: vscode.l10n.t('Description'),
    write: vscode.l10n.t('Write'),
    preview: vscode.l10n.t('Preview'),
    bodyPlaceholder: vscode.l10n.t('Markdown is supported'),
    emptyPreview: vscode.l10n.t('Nothing to preview'),
    template: vscode.l10n.t('From the template {0}'),
    reviewers: vscode.l10n.t('Reviewers'),
    noReviewers: vscode.l10n.t('Nobody can be asked to review.'),
    team: vscode.l10n.t('team'),
    assignees: vscode.l10n.t('Assignees'),
    noAssignees: vscode.l10n.t('Nobody can be assigned.'),
    labels: vscode.l10n.t('Labels'),
    filterLabels: vscode.l10n.t('Filter labels'),
    noLabels: vscode.l10n.t('This repository has no labels.'),
    orgLabel: vscode.l10n.t('organization'),
    milestone: vscode.l10n.t('Milestone'),
    noMilestone: vscode.l10n.t('No milestone'),
    create: vscode.l10n.t('Create Pull Request'),
    creating: vscode.l10n.t('Creating…'),
    discard: vscode.l10n.t('Discard Draft'),
    draftKept: vscode.l10n.t('Your text is kept until the pull request is created.'),
    loadingOptions: vscode.l10n.t('Loading branches, reviewers, labels and the template…'),
    noWrite: vscode.l10n.t('You cannot write to this repository: the server will ignore labels, milestone, assignees and reviewers.'),
    existing: vscode.l10n.t('This branch has an open pull request already:'),
    openExisting: vscode.l10n.t('Open Pull Request'),
    unpushed: vscode.l10n.t('Create pushes the branch first.'),
    required: vscode.l10n.t('required'),
  };
}

export function pullFormHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, strings: Record<string, string>): string {
  const n = nonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'createPullRequest', 'form.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'createPullRequest', 'form.css'));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${n}'`,
    `style-src ${webview.cspSource} 'nonce-${n}'`,
    `img-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  return webviewShell({ csp, nonce: n, style: style.toString(), script: script.toString(), title: strings.pageTitle ?? '', strings });
}

// The extension's forms in a webview (Create Issue, Create Pull Request) share their page: one strict
// Content-Security-Policy with a per-load nonce, the stylesheet and helper script of media/forms/ (fields, the
// Write / Preview tabs, the label list, errors at their fields), then the form's own script, written into the page
// (webviewResource.ts); and the texts every
// form shows, translated here (the webview script has no vscode.l10n).
import * as vscode from 'vscode';
import { nonce, webviewShell } from '../shared/webviewShell';
import { webviewResource } from './webviewResource';

/** Strings the scripts show, sent once with the page. */
export type FormStrings = Record<string, string>;

export function formPageHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, formScript: vscode.Uri | readonly vscode.Uri[], strings: FormStrings): string {
  const n = nonce();
  const style = webviewResource(webview, vscode.Uri.joinPath(mediaRoot, 'forms', 'form.css'));
  const kit = webviewResource(webview, vscode.Uri.joinPath(mediaRoot, 'forms', 'formKit.js'));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${n}'`,
    `style-src ${webview.cspSource} 'nonce-${n}'`,
    `img-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  return webviewShell({ csp, nonce: n, style, scripts: [kit, ...(Array.isArray(formScript) ? formScript : [formScript]).map((uri: vscode.Uri) => webviewResource(webview, uri))], title: strings.pageTitle ?? '', strings });
}

/** The texts of the parts every form has: title, description with its preview, labels, milestone, assignees, buttons. */
export function commonFormStrings(): FormStrings {
  return {
    title: vscode.l10n.t('Title'),
    titlePlaceholder: vscode.l10n.t('A short summary'),
    body: vscode.l10n.t('Description'),
    write: vscode.l10n.t('Write'),
    preview: vscode.l10n.t('Preview'),
    bodyPlaceholder: vscode.l10n.t('Markdown is supported'),
    emptyPreview: vscode.l10n.t('Nothing to preview'),
    labels: vscode.l10n.t('Labels'),
    filterLabels: vscode.l10n.t('Filter labels'),
    noLabels: vscode.l10n.t('This repository has no labels.'),
    orgLabel: vscode.l10n.t('organization'),
    milestone: vscode.l10n.t('Milestone'),
    noMilestone: vscode.l10n.t('No milestone'),
    assignees: vscode.l10n.t('Assignees'),
    noAssignees: vscode.l10n.t('Nobody can be assigned.'),
    creating: vscode.l10n.t('Creating…'),
    discard: vscode.l10n.t('Discard Draft'),
    required: vscode.l10n.t('required'),
  };
}


// The Create Issue webview's HTML shell: a strict Content-Security-Policy with a per-load nonce, the script and
// style from media/createIssue/, and no inline handlers. The form itself is built by form.js from messages.
import * as vscode from 'vscode';
import { nonce, webviewShell } from '../../shared/webviewShell';

/** Strings the script shows, sent once with the page (the script has no access to vscode.l10n). */
export type FormStrings = Record<string, string>;

export function formHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, strings: FormStrings): string {
  const n = nonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'createIssue', 'form.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'createIssue', 'form.css'));
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

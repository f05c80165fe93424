// The Create Issue webview's HTML shell: a strict Content-Security-Policy with a per-load nonce, the script and
// style from media/createIssue/, and no inline handlers. The form itself is built by form.js from messages.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { escapeHtml } from '../../shared/markdown';

export function nonce(): string {
  return randomBytes(18).toString('base64');
}

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
  // The strings travel as JSON in a non-executable script element, read by form.js.
  const stringsJson = JSON.stringify(strings).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(style.toString())}" nonce="${n}">
<title>${escapeHtml(strings.pageTitle ?? '')}</title>
</head>
<body>
<main id="app" aria-busy="true"></main>
<script type="application/json" id="strings" nonce="${n}">${stringsJson}</script>
<script src="${escapeHtml(script.toString())}" nonce="${n}"></script>
</body>
</html>`;
}

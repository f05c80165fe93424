// The HTML shell of the extension's webviews (the forms, the issue page): the Content-Security-Policy, the one
// stylesheet and the scripts, all allowed by a per-load nonce, and the page's strings as JSON in a
// non-executable script element (the page script has no access to vscode.l10n). The pages build themselves from it.
import { randomBytes } from 'node:crypto';
import { escapeHtml } from './htmlSafety';

/** A fresh nonce for one page load. */
export function nonce(): string {
  return randomBytes(18).toString('base64');
}

export interface WebviewShell {
  readonly csp: string;
  readonly nonce: string;
  /** Webview URIs (already converted with asWebviewUri) of the page's stylesheet and scripts, run in this order. */
  readonly style: string;
  readonly scripts: readonly string[];
  readonly title: string;
  readonly strings: Record<string, string>;
}

export function webviewShell(page: WebviewShell): string {
  const n = page.nonce;
  const stringsJson = JSON.stringify(page.strings).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(page.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(page.style)}" nonce="${n}">
<title>${escapeHtml(page.title)}</title>
</head>
<body>
<main id="app" aria-busy="true"></main>
<script type="application/json" id="strings" nonce="${n}">${stringsJson}</script>
${page.scripts.map((src) => `<script src="${escapeHtml(src)}" nonce="${n}"></script>`).join('\n')}
</body>
</html>`;
}

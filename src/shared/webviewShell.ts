// The HTML shell of the extension's webviews (the forms, the issue page): the Content-Security-Policy, the one
// stylesheet and the scripts, all allowed by a per-load nonce, and the page's strings as JSON in a
// non-executable script element (the page script has no access to vscode.l10n). The pages build themselves from it.
import { randomBytes } from 'node:crypto';
import { escapeHtml } from './htmlSafety';

/** A fresh nonce for one page load. */
export function nonce(): string {
  return randomBytes(18).toString('base64');
}

/** A stylesheet or script: its webview URI (already converted with asWebviewUri), or its text written into the page
 * (no request for it before the page can draw; the webview's resource requests go through VS Code's host). */
export type ShellResource = string | { readonly text: string };

export interface WebviewShell {
  readonly csp: string;
  readonly nonce: string;
  /** The page's stylesheet and scripts, run in this order. */
  readonly style: ShellResource;
  readonly scripts: readonly ShellResource[];
  readonly title: string;
  readonly strings: Record<string, string>;
}

/** Whether `text` can stand inside a <script> or <style> element as it is: nothing in it closes the element or
 * opens a comment the HTML parser would act on. */
export function inlinable(text: string): boolean {
  return !/<\/(?:script|style)|<!--/i.test(text);
}

function styleTag(style: ShellResource, n: string): string {
  if (typeof style === 'string') return `<link rel="stylesheet" href="${escapeHtml(style)}" nonce="${n}">`;
  if (!inlinable(style.text)) throw new Error('a stylesheet that closes its element cannot be written into the page');
  return `<style nonce="${n}">${style.text}</style>`;
}

function scriptTag(script: ShellResource, n: string): string {
  if (typeof script === 'string') return `<script src="${escapeHtml(script)}" nonce="${n}"></script>`;
  if (!inlinable(script.text)) throw new Error('a script that closes its element cannot be written into the page');
  return `<script nonce="${n}">${script.text}</script>`;
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
${styleTag(page.style, n)}
<title>${escapeHtml(page.title)}</title>
</head>
<body>
<main id="app" aria-busy="true"></main>
<script type="application/json" id="strings" nonce="${n}">${stringsJson}</script>
${page.scripts.map((script) => scriptTag(script, n)).join('\n')}
</body>
</html>`;
}

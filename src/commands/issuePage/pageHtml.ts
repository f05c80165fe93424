// The issue page's HTML shell: a strict Content-Security-Policy with a per-load nonce (no remote script or style;
// images only from the extension and the instance's origin), the script and style of media/issuePage/ written into
// the page with that nonce. The page itself is built by page.js from messages.
import * as vscode from 'vscode';
import { webviewResource } from '../../core/webviewResource';
import { nonce, webviewShell } from '../../shared/webviewShell';

/** The origin images may load from: the instance's, when it is an http(s) URL. */
export function instanceOrigin(instanceUrl: string): string | undefined {
  try {
    const url = new URL(instanceUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    // expected: a malformed instance URL loads no images at all
    return undefined;
  }
}

export function pageCsp(cspSource: string, nonce: string, instanceUrl: string): string {
  const images = [cspSource, instanceOrigin(instanceUrl)].filter(Boolean).join(' ');
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `img-src ${images}`,
    `font-src ${cspSource}`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
  ].join('; ');
}

export function pageHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, instanceUrl: string, title: string, strings: Record<string, string>): string {
  const n = nonce();
  const style = webviewResource(webview, vscode.Uri.joinPath(mediaRoot, 'issuePage', 'page.css'));
  const reactions = webviewResource(webview, vscode.Uri.joinPath(mediaRoot, 'issuePage', 'reactions.js'));
  const times = webviewResource(webview, vscode.Uri.joinPath(mediaRoot, 'issuePage', 'times.js'));
  const script = webviewResource(webview, vscode.Uri.joinPath(mediaRoot, 'issuePage', 'page.js'));
  return webviewShell({ csp: pageCsp(webview.cspSource, n, instanceUrl), nonce: n, style, scripts: [reactions, times, script], title, strings });
}

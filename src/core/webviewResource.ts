// A webview page's own script or stylesheet: written into its HTML when it can be read here (the webview then draws
// without asking VS Code's webview host for it first), else linked by its webview URI.
import * as vscode from 'vscode';
import { mediaText } from '../shared/mediaText';
import type { ShellResource } from '../shared/webviewShell';

export function webviewResource(webview: vscode.Webview, uri: vscode.Uri): ShellResource {
  const text = mediaText(uri.fsPath);
  return text !== undefined ? { text } : webview.asWebviewUri(uri).toString();
}

/**
 * Where the webviews' scripts and styles are: media/'s, minified by the build into dist/media/ (scripts/build.mjs), the
 * copies the package ships. Each webview's localResourceRoots and its pages' files.
 */
export function webviewMediaRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'media');
}

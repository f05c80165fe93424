// The text of the extension's own media files (a page's script and stylesheet), read once per session and kept: a
// page that carries them in its HTML draws without asking VS Code's webview host for them first. Files only (the
// extension runs where its files are); anything unreadable, or that cannot stand inside its element, is undefined and
// the page links the file instead.
import { readFileSync } from 'node:fs';
import { inlinable } from './webviewShell';

const texts = new Map<string, string | undefined>();

/** The file's text (undefined when it cannot be read or written into a page); `fsPath` as vscode.Uri gives it. */
export function mediaText(fsPath: string | undefined): string | undefined {
  if (!fsPath) return undefined;
  if (texts.has(fsPath)) return texts.get(fsPath);
  let text: string | undefined;
  try {
    // Synchronous on purpose: a few KiB of the extension's own files, once per session, before the page's HTML.
    text = readFileSync(fsPath, 'utf8');
  } catch {
    // expected: a missing file is linked as before (the webview then reports it)
    text = undefined;
  }
  const kept = text !== undefined && inlinable(text) ? text : undefined;
  texts.set(fsPath, kept);
  return kept;
}

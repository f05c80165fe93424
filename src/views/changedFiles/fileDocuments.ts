// Read-only documents of a file at a commit (`gitea-file:` URIs), read from the raw-file endpoint, and the
// status decorations of changed files (`gitea-changes:` URIs, also used by the Pull Requests view).
import * as vscode from 'vscode';
import type { Services } from '../../core/services';
import { messageOf } from '../../core/errors';
import { accountForRepo } from '../../core/target';
import { changesUriComponents, fileUriComponents, isBinary, parseChangesUri, parseFileUri, statusLook, type ChangedFileLike, type DiffSideOf, type FileAtRef } from './model';

import { CHANGES_SCHEME, FILE_SCHEME } from '../../core/uriSchemes';
import { isRepoPath } from '../../shared/repoPath';

export { CHANGES_SCHEME, FILE_SCHEME };

export function fileUri(f: FileAtRef, sideOf?: DiffSideOf): vscode.Uri {
  return vscode.Uri.from({ scheme: FILE_SCHEME, ...fileUriComponents(f, sideOf) });
}

export function changesUri(owner: string, repo: string, prIndex: number, file: ChangedFileLike): vscode.Uri {
  return vscode.Uri.from({ scheme: CHANGES_SCHEME, ...changesUriComponents(owner, repo, prIndex, file) });
}

const STATUS_NAMES: Record<string, () => string> = {
  added: () => vscode.l10n.t('Added'),
  deleted: () => vscode.l10n.t('Deleted'),
  renamed: () => vscode.l10n.t('Renamed'),
  copied: () => vscode.l10n.t('Copied'),
  changed: () => vscode.l10n.t('Changed'),
  unchanged: () => vscode.l10n.t('Unchanged'),
};

export function statusName(status: string | null | undefined): string {
  return (STATUS_NAMES[status ?? 'changed'] ?? STATUS_NAMES.changed!)();
}

/** Badge + theme color per status, for every `gitea-changes:` resource (our view and the Pull Requests view). */
export class ChangedFileDecorations implements vscode.FileDecorationProvider {
  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== CHANGES_SCHEME) return undefined;
    const parts = parseChangesUri(uri.path, uri.query);
    if (!parts) return undefined;
    const look = statusLook(parts.status);
    const tooltip =
      parts.status === 'renamed' && parts.previousFilename
        ? vscode.l10n.t('Renamed from {0}', parts.previousFilename)
        : parts.status === 'copied' && parts.previousFilename
          ? vscode.l10n.t('Copied from {0}', parts.previousFilename)
          : statusName(parts.status);
    return new vscode.FileDecoration(look.badge, tooltip, new vscode.ThemeColor(look.color));
  }
}

/** Serves `gitea-file:` documents: the file's text at the commit, an empty text, or a note for binary files. */
export class FileAtRefProvider implements vscode.TextDocumentContentProvider {
  /** The documents last served a note (a binary file, a failed read) instead of the file's text. */
  private readonly notes = new Set<string>();

  constructor(private readonly services: Services) {}

  /** Whether a document shows a note rather than the file's text (its lines are not the file's). */
  isNote(uri: vscode.Uri): boolean {
    return this.notes.has(uri.toString());
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const text = await this.content(uri, token);
    if (text.note) this.notes.add(uri.toString());
    else this.notes.delete(uri.toString());
    return text.value;
  }

  private async content(uri: vscode.Uri, token: vscode.CancellationToken): Promise<{ value: string; note?: true }> {
    const f = parseFileUri(uri.path, uri.query);
    if (!f) return { value: '', note: true };
    if (!f.ref) return { value: '' }; // the empty side of an added or deleted file
    // The last gate before the path goes into a request of the instance (raw/{filepath}).
    if (!isRepoPath(f.path)) return { value: vscode.l10n.t('"{0}" is not a plain path of the repository: it is not read.', f.path), note: true };
    const account = accountForRepo(this.services.accounts, { instanceUrl: f.instanceUrl });
    if (!account) return { value: vscode.l10n.t('Sign in to {0} to see this file.', f.instanceUrl), note: true };
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    try {
      const client = await this.services.accounts.getClient(account.id);
      const bytes = await client.repoGetRawFile({ owner: f.owner, repo: f.repo, filepath: f.path, ref: f.ref }, { signal: controller.signal });
      if (isBinary(bytes)) return { value: vscode.l10n.t('Binary file not shown.'), note: true };
      return { value: new TextDecoder('utf-8').decode(bytes) };
    } catch (e) {
      this.services.log.warn(`Could not read ${f.owner}/${f.repo}/${f.path} at ${f.ref}: ${messageOf(e)}`);
      return { value: vscode.l10n.t('Could not read {0} at {1}: {2}', f.path, f.ref.slice(0, 10), messageOf(e)), note: true };
    }
  }
}

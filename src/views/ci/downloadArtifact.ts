// "Download…" on an artifact of CI Jobs: asks for a folder, keeps the artifact as the zip the server sends (it is
// not extracted: that would take a zip library), streams it to disk with progress in bytes, cancellable. The file
// name comes from the artifact's name made safe (shared/artifactDownload.ts); an existing file is replaced only
// after the user says so.
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import { showFailure, signalOf } from '../../core/errors';
import type { Services } from '../../core/services';
import { artifactFileName, downloadArtifactToFile, pathInside, type ArtifactDownloadResult } from '../../shared/artifactDownload';
import { inertText } from '../../shared/untrustedText';
import { formatBytes } from '../text';
import type { TreeNode } from '../treeNode';
import type { ArtifactData } from './artifactNodes';

/** Progress reports at most this often: a notification redrawn per 64 KB chunk would cost more than the download. */
const PROGRESS_EVERY_MS = 200;

export async function downloadArtifact(services: Services, node: TreeNode | undefined): Promise<ArtifactDownloadResult | undefined> {
  const data = node?.data as ArtifactData | undefined;
  if (data?.kind !== 'ciArtifact') return undefined;
  const { artifact } = data;
  const name = inertText(artifact.name ?? String(artifact.id));
  if (artifact.expired) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The artifact "{0}" has expired: the server no longer keeps it.', name));
    return undefined;
  }
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: vscode.l10n.t('Download Here'),
    title: vscode.l10n.t('Download the artifact "{0}" (kept as a zip) to…', name),
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
  const folder = picked?.[0];
  if (!folder) return undefined;
  if (folder.scheme !== 'file') {
    void vscode.window.showErrorMessage(vscode.l10n.t('Artifacts can be saved to a folder on disk only.'));
    return undefined;
  }
  const fileName = artifactFileName(artifact.name, artifact.id);
  const file = pathInside(folder.fsPath, fileName);
  if (!file) return undefined; // artifactFileName makes plain names; this holds by construction
  let overwrite = false;
  try {
    await vscode.workspace.fs.stat(vscode.Uri.file(file));
    const replace = vscode.l10n.t('Replace');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} already exists in {1}. Replace it?', inertText(fileName), inertText(folder.fsPath)),
      { modal: true },
      replace,
    );
    if (answer !== replace) return undefined;
    overwrite = true;
  } catch {
    // expected: no such file yet
  }
  try {
    const client = await services.accounts.getClient(data.accountId);
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Downloading the artifact "{0}"', name), cancellable: true },
      (progress, token) => {
        let shownAt = 0;
        let shownPercent = 0;
        return downloadArtifactToFile(client, { owner: data.owner, repo: data.repo, artifact_id: artifact.id }, file, {
          signal: signalOf(token),
          overwrite,
          onProgress: (received, total) => {
            const now = Date.now();
            if (now - shownAt < PROGRESS_EVERY_MS && received !== total) return;
            shownAt = now;
            const percent = total ? Math.floor((received / total) * 100) : 0;
            progress.report({
              message: inertText(total ? vscode.l10n.t('{0} of {1}', formatBytes(received), formatBytes(total)) : formatBytes(received)),
              increment: percent - shownPercent,
            });
            shownPercent = percent;
          },
        });
      },
    );
    const reveal = vscode.l10n.t('Reveal in File Explorer');
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t('Saved the artifact "{0}" as {1} ({2}). It is kept as the zip the server sent, not extracted.', name, inertText(result.file), inertText(formatBytes(result.bytes))),
        reveal,
      )
      .then((a) => a === reveal && vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(result.file)));
    return result;
  } catch (e) {
    if (isGiteaError(e) && e.kind === 'notFound') {
      void vscode.window.showErrorMessage(vscode.l10n.t('The artifact "{0}" is no longer on the server: it has expired or was deleted.', name));
    } else {
      showFailure(services, vscode.l10n.t('Could not download the artifact "{0}"', name), e);
    }
    return undefined;
  }
}

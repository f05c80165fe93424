// Share a line: "Copy Gitea Permalink" and "Open on Gitea" for the active editor's line or selection (the editor's
// context menu, its Copy As submenu, the line numbers' menu and the palette). Each resolves to the link it copied or
// opened (for scripts and tests), undefined when there was none.
import * as vscode from 'vscode';
import { openServerUrl } from '../../core/openExternal';
import type { Services } from '../../core/services';
import { lineLinkOfActiveEditor, type LineLink } from './lineLink';

export const COPY_PERMALINK = 'gitea.copyPermalink';
export const OPEN_PERMALINK = 'gitea.openPermalink';

/** The line-number menu hands `{ lineNumber, uri }`: that line, when it is the active editor's. */
function lineOf(arg: unknown): number | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { lineNumber, uri } = arg as { lineNumber?: unknown; uri?: unknown };
  const active = vscode.window.activeTextEditor?.document.uri.toString();
  return typeof lineNumber === 'number' && Number.isSafeInteger(lineNumber) && lineNumber > 0 && uri instanceof vscode.Uri && uri.toString() === active ? lineNumber : undefined;
}

async function copyPermalink(services: Services, arg: unknown): Promise<LineLink | undefined> {
  const link = await lineLinkOfActiveEditor(services, lineOf(arg));
  if (!link) return undefined;
  await vscode.env.clipboard.writeText(link.url);
  void vscode.window.setStatusBarMessage(
    link.kind === 'commit' ? vscode.l10n.t('$(link) Gitea permalink copied') : vscode.l10n.t('$(link) Gitea branch link copied'),
    4000,
  );
  return link;
}

async function openPermalink(services: Services, arg: unknown): Promise<LineLink | undefined> {
  const link = await lineLinkOfActiveEditor(services, lineOf(arg));
  if (!link) return undefined;
  return (await openServerUrl(link.url, link.repo.instanceUrl)) ? link : undefined;
}

export function registerShare(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COPY_PERMALINK, (arg?: unknown) => copyPermalink(services, arg)),
    vscode.commands.registerCommand(OPEN_PERMALINK, (arg?: unknown) => openPermalink(services, arg)),
  );
}

// The one place that opens a server's URL outside the editor (vscode.env.openExternal): every "Open in Browser",
// the notifications' buttons, the views' clicks. What may open is decided by shared/externalUrl.ts; a page that is
// not on the instance opens only after a modal question that shows the full address.
import * as vscode from 'vscode';
import { externalUrlVerdict } from '../shared/externalUrl';
import { instanceLabel } from '../shared/instanceUrl';

/** Opens `url` from a server of `instanceUrl` (see externalUrlVerdict); resolves to whether it was opened. */
export async function openServerUrl(url: string | null | undefined, instanceUrl: string | undefined): Promise<boolean> {
  const verdict = externalUrlVerdict(url, instanceUrl);
  if (verdict.kind === 'refuse') {
    const why =
      verdict.why === 'credentials'
        ? vscode.l10n.t('The server sent a link with a user name or password in it; it was not opened.')
        : verdict.why === 'tooLong'
          ? vscode.l10n.t('The server sent a link too long to show; it was not opened.')
          : vscode.l10n.t('The server sent a link that is not a web address (http or https); it was not opened.');
    void vscode.window.showWarningMessage(why);
    return false;
  }
  if (verdict.kind === 'ask') {
    const open = vscode.l10n.t('Open');
    const choice = await vscode.window.showWarningMessage(
      instanceUrl ? vscode.l10n.t('Open a page outside {0}?', instanceLabel(instanceUrl)) : vscode.l10n.t('Open this page in the browser?'),
      { modal: true, detail: verdict.url },
      open,
    );
    if (choice !== open) return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(verdict.url, true));
}

// The one place that opens a server's URL outside the editor (vscode.env.openExternal): every "Open in Browser",
// the notifications' buttons, the views' clicks. What may open is decided by shared/externalUrl.ts; a page that is
// not on the instance opens only after a modal question that shows the full address.
import * as vscode from 'vscode';
import { openExternalUrl } from '../shared/externalUrl';
import { instanceLabel } from '../shared/instanceUrl';

/** Opens `url` from a server of `instanceUrl` (see externalUrlVerdict); resolves to whether it was opened. */
export async function openServerUrl(url: string | null | undefined, instanceUrl: string | undefined): Promise<boolean> {
  const open = vscode.l10n.t('Open');
  return openExternalUrl(url, instanceUrl, {
    refused: (why) => {
      const message =
        why === 'credentials'
          ? vscode.l10n.t('The server sent a link with a user name or password in it; it was not opened.')
          : why === 'tooLong'
            ? vscode.l10n.t('The server sent a link too long to show; it was not opened.')
            : vscode.l10n.t('The server sent a link that is not a web address (http or https); it was not opened.');
      void vscode.window.showWarningMessage(message);
    },
    ask: (address) =>
      vscode.window.showWarningMessage(
        instanceUrl ? vscode.l10n.t('Open a page outside {0}?', instanceLabel(instanceUrl)) : vscode.l10n.t('Open this page in the browser?'),
        { modal: true, detail: address },
        open,
      ),
    openButton: open,
    open: (address) => vscode.env.openExternal(vscode.Uri.parse(address, true)),
  });
}

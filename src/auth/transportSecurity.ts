// What the user can do about an untrusted certificate (add a CA file, or explicitly accept the instance's
// self-signed certificate), and the warning before credentials go over plain http://.
import * as vscode from 'vscode';
import { SETTING, appendToUserSetting, openSetting } from '../core/settings';
import { instanceLabel, isLoopbackUrl, isPlainHttp } from '../shared/instanceUrl';
import { inertText } from '../shared/untrustedText';

/** "Gitea: Add CA Certificate…": picks a PEM file and appends it to gitea.caCertificates (user settings). */
export async function addCaCertificate(): Promise<boolean> {
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('Add a CA certificate for Gitea'),
    openLabel: vscode.l10n.t('Add CA Certificate'),
    canSelectMany: false,
    filters: { [vscode.l10n.t('Certificates')]: ['pem', 'crt', 'cer'], [vscode.l10n.t('All files')]: ['*'] },
  });
  const file = picked?.[0];
  if (!file) return false;
  await appendToUserSetting(SETTING.caCertificates, file.fsPath);
  void vscode.window.showInformationMessage(vscode.l10n.t('Added {0} to {1}.', inertText(file.fsPath), SETTING.caCertificates));
  return true;
}

/** The explicit per-instance opt-in, behind a modal that says what it costs. */
export async function acceptSelfSigned(instanceUrl: string): Promise<boolean> {
  const accept = vscode.l10n.t('Turn Off Certificate Checks');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Turn off certificate checks for {0}?', instanceLabel(instanceUrl)),
    {
      modal: true,
      detail: vscode.l10n.t(
        'Anyone between you and the server could then read your token and change what you see. Adding the certificate of the CA that signed the server certificate (setting {0}) keeps the check on. The opt-in is saved in the setting {1}.',
        SETTING.caCertificates,
        SETTING.allowSelfSigned,
      ),
    },
    accept,
  );
  if (answer !== accept) return false;
  await appendToUserSetting(SETTING.allowSelfSigned, instanceUrl);
  return true;
}

/**
 * Shown next to the sign-in form when the server's certificate is not trusted. Not awaited by the form: the
 * form stays open with the error, the user fixes the trust here and presses Enter in the form again.
 */
export function offerCertificateFixes(instanceUrl: string, message: string): void {
  const addCa = vscode.l10n.t('Add CA Certificate…');
  const settings = vscode.l10n.t('Open Settings');
  const selfSigned = vscode.l10n.t('Accept Self-Signed…');
  void Promise.resolve(vscode.window.showErrorMessage(message, addCa, settings, selfSigned)).then(async (picked) => {
    if (picked === addCa) await addCaCertificate();
    else if (picked === settings) await openSetting(SETTING.caCertificates);
    else if (picked === selfSigned) await acceptSelfSigned(instanceUrl);
  });
}

/**
 * Plain http:// sends the Authorization header readable to the network. Loopback addresses are exempt: the
 * traffic never leaves the machine. Returns false when the user does not want to send them.
 */
export async function confirmPlainHttp(instanceUrl: string, secretKind: 'password' | 'token'): Promise<boolean> {
  if (!isPlainHttp(instanceUrl) || isLoopbackUrl(instanceUrl)) return true;
  const send = vscode.l10n.t('Send Anyway');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} uses http://, without encryption.', instanceLabel(instanceUrl)),
    {
      modal: true,
      detail:
        secretKind === 'password'
          ? vscode.l10n.t('Your user name and password would be sent readable to anyone on the network path. Use the https:// address of the instance if it has one.')
          : vscode.l10n.t('Your access token would be sent readable to anyone on the network path. Use the https:// address of the instance if it has one.'),
    },
    send,
  );
  return answer === send;
}

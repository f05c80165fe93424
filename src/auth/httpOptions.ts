// TLS and proxy options for one instance: extra CA files (`gitea.caCertificates`), the per-instance opt-in to
// skip certificate checks (`gitea.allowSelfSignedCertificates`), VS Code's http.proxy / http.proxyStrictSSL /
// http.noProxy and the HTTPS_PROXY / HTTP_PROXY / NO_PROXY environment. Turned into an undici dispatcher by
// the client's createDispatcher (loaded lazily: nothing here runs during activation).
import * as vscode from 'vscode';
import { homedir } from 'node:os';
import { isAbsolute } from 'node:path';
import type { Dispatcher } from 'undici';
import { loadApi } from '../apiLoader';
import { GiteaError, isGiteaError } from '../api/errorKind';
import { SETTING, caCertificateFiles, openSetting, requestTimeoutMs, selfSignedInstances } from '../core/settings';
import { isCaFileProblem, messageOf } from '../shared/errors';
import { instanceLabel } from '../shared/instanceUrl';

export interface InstanceHttpOptions {
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
}

export async function buildHttpOptions(instanceUrl: string, log: vscode.LogOutputChannel): Promise<InstanceHttpOptions> {
  const caCertificates = await readCaCertificates(caCertificateFiles());
  const selfSigned = selfSignedInstances().includes(instanceUrl);
  if (selfSigned) warnSelfSigned(instanceUrl, log);
  const http = vscode.workspace.getConfiguration('http');
  const proxySupport = http.get<string>('proxySupport', 'override');
  const envProxy = instanceUrl.startsWith('https:') ? env('HTTPS_PROXY') ?? env('HTTP_PROXY') : env('HTTP_PROXY');
  const proxy = proxySupport === 'off' ? undefined : http.get<string>('proxy')?.trim() || envProxy;
  const noProxy = [...(http.get<string[]>('noProxy') ?? []), ...(env('NO_PROXY') ?? '').split(',')].map((s) => s.trim()).filter(Boolean);
  // http.proxyStrictSSL=false is VS Code's switch for TLS-intercepting proxies: it only applies behind a proxy.
  const strictSsl = http.get<boolean>('proxyStrictSSL', true);
  const rejectUnauthorized = !selfSigned && (proxy === undefined || strictSsl);
  if (proxy) log.info(`Requests to ${instanceLabel(instanceUrl)} go through a proxy${noProxy.length ? ' (NO_PROXY set)' : ''}.`);
  const dispatcher = loadApi().createDispatcher({ caCertificates, rejectUnauthorized, proxy, noProxy });
  return { dispatcher, timeoutMs: requestTimeoutMs() };
}

/** Upper- or lower-case environment variable, as curl and git read them. */
function env(name: string): string | undefined {
  return process.env[name]?.trim() || process.env[name.toLowerCase()]?.trim() || undefined;
}

/** Reads the PEM files; an unreadable or invalid file is a message naming it, with a button to the setting. */
async function readCaCertificates(files: readonly string[]): Promise<string[]> {
  const paths = files.map((f) => f.replace(/^~(?=$|[\\/])/, homedir()).replace('${userHome}', homedir()));
  const relative = paths.find((p) => !isAbsolute(p));
  try {
    if (relative) throw new GiteaError('tls', vscode.l10n.t('The CA certificate file "{0}" is not an absolute path.', relative), { code: 'CA_FILE_RELATIVE' });
    return paths.length ? await loadApi().readCaFiles(paths) : [];
  } catch (e) {
    if (!isGiteaError(e) || !isCaFileProblem(e)) throw e;
    const message = vscode.l10n.t('{0} Setting: {1}.', messageOf(e), SETTING.caCertificates);
    void showOnce(message, () => openSetting(SETTING.caCertificates));
    throw new GiteaError('tls', message, { code: e.details.code });
  }
}


const shown = new Set<string>();

/** One notification per distinct problem per window, so that every view refresh does not repeat it. */
async function showOnce(message: string, openSettings: () => Thenable<unknown>): Promise<void> {
  if (shown.has(message)) return;
  shown.add(message);
  const open = vscode.l10n.t('Open Settings');
  if ((await vscode.window.showErrorMessage(message, open)) === open) await openSettings();
}


function warnSelfSigned(instanceUrl: string, log: vscode.LogOutputChannel): void {
  const message = vscode.l10n.t(
    'Certificate checks are off for {0} (setting {1}): anyone between you and the server can read your token. Prefer adding its CA to {2}.',
    instanceLabel(instanceUrl),
    SETTING.allowSelfSigned,
    SETTING.caCertificates,
  );
  if (shown.has(message)) return;
  shown.add(message);
  log.warn(message);
  const open = vscode.l10n.t('Open Settings');
  void Promise.resolve(vscode.window.showWarningMessage(message, open)).then((picked) => (picked === open ? openSetting(SETTING.allowSelfSigned) : undefined));
}

/** Forget which problems were shown: called when the settings change, so a new mistake is reported again. */
export function resetShownProblems(): void {
  shown.clear();
}

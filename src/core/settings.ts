// Typed access to the `gitea.*` settings this extension contributes (package.json contributes.configuration).
// None of them holds a secret: credentials live only in SecretStorage (src/auth/accountStore.ts).
import * as vscode from 'vscode';
import { normalizeInstanceUrl, type KnownInstance } from '../shared/instanceUrl';

export const SETTING = {
  caCertificates: 'gitea.caCertificates',
  allowSelfSigned: 'gitea.allowSelfSignedCertificates',
  preferredRemotes: 'gitea.preferredRemotes',
  requestTimeoutSeconds: 'gitea.requestTimeoutSeconds',
  instances: 'gitea.instances',
  pullRequestHover: 'gitea.pullRequestHover',
  ciJobsRefreshSeconds: 'gitea.ciJobs.refreshSeconds',
  statusBarBranch: 'gitea.statusBar.branch',
  mergeDefaultStyle: 'gitea.merge.defaultStyle',
  mergeDeleteBranch: 'gitea.merge.deleteBranch',
  checkoutBranchName: 'gitea.checkoutBranchName',
  cloneProtocol: 'gitea.cloneProtocol',
} as const;

/** Settings whose change invalidates the cached clients (TLS, proxy, timeout). */
export const CLIENT_SETTINGS: readonly string[] = [
  SETTING.caCertificates,
  SETTING.allowSelfSigned,
  SETTING.requestTimeoutSeconds,
  'http.proxy',
  'http.proxyStrictSSL',
  'http.noProxy',
  'http.proxySupport',
];

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration();
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim().length > 0) : [];
}

/** A setting of the user (or the machine), never of a workspace: the certificate settings decide whom the token is
 * sent to, so a cloned repository's .vscode/settings.json must not change them (package.json gives them
 * `"scope": "machine"`; a workspace value is ignored here too). */
function userValue(id: string): unknown {
  const inspected = config().inspect<unknown>(id);
  return inspected?.globalValue ?? inspected?.defaultValue;
}

export function caCertificateFiles(): string[] {
  return stringArray(userValue(SETTING.caCertificates));
}

/** Normalised instance URLs for which the user opted in to skip certificate verification. */
export function selfSignedInstances(): string[] {
  return stringArray(userValue(SETTING.allowSelfSigned)).flatMap((u) => {
    const n = normalizeInstanceUrl(u);
    return n.ok ? [n.url] : [];
  });
}

export function preferredRemotes(): string[] {
  const names = stringArray(config().get(SETTING.preferredRemotes));
  return names.length ? names : ['upstream', 'origin'];
}

export function requestTimeoutMs(): number {
  const seconds = config().get<number>(SETTING.requestTimeoutSeconds, 30);
  return typeof seconds === 'number' && seconds >= 0 ? Math.round(seconds * 1000) : 30000;
}

/** `gitea.pullRequestHover`: the opt-in hover naming the pull request behind a line. */
export function pullRequestHoverEnabled(): boolean {
  return config().get<boolean>(SETTING.pullRequestHover, false) === true;
}

/** `gitea.ciJobs.refreshSeconds` in milliseconds: the CI Jobs view's first wait between refreshes; 0 = no refresh. */
export function ciJobsRefreshMs(): number {
  const seconds = config().get<number>(SETTING.ciJobsRefreshSeconds, 5);
  return typeof seconds === 'number' && seconds >= 0 ? Math.round(Math.min(seconds, 3600) * 1000) : 5000;
}

/** `gitea.statusBar.branch`: whether the current branch's status bar item shows. */
export function branchStatusItemEnabled(): boolean {
  return config().get<boolean>(SETTING.statusBarBranch, true) !== false;
}

/** `gitea.merge.defaultStyle`: the style Merge Pull Request offers first, or `repository` (the server's default). */
export function preferredMergeStyle(scope?: vscode.Uri): string {
  const style = vscode.workspace.getConfiguration(undefined, scope).get<string>(SETTING.mergeDefaultStyle, 'repository');
  return typeof style === 'string' ? style : 'repository';
}

/** `gitea.merge.deleteBranch`: whether Merge Pull Request proposes deleting the head branch. */
export function deleteBranchAfterMerge(scope?: vscode.Uri): 'repository' | 'always' | 'never' {
  const choice = vscode.workspace.getConfiguration(undefined, scope).get<string>(SETTING.mergeDeleteBranch, 'repository');
  return choice === 'always' || choice === 'never' ? choice : 'repository';
}

/** `gitea.checkoutBranchName`: the pattern of the local branch Check Out Pull Request makes. */
export function checkoutBranchPattern(scope?: vscode.Uri): string {
  const pattern = vscode.workspace.getConfiguration(undefined, scope).get<string>(SETTING.checkoutBranchName, '${head}');
  return typeof pattern === 'string' && pattern.trim() ? pattern.trim() : '${head}';
}

/** `gitea.instances`: strings (instance URLs) or `{ url, sshHosts }` objects. */
export function configuredInstances(): KnownInstance[] {
  const raw = config().get<unknown[]>(SETTING.instances) ?? [];
  const result: KnownInstance[] = [];
  for (const entry of Array.isArray(raw) ? raw : []) {
    const url = typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null ? (entry as { url?: unknown }).url : undefined;
    if (typeof url !== 'string') continue;
    const n = normalizeInstanceUrl(url);
    if (!n.ok) continue;
    const sshHosts = typeof entry === 'object' && entry !== null ? stringArray((entry as { sshHosts?: unknown }).sshHosts) : [];
    result.push({ url: n.url, sshHosts });
  }
  return result;
}

/** Opens the Settings editor on one setting, e.g. from an error message's "Open Settings" button. */
export function openSetting(id: string): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', id);
}

/** Appends a value to an array setting in the user's settings (never the workspace's: these are trust decisions). */
export async function appendToUserSetting(id: string, value: string): Promise<void> {
  const current = stringArray(config().inspect<string[]>(id)?.globalValue);
  if (!current.includes(value)) await config().update(id, [...current, value], vscode.ConfigurationTarget.Global);
}

/** `gitea.cloneProtocol`: whether clones and published repositories use the server's https or ssh URL. */
export function cloneProtocol(): 'https' | 'ssh' {
  return config().get<string>(SETTING.cloneProtocol, 'https') === 'ssh' ? 'ssh' : 'https';
}

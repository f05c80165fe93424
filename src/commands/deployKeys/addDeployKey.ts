// "Gitea: Add Deploy Key": a locally checked public key, a title, read-only unless the user says otherwise.
import * as vscode from 'vscode';
import type { DeployKey } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import type { Services } from '../../core/services';
import { isCancellation, messageOf, signalOf } from '../../core/errors';
import { repoRefFrom } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { askForKey, keyProblemMessage, type KeyFromUser } from './keyInput';
import { parsePublicKey } from './sshKey';
import { inertText } from '../../shared/untrustedText';

export const ADD_DEPLOY_KEY = 'gitea.addDeployKey';

/** Arguments for scripted use (and tests): every question answered up front. */
interface AddArgs {
  readonly key?: string;
  readonly title?: string;
  readonly readOnly?: boolean;
  readonly repo?: unknown;
}

function argsOf(value: unknown): AddArgs {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as AddArgs) : {};
}

function defaultTitle(input: KeyFromUser): string {
  return input.key.comment ?? input.source?.replace(/\.pub$/, '') ?? input.key.type;
}

async function askReadOnly(): Promise<boolean | undefined> {
  const readOnly = { label: vscode.l10n.t('Read-only'), description: vscode.l10n.t('recommended'), detail: vscode.l10n.t('The key can clone and fetch.'), value: true };
  const readWrite = { label: vscode.l10n.t('Read and write'), detail: vscode.l10n.t('The key can also push.'), value: false };
  const picked = await vscode.window.showQuickPick([readOnly, readWrite], { title: vscode.l10n.t('Add Deploy Key: access'), ignoreFocusOut: true });
  return picked?.value;
}

export async function addDeployKey(services: Services, arg?: unknown): Promise<DeployKey | undefined> {
  const args = argsOf(arg);
  const repo = repoRefFrom(args.repo);
  const target = repo ? await targetOrSignIn(services, repo) : await targetOrSignIn(services);
  if (!target) return undefined;

  let input: KeyFromUser | undefined;
  if (args.key !== undefined) {
    const parsed = parsePublicKey(args.key);
    if (!parsed.ok) {
      void vscode.window.showErrorMessage(keyProblemMessage(parsed.problem, parsed.detail));
      return undefined;
    }
    input = { key: parsed.key };
  } else input = await askForKey();
  if (!input) return undefined;

  const title =
    args.title ??
    (await vscode.window.showInputBox({
      title: vscode.l10n.t('Add Deploy Key: title'),
      prompt: inertText(vscode.l10n.t('A name for the key on {0}/{1}', target.repo.owner, target.repo.repo)),
      value: defaultTitle(input),
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A title is required.')),
    }));
  if (title === undefined || !title.trim()) return undefined;
  const readOnly = args.readOnly ?? (await askReadOnly());
  if (readOnly === undefined) return undefined;

  try {
    const created = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Adding deploy key "{0}"…', inertText(title.trim())), cancellable: true },
      (_p, token) =>
        target.client.repoCreateKey(
          { owner: target.repo.owner, repo: target.repo.repo, body: { key: input.key.line, title: title.trim(), read_only: readOnly } },
          { signal: signalOf(token) },
        ),
    );
    void vscode.window.showInformationMessage(
      inertText(vscode.l10n.t('Deploy key "{0}" added to {1}/{2} ({3}).', created.title, target.repo.owner, target.repo.repo, created.fingerprint ?? input.key.fingerprint)),
    );
    services.views.refresh('deployKeys');
    return created;
  } catch (e) {
    if (isCancellation(e)) return undefined;
    services.log.error(`Add deploy key: ${messageOf(e)}`);
    // The server's 422 texts ("Invalid key content", "This key has already been added to this repository",
    // "A key with the same name already exists") are shown as they are.
    const text = isGiteaError(e) && e.kind === 'validation' && e.serverMessage ? inertText(e.serverMessage) : messageOf(e);
    void vscode.window.showErrorMessage(text);
    return undefined;
  }
}

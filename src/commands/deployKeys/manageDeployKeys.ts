// "Gitea: Remove Deploy Key" (with confirmation) and "Gitea: Find Deploy Key" (by fingerprint or key id).
import * as vscode from 'vscode';
import type { DeployKey } from '../../api';
import type { RepoRef, Services } from '../../core/services';
import { isCancellation, showFailure, signalOf } from '../../core/errors';
import { repoRefFrom, type Target } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { parsePublicKey } from './sshKey';
import { keyProblemMessage } from './keyInput';
import { inertText } from '../../shared/untrustedText';
import { readAllPages } from '../../api/paging';

export const REMOVE_DEPLOY_KEY = 'gitea.removeDeployKey';
export const FIND_DEPLOY_KEY = 'gitea.findDeployKey';

function isDeployKey(value: unknown): value is DeployKey {
  return typeof value === 'object' && value !== null && typeof (value as DeployKey).id === 'number' && typeof (value as DeployKey).title === 'string';
}

/** The key and repository an argument names: a Deploy Keys view item (`key`, maybe `repo`), its `data`, or a DeployKey. */
export function deployKeyArg(arg: unknown): { key: DeployKey; repo?: RepoRef } | undefined {
  if (isDeployKey(arg)) return { key: arg };
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  const repo = repoRefFrom(o.repo);
  if (isDeployKey(o.key)) return { key: o.key, repo };
  const data = (o.options as { data?: unknown } | undefined)?.data ?? o.data;
  const inner = data !== undefined && data !== arg ? deployKeyArg(data) : undefined;
  return inner && { key: inner.key, repo: inner.repo ?? repo };
}

function describe(key: DeployKey): string {
  const access = key.read_only === false ? vscode.l10n.t('read and write') : vscode.l10n.t('read-only');
  return inertText(`${key.fingerprint ?? ''} · ${access}`);
}

/** Every deploy key of the repository (a repository has few; the list is read to its end, 100 pages at most). */
async function allKeys(services: Services, target: Target, signal?: AbortSignal): Promise<DeployKey[]> {
  const { owner, repo } = target.repo;
  const onCapped = (pages: number) => services.log.warn(`Deploy keys of ${owner}/${repo}: stopped after ${pages} pages; the server still said there were more.`);
  return (await readAllPages((page) => target.client.repoListKeys({ owner, repo, page, limit: 50 }, { signal }), { maxPages: 100, signal, onCapped })).items;
}

export async function removeDeployKey(services: Services, arg?: unknown): Promise<boolean> {
  const named = deployKeyArg(arg);
  const target = named?.repo ? await targetOrSignIn(services, named.repo) : await targetOrSignIn(services);
  if (!target) return false;
  let key = named?.key;
  if (!key) {
    try {
      const keys = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Loading deploy keys…') }, () => allKeys(services, target));
      if (keys.length === 0) {
        void vscode.window.showInformationMessage(inertText(vscode.l10n.t('{0}/{1} has no deploy keys.', target.repo.owner, target.repo.repo)));
        return false;
      }
      const picked = await vscode.window.showQuickPick(
        keys.map((k) => ({ label: `$(key) ${inertText(k.title)}`, detail: describe(k), key: k })),
        { title: vscode.l10n.t('Remove Deploy Key from {0}/{1}', target.repo.owner, target.repo.repo) },
      );
      key = picked?.key;
    } catch (e) {
      showFailure(services, vscode.l10n.t('Could not list the deploy keys'), e);
      return false;
    }
  }
  if (!key) return false;
  const remove = vscode.l10n.t('Remove');
  const answer = await vscode.window.showWarningMessage(
    inertText(vscode.l10n.t('Remove the deploy key "{0}" from {1}/{2}?', key.title, target.repo.owner, target.repo.repo)),
    { modal: true, detail: vscode.l10n.t('{0}\nMachines that use this key lose access to the repository.', describe(key)) },
    remove,
  );
  if (answer !== remove) return false;
  try {
    await target.client.repoDeleteKey({ owner: target.repo.owner, repo: target.repo.repo, id: key.id });
    void vscode.window.showInformationMessage(vscode.l10n.t('Deploy key "{0}" removed.', inertText(key.title)));
    services.views.refresh('deployKeys');
    return true;
  } catch (e) {
    showFailure(services, vscode.l10n.t('Could not remove the deploy key "{0}"', key.title), e);
    return false;
  }
}

/** What to search by: `{ fingerprint }`, `{ keyId }` or `{ key }` (a public key; its fingerprint is computed here). */
type Query = { fingerprint: string } | { key_id: number };

function queryFrom(text: string): Query | string {
  const t = text.trim();
  if (/^SHA256:[A-Za-z0-9+/]{43}=?$/.test(t)) return { fingerprint: t.replace(/=$/, '') };
  if (/^\d+$/.test(t)) return { key_id: Number(t) };
  const parsed = parsePublicKey(t);
  if (parsed.ok) return { fingerprint: parsed.key.fingerprint };
  return /^ssh-|^ecdsa-|^sk-/.test(t) ? keyProblemMessage(parsed.problem, parsed.detail) : vscode.l10n.t('Enter a SHA256 fingerprint, a key id or a public key.');
}

function queryArg(arg: unknown): Query | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as { fingerprint?: unknown; keyId?: unknown; key?: unknown };
  if (typeof o.fingerprint === 'string') return { fingerprint: o.fingerprint };
  if (typeof o.keyId === 'number') return { key_id: o.keyId };
  if (typeof o.key === 'string') {
    const parsed = parsePublicKey(o.key);
    return parsed.ok ? { fingerprint: parsed.key.fingerprint } : undefined;
  }
  return undefined;
}

export async function findDeployKey(services: Services, arg?: unknown): Promise<DeployKey[] | undefined> {
  const repo = typeof arg === 'object' && arg !== null ? repoRefFrom((arg as { repo?: unknown }).repo) : undefined;
  const target = repo ? await targetOrSignIn(services, repo) : await targetOrSignIn(services);
  if (!target) return undefined;
  let query = queryArg(arg);
  if (!query) {
    const text = await vscode.window.showInputBox({
      title: vscode.l10n.t('Find Deploy Key in {0}/{1}', target.repo.owner, target.repo.repo),
      prompt: vscode.l10n.t('A SHA256 fingerprint, a key id, or a public key (its fingerprint is computed locally)'),
      placeHolder: 'SHA256:…',
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? undefined : typeof queryFrom(v) === 'string' ? (queryFrom(v) as string) : undefined),
    });
    if (!text?.trim()) return undefined;
    const q = queryFrom(text);
    if (typeof q === 'string') return undefined;
    query = q;
  }
  let keys: DeployKey[];
  try {
    keys = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Searching deploy keys…'), cancellable: true },
      async (_p, token) => (await target.client.repoListKeys({ owner: target.repo.owner, repo: target.repo.repo, ...query }, { signal: signalOf(token) })).items,
    );
  } catch (e) {
    if (!isCancellation(e)) showFailure(services, vscode.l10n.t('Could not search the deploy keys'), e);
    return undefined;
  }
  const what = 'fingerprint' in query ? query.fingerprint : `#${query.key_id}`;
  if (keys.length === 0) {
    void vscode.window.showInformationMessage(inertText(vscode.l10n.t('No deploy key of {0}/{1} matches {2}.', target.repo.owner, target.repo.repo, what)));
    return keys;
  }
  void showFound(services, target, keys);
  return keys;
}

/** The keys found, each with its actions (not awaited by the command). */
async function showFound(services: Services, target: Target, keys: DeployKey[]): Promise<void> {
  const picked = await vscode.window.showQuickPick(
    keys.map((k) => ({ label: `$(key) ${inertText(k.title)}`, description: `id ${k.id}`, detail: describe(k), key: k })),
    { title: vscode.l10n.t('Deploy keys found in {0}/{1}', target.repo.owner, target.repo.repo) },
  );
  if (!picked) return;
  const copy = vscode.l10n.t('Copy Fingerprint');
  const remove = vscode.l10n.t('Remove…');
  const choice = await vscode.window.showInformationMessage(`${inertText(picked.key.title)} — ${describe(picked.key)}`, copy, remove);
  if (choice === copy && picked.key.fingerprint) await vscode.env.clipboard.writeText(picked.key.fingerprint);
  if (choice === remove) await removeDeployKey(services, { key: picked.key, repo: target.repo });
}

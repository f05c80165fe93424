// Getting a public key from the user: a ~/.ssh/*.pub file, another file, or pasted text — checked locally
// (type and base64 blob) before anything is sent.
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parsePublicKey, type KeyProblem, type PublicKey } from './sshKey';
import { inertText } from '../../shared/untrustedText';

/** A public key file is a line or a few; anything larger is not one. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

export function keyProblemMessage(problem: KeyProblem, detail?: string): string {
  switch (problem) {
    case 'empty':
      return vscode.l10n.t('Paste or choose a public key.');
    case 'privateKey':
      return vscode.l10n.t('This is a private key. Choose the public key (the .pub file) instead; never share a private key.');
    case 'multipleKeys':
      return vscode.l10n.t('Give one key at a time.');
    case 'unknownType':
      return vscode.l10n.t('Unsupported key type "{0}". Use ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256/384/521 or a security-key type.', inertText(detail ?? ''));
    case 'badBase64':
      return vscode.l10n.t('The key data is not valid base64.');
    case 'typeMismatch':
      return vscode.l10n.t('The key is labelled with another type than its data holds ({0}).', inertText(detail ?? ''));
    case 'truncated':
      return vscode.l10n.t('The key data is incomplete.');
  }
}

export interface KeyFromUser {
  readonly key: PublicKey;
  /** Where it came from: the file name, for the default title. */
  readonly source?: string;
}

async function readKeyFile(file: string): Promise<string | undefined> {
  const info = await stat(file);
  if (!info.isFile() || info.size > MAX_KEY_FILE_BYTES) return undefined;
  return readFile(file, 'utf8');
}

/** The public keys in ~/.ssh, parsed; files that are not valid keys are left out. */
async function sshDirectoryKeys(): Promise<KeyFromUser[]> {
  const dir = path.join(homedir(), '.ssh');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.pub')).sort();
  } catch {
    // expected: no ~/.ssh folder: no keys to offer.
    return [];
  }
  const keys: KeyFromUser[] = [];
  for (const name of names) {
    try {
      const text = await readKeyFile(path.join(dir, name));
      const parsed = text === undefined ? undefined : parsePublicKey(text);
      if (parsed?.ok) keys.push({ key: parsed.key, source: name });
    } catch {
      // expected: an unreadable key file is not offered
    }
  }
  return keys;
}

async function pasteKey(): Promise<KeyFromUser | undefined> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add Deploy Key'),
    prompt: vscode.l10n.t('Paste the public key (ssh-ed25519 AAAA… comment)'),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const parsed = parsePublicKey(value);
      return parsed.ok ? undefined : keyProblemMessage(parsed.problem, parsed.detail);
    },
  });
  if (text === undefined) return undefined;
  const parsed = parsePublicKey(text);
  return parsed.ok ? { key: parsed.key } : undefined;
}

async function browseKey(): Promise<KeyFromUser | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('Choose a public key file'),
    canSelectMany: false,
    defaultUri: vscode.Uri.file(path.join(homedir(), '.ssh')),
    filters: { [vscode.l10n.t('Public keys')]: ['pub'], [vscode.l10n.t('All files')]: ['*'] },
  });
  const file = picked?.[0];
  if (!file) return undefined;
  const text = file.scheme === 'file' ? await readKeyFile(file.fsPath) : new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  const parsed = text === undefined ? undefined : parsePublicKey(text);
  if (!parsed?.ok) {
    void vscode.window.showErrorMessage(parsed ? keyProblemMessage(parsed.problem, parsed.detail) : vscode.l10n.t('This file is too large to be a public key.'));
    return undefined;
  }
  return { key: parsed.key, source: path.basename(file.path) };
}

/** Asks for a key: the ~/.ssh/*.pub files first, then "paste" and "choose a file". */
export async function askForKey(): Promise<KeyFromUser | undefined> {
  type Item = vscode.QuickPickItem & { run: () => Promise<KeyFromUser | undefined> };
  const files = await sshDirectoryKeys();
  const items: Item[] = [
    ...files.map((f) => ({
      label: `$(key) ${inertText(f.source ?? '')}`,
      description: inertText(f.key.type),
      detail: inertText(`${f.key.fingerprint}${f.key.comment ? ` — ${f.key.comment}` : ''}`),
      run: () => Promise.resolve(f),
    })),
    { label: `$(clippy) ${vscode.l10n.t('Paste a public key…')}`, run: pasteKey },
    { label: `$(folder-opened) ${vscode.l10n.t('Choose a file…')}`, run: browseKey },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Add Deploy Key'),
    placeHolder: files.length ? vscode.l10n.t('Choose the public key to add') : vscode.l10n.t('No public keys in ~/.ssh: paste one or choose a file'),
    ignoreFocusOut: true,
  });
  return picked?.run();
}

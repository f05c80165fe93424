// What every tool does around its reading: which repository and account (as the commands resolve them, core/target.ts),
// an issue named by number, `owner/repo#n` or URL, and failures as results the model can read.
import { setMaxListeners } from 'node:events';
import * as vscode from 'vscode';
import { isGiteaError, refusesStoredCredential } from '../api/errorKind';
import { resolveTarget, type Target } from '../core/target';
import type { RepoRef, Services } from '../core/services';
import { messageOf } from '../shared/errors';
import { quoted, CAPS } from './quote';
import { textResult } from './standIns';

/** A tool's answer when it cannot read what was asked: a sentence in the user's language. */
export class ToolRefusal extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

/** The repository `owner/repo` of the active repository's instance, or a repository URL of a signed-in instance (the
 * active repository when not given). */
export function repoFromInput(services: Services, ownerRepo: string | undefined): RepoRef | ToolRefusal | undefined {
  const active = services.repos.active;
  if (!ownerRepo) return active;
  const url = /^https?:\/\//i.test(ownerRepo.trim()) ? repoFromUrl(services, ownerRepo.trim()) : undefined;
  if (url) return url;
  const m = /^\s*([\w.-]{1,100})\/([\w.-]{1,100})\s*$/.exec(ownerRepo);
  if (!m) return new ToolRefusal(vscode.l10n.t('"{0}" is not a repository: write it as owner/name.', ownerRepo.slice(0, 200)));
  const [owner, repo] = [m[1]!, m[2]!];
  const same = (r: RepoRef): boolean => r.owner.toLowerCase() === owner.toLowerCase() && r.repo.toLowerCase() === repo.toLowerCase();
  const detected = services.repos.detected.find(same);
  if (detected) return detected;
  const instanceUrl = active?.instanceUrl ?? services.accounts.accounts[0]?.instanceUrl;
  return instanceUrl ? { instanceUrl, owner, repo, ...(active?.accountId ? { accountId: active.accountId } : {}) } : undefined;
}

/** A repository URL of a signed-in instance (`<instance>owner/repo`, anything after it ignored). */
function repoFromUrl(services: Services, raw: string): RepoRef | undefined {
  for (const account of services.accounts.accounts) {
    if (!raw.toLowerCase().startsWith(account.instanceUrl.toLowerCase())) continue;
    const m = /^([\w.-]{1,100})\/([\w.-]{1,100}?)(?:\.git)?(?:[/?#].*)?$/.exec(raw.slice(account.instanceUrl.length));
    if (m) return { instanceUrl: account.instanceUrl, owner: m[1]!, repo: m[2]!, accountId: account.id };
  }
  return undefined;
}

/** The target for `repo`, or why there is none. */
export async function targetFor(services: Services, repo: RepoRef | undefined): Promise<Target | ToolRefusal> {
  const resolution = await resolveTarget(services, repo);
  switch (resolution.kind) {
    case 'ready':
      return resolution.target;
    case 'signedOut':
      return new ToolRefusal(vscode.l10n.t('Nobody is signed in to Gitea: the user can sign in with the command "Gitea: Sign In".'));
    case 'noRepository':
      return new ToolRefusal(vscode.l10n.t('No Gitea repository is open: name one as owner/name, or the user can pick one with "Gitea: Select Repository".'));
    case 'notSignedInThere':
      return new ToolRefusal(vscode.l10n.t('Nobody is signed in to the instance of {0}/{1}.', resolution.repo.owner, resolution.repo.repo));
  }
}

/** The result for a failure: the client's sentence (it may quote the server) framed as server text. */
export function failureResult(what: string, e: unknown, lead = vscode.l10n.t('Could not read {0}.', what)): vscode.LanguageModelToolResult {
  return textResult(failureText(e, lead));
}

/** failureResult's text: a refusal's sentence, or `lead`, a hint and the client's sentence framed as server text. */
export function failureText(e: unknown, lead: string): string {
  if (e instanceof ToolRefusal) return e.text;
  const hint =
    refusesStoredCredential(e) || (isGiteaError(e) && e.kind === 'scope')
      ? vscode.l10n.t('The signed-in account was refused: the user can sign in again with "Gitea: Sign In".')
      : isGiteaError(e) && e.kind === 'notFound'
        ? vscode.l10n.t('It does not exist, or the signed-in account may not see it.')
        : '';
  return [lead, hint, quoted('error', 'server', messageOf(e), CAPS.comment)].filter(Boolean).join('\n');
}

export interface IssueRef {
  readonly repo: RepoRef | undefined;
  readonly number: number;
}

/** `12`, `#12`, `owner/repo#12` or an issue or pull request URL of a signed-in instance. */
export function issueRefFromInput(services: Services, text: string | number, ownerRepo?: string): IssueRef | ToolRefusal {
  const raw = String(text).trim().slice(0, 500);
  const url = /^https?:\/\//i.test(raw) ? issueFromUrl(services, raw) : undefined;
  if (url) return url;
  // `owner/repo` needs its `#` before the number (`owner/repo12` names nothing).
  const m = /^(?:([\w.-]{1,100}\/[\w.-]{1,100})#|#?)(\d{1,9})$/.exec(raw);
  if (!m || Number(m[2]) < 1) return new ToolRefusal(vscode.l10n.t('"{0}" names no issue: give its number, owner/repo#number or its URL.', raw.slice(0, 200)));
  const repo = repoFromInput(services, m[1] ?? ownerRepo);
  if (repo instanceof ToolRefusal) return repo;
  return { repo, number: Number(m[2]) };
}

function issueFromUrl(services: Services, raw: string): IssueRef | undefined {
  for (const account of services.accounts.accounts) {
    if (!raw.toLowerCase().startsWith(account.instanceUrl.toLowerCase())) continue;
    const m = /^([\w.-]{1,100})\/([\w.-]{1,100})\/(?:issues|pulls)\/(\d{1,9})(?:[/?#].*)?$/.exec(raw.slice(account.instanceUrl.length));
    if (m) return { repo: { instanceUrl: account.instanceUrl, owner: m[1]!, repo: m[2]!, accountId: account.id }, number: Number(m[3]) };
  }
  return undefined;
}

/** The ready target of `repo` (the active repository when undefined); a refusal thrown, so a tool reads straight on. */
export async function readyTarget(services: Services, repo: RepoRef | ToolRefusal | undefined): Promise<Target> {
  if (repo instanceof ToolRefusal) throw repo;
  const target = await targetFor(services, repo);
  if (target instanceof ToolRefusal) throw target;
  return target;
}

/**
 * A tool's invocation around its own logic: the token as an AbortSignal, and a refusal or failure as a result the
 * model reads (`lead` first: by default "Could not read {what}."), never a thrown error.
 */
export async function runTool(
  token: vscode.CancellationToken,
  failure: { readonly what: string } | { readonly lead: string },
  body: (signal: AbortSignal) => Promise<string>,
): Promise<vscode.LanguageModelToolResult> {
  const controller = new AbortController();
  // A tool's requests share the signal: activePullRequest has one per review in flight at once.
  setMaxListeners(64, controller.signal);
  const cancel = token.onCancellationRequested(() => controller.abort());
  try {
    return textResult(await body(controller.signal));
  } catch (e) {
    return 'lead' in failure ? failureResult('', e, failure.lead) : failureResult(failure.what, e);
  } finally {
    cancel.dispose();
  }
}

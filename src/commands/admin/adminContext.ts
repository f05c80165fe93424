// What the admin commands share: which repository or account a command acts on (from its arguments or the
// active repository), pickers for organizations, and how a failure is shown.
import * as vscode from 'vscode';
import type { GiteaClient, Organization } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import type { Account, RepoRef, Services } from '../../core/services';
import { isCancellation } from '../../core/errors';
import { accountForRepo, type Target } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { explainAdminError, type AdminOperation, type ExplainContext } from './explainError';
import { COMMAND } from '../../core/commandIds';
import { messageOf } from '../../shared/errors';
import { inertOptional, inertText } from '../../shared/untrustedText';

/** `{ instanceUrl?, owner, repo }` from command arguments; the active repository's instance when none is given. */
export async function repoTarget(services: Services, arg: unknown): Promise<Target | undefined> {
  const o = typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
  if (typeof o.owner === 'string' && typeof o.repo === 'string') {
    const instanceUrl = typeof o.instanceUrl === 'string' ? o.instanceUrl : services.repos.active?.instanceUrl;
    if (instanceUrl) {
      const ref: RepoRef = {
        instanceUrl,
        owner: o.owner,
        repo: o.repo,
        accountId: typeof o.accountId === 'string' ? o.accountId : undefined,
      };
      return targetOrSignIn(services, ref);
    }
  }
  return targetOrSignIn(services);
}

export interface AccountTarget {
  readonly client: GiteaClient;
  readonly account: Account;
}

/**
 * The account for commands that are not about one repository (organizations, user hooks, migration, feeds):
 * the one named in the arguments, else the active repository's, else the only one, else the user picks.
 */
export async function accountTarget(services: Services, arg?: unknown, silent = false): Promise<AccountTarget | undefined> {
  const o = typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
  const all = services.accounts.accounts;
  let account: Account | undefined;
  if (typeof o.accountId === 'string') account = all.find((a) => a.id === o.accountId);
  const active = services.repos.active;
  account ??= active ? accountForRepo(services.accounts, active) : undefined;
  if (!account && all.length === 1) account = all[0];
  if (!account && all.length > 1 && !silent) {
    const picked = await vscode.window.showQuickPick(
      all.map((a) => ({ label: inertText(a.username), description: inertText(a.instanceUrl), account: a })),
      { title: vscode.l10n.t('Choose the account'), ignoreFocusOut: true },
    );
    account = picked?.account;
    if (!picked) return undefined;
  }
  if (!account) {
    if (!silent) {
      const signIn = vscode.l10n.t('Sign In');
      void vscode.window
        .showWarningMessage(vscode.l10n.t('Sign in to a Gitea or Forgejo instance first.'), signIn)
        .then((c) => (c === signIn ? vscode.commands.executeCommand(COMMAND.signIn) : undefined));
    }
    return undefined;
  }
  return { client: await services.accounts.getClient(account.id), account };
}

/** Pages a picker loads at most (the server caps a page at 50 items). */
export const PICKER_PAGES = 20;

/** The organizations of the signed-in user. */
export async function listMyOrgs(client: GiteaClient, signal?: AbortSignal): Promise<Organization[]> {
  return (await readAllPages((page) => client.orgListCurrentUserOrgs({ page }, { signal }), { maxPages: PICKER_PAGES })).items;
}

/** Lets the user pick one of their organizations; `preset` (from arguments) skips the picker. */
export async function pickOrg(client: GiteaClient, title: string, preset?: unknown): Promise<string | undefined> {
  if (typeof preset === 'string' && preset) return preset;
  const orgs = listMyOrgs(client).then((list) =>
    list.map((o) => ({ label: inertText(o.name), description: inertOptional(o.full_name || undefined), detail: inertOptional(o.description || undefined), name: o.name })),
  );
  const picked = await vscode.window.showQuickPick(orgs, {
    title,
    placeHolder: vscode.l10n.t('Organization'),
    ignoreFocusOut: true,
  });
  return picked?.name;
}

/**
 * Logs and shows a failure, explained for the operation; never shows or logs secrets. Callers that gave the
 * command its data as arguments (other commands, tests) get the explanation as a rejection too.
 */
export function showAdminFailure(
  services: Services,
  op: AdminOperation,
  what: string,
  e: unknown,
  ctx: ExplainContext = {},
  rethrow = false,
): undefined {
  if (isCancellation(e)) return undefined;
  const text = isGiteaError(e)
    ? explainAdminError(op, e, ctx, vscode.l10n.t)
    : explainAdminError(op, { kind: 'unknown', message: messageOf(e) }, ctx, vscode.l10n.t);
  services.log.error(`${what}: ${text}`);
  void vscode.window.showErrorMessage(inertText(`${what}: ${text}`));
  if (rethrow) throw Object.assign(new Error(`${what}: ${text}`), { kind: isGiteaError(e) ? e.kind : 'unknown', status: isGiteaError(e) ? e.status : undefined });
  return undefined;
}

/** Arguments given by a caller (tests, other commands) rather than a tree item or the palette. */
export function argObject(arg: unknown): Record<string, unknown> | undefined {
  return typeof arg === 'object' && arg !== null && !(arg instanceof vscode.Uri) ? (arg as Record<string, unknown>) : undefined;
}

/** `owner/name` of a target, to show (inert). */
export function fullName(target: Target): string {
  return inertText(`${target.repo.owner}/${target.repo.repo}`);
}

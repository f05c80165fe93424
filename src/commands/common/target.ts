// The repository a command acts on, the account that serves it and that account's client.
import * as vscode from 'vscode';
import type { GiteaClient } from '../../api';
import type { Account, RepoRef, Services } from '../../services';

export interface Target {
  readonly client: GiteaClient;
  readonly repo: RepoRef;
  readonly account: Account;
}

/** The account a repository uses: the one it names, else the instance's account. */
export function accountOf(services: Services, repo: Pick<RepoRef, 'instanceUrl' | 'accountId'>): Account | undefined {
  if (repo.accountId) {
    const named = services.accounts.accounts.find((a) => a.id === repo.accountId);
    if (named) return named;
  }
  return services.accounts.accountFor(repo.instanceUrl);
}

/**
 * The target for a repository: signed-in account and client. Shows a message (with a Sign In button) and
 * returns undefined when nobody is signed in to its instance.
 */
export async function targetFor(services: Services, repo: RepoRef): Promise<Target | undefined> {
  const account = accountOf(services, repo);
  if (!account) {
    const signIn = vscode.l10n.t('Sign In');
    void vscode.window
      .showWarningMessage(vscode.l10n.t('Sign in to {0} to use {1}/{2}.', repo.instanceUrl, repo.owner, repo.repo), signIn)
      .then((choice) => (choice === signIn ? vscode.commands.executeCommand('gitea.signIn', { url: repo.instanceUrl }) : undefined));
    return undefined;
  }
  return { client: await services.accounts.getClient(account.id), repo, account };
}

/** The target of the active repository (the views' repository), with the core's own messages when there is none. */
export async function activeTarget(services: Services): Promise<Target | undefined> {
  const active = await services.activeClient();
  return active ? { client: active.client, repo: active.repo, account: active.account } : undefined;
}

/** A repository reference as command arguments carry it (tree items, other commands, tests). */
export function repoRefFrom(value: unknown): RepoRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  if (typeof o.instanceUrl === 'string' && typeof o.owner === 'string' && typeof o.repo === 'string') return o as unknown as RepoRef;
  return undefined;
}

/** `owner` and `repo`, ready to spread into client parameters. */
export function repoParams(repo: RepoRef): { owner: string; repo: string } {
  return { owner: repo.owner, repo: repo.repo };
}

/** The repository's web page (instance URLs end with a slash). */
export function repoWebUrl(repo: RepoRef): string {
  const root = repo.instanceUrl.endsWith('/') ? repo.instanceUrl : `${repo.instanceUrl}/`;
  return `${root}${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}`;
}

/** Runs a command that refreshes another area's view, if that command exists (it may not, e.g. in tests). */
export async function refreshView(command: string): Promise<void> {
  const commands = await vscode.commands.getCommands(true);
  if (commands.includes(command)) await vscode.commands.executeCommand(command);
}

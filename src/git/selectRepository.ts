// "Gitea: Select Repository": one of the repositories detected in the workspace's remotes, or any repository on
// a signed-in instance ("Other repository…", typed as owner/repo or pasted as a URL), cloned or not.
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import { messageOf } from '../shared/errors';
import { COMMAND } from '../core/commandIds';
import type { Account, AccountService, RepoRef } from '../core/services';
import { accountLabel } from '../shared/account';
import { BACK, askPick, askText, type PickItem } from '../core/quickInput';
import { instanceLabel, normalizeInstanceUrl } from '../shared/instanceUrl';
import { resolveRemote } from './remoteParser';
import { refKey } from './remoteRefs';
import type { GitRepositoryContext } from './repositoryContext';
import { inertText } from '../shared/untrustedText';

/** Arguments for automation: `{ owner, repo, instanceUrl? }` selects without asking. */
export interface SelectRepositoryArgs {
  readonly owner: string;
  readonly repo: string;
  readonly instanceUrl?: string;
}

const OTHER = 'other';

export async function selectRepository(repos: GitRepositoryContext, accounts: AccountService, arg?: unknown): Promise<RepoRef | undefined> {
  if (isSelectArgs(arg)) return selectFromArgs(repos, accounts, arg);
  const active = repos.active ? refKey(repos.active) : undefined;
  const items: PickItem<RepoRef | typeof OTHER>[] = repos.allRemotes.map((ref) => {
    const account = ref.accountId ? accounts.accounts.find((a) => a.id === ref.accountId) : undefined;
    const folder = ref.rootUri ? vscode.workspace.getWorkspaceFolder(ref.rootUri)?.name ?? ref.rootUri.path.split('/').pop() : undefined;
    return {
      value: ref,
      label: `$(repo) ${inertText(`${ref.owner}/${ref.repo}`)}`,
      description: inertText([ref.remoteName, folder, refKey(ref) === active ? vscode.l10n.t('active') : undefined].filter(Boolean).join(' · ')),
      detail: `${instanceLabel(ref.instanceUrl)} · ${account ? accountLabel(account) : vscode.l10n.t('not signed in')}`,
    };
  });
  items.push({ value: OTHER, label: `$(globe) ${vscode.l10n.t('Other repository…')}`, description: vscode.l10n.t('owner/repo on a signed-in instance, cloned or not') });
  for (;;) {
    const picked =
      items.length === 1
        ? OTHER
        : await askPick({ title: vscode.l10n.t('Select Gitea Repository'), placeholder: vscode.l10n.t('Repository the Gitea views show'), items, matchOnDescription: true });
    if (picked === undefined || picked === BACK) return undefined;
    if (picked !== OTHER) {
      repos.setActive(picked);
      return picked;
    }
    const other = await pickOther(repos, accounts, items.length > 1);
    if (other === BACK) continue;
    if (other) repos.setActive(other);
    return other;
  }
}

function isSelectArgs(arg: unknown): arg is SelectRepositoryArgs {
  const a = arg as Partial<SelectRepositoryArgs> | undefined;
  return typeof a === 'object' && a !== null && typeof a.owner === 'string' && typeof a.repo === 'string';
}

function selectFromArgs(repos: GitRepositoryContext, accounts: AccountService, arg: SelectRepositoryArgs): RepoRef | undefined {
  const instanceUrl = arg.instanceUrl ? normalizeInstanceUrl(arg.instanceUrl) : undefined;
  const url = instanceUrl?.ok ? instanceUrl.url : accounts.accounts[0]?.instanceUrl;
  if (!url) return undefined;
  const same = (r: RepoRef): boolean => r.instanceUrl === url && r.owner.toLowerCase() === arg.owner.toLowerCase() && r.repo.toLowerCase() === arg.repo.toLowerCase();
  const ref = repos.allRemotes.find(same) ?? { instanceUrl: url, owner: arg.owner, repo: arg.repo, accountId: accounts.accountFor(url)?.id };
  repos.setActive(ref);
  return ref;
}

/** Instance (when signed in to several), then owner/repo checked with GET /repos/{owner}/{repo}. */
async function pickOther(repos: GitRepositoryContext, accounts: AccountService, canGoBack: boolean): Promise<RepoRef | typeof BACK | undefined> {
  const signedIn = accounts.accounts;
  if (!signedIn.length) {
    const signIn = vscode.l10n.t('Sign In');
    if ((await vscode.window.showInformationMessage(vscode.l10n.t('Sign in to a Gitea instance first.'), signIn)) === signIn) await vscode.commands.executeCommand(COMMAND.signIn);
    return undefined;
  }
  let account: Account | undefined = signedIn[0];
  if (signedIn.length > 1) {
    const chosen = await askPick<Account>({
      title: vscode.l10n.t('Other Repository'),
      placeholder: vscode.l10n.t('Account to open it with'),
      back: canGoBack,
      items: signedIn.map((a) => ({ value: a, label: `$(account) ${accountLabel(a)}` })),
      active: repos.active ? accounts.accountFor(repos.active.instanceUrl) : undefined,
    });
    if (chosen === BACK || chosen === undefined) return chosen;
    account = chosen;
  }
  const target = account!;
  let result: RepoRef | undefined;
  const typed = await askText({
    title: vscode.l10n.t('Other Repository'),
    step: 1,
    totalSteps: 1,
    prompt: vscode.l10n.t('owner/repo on {0}, or the address of the repository', instanceLabel(target.instanceUrl)),
    placeholder: 'owner/repo',
    back: canGoBack,
    validate: (v) => (parseOwnerRepo(v, target.instanceUrl) ? undefined : vscode.l10n.t('Type owner/repo, e.g. alice/demo.')),
    accept: async (value) => {
      const { owner, repo } = parseOwnerRepo(value, target.instanceUrl)!;
      try {
        const client = await accounts.getClient(target.id);
        const found = await client.repoGet({ owner, repo });
        result = { instanceUrl: target.instanceUrl, owner: found.owner?.login ?? owner, repo: found.name ?? repo, accountId: target.id };
        return undefined;
      } catch (e) {
        if (isGiteaError(e) && e.kind === 'notFound') return inertText(vscode.l10n.t('{0}/{1} does not exist on {2}, or {3} cannot see it.', owner, repo, instanceLabel(target.instanceUrl), target.username));
        return messageOf(e);
      }
    },
  });
  if (typed === BACK) return BACK;
  return typed === undefined ? undefined : result;
}

/** `owner/repo`, or a pasted web/clone URL of a repository on the instance. */
export function parseOwnerRepo(value: string, instanceUrl: string): { owner: string; repo: string } | undefined {
  const text = value.trim();
  const plain = /^([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(text);
  if (plain) return { owner: plain[1]!, repo: plain[2]! };
  const match = resolveRemote(text, [{ url: instanceUrl }]);
  return match ? { owner: match.owner, repo: match.repo } : undefined;
}

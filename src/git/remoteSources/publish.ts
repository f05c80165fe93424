// Publish to Gitea (Publish Branch on a repository without remotes): the questions (publishSteps.ts), then the
// repository is created on the server, added as `origin` (only once it exists), the branch pushed with its upstream
// set, and it becomes the sidebar's repository. A push that fails leaves the repository and the remote in place and
// says so, with Retry Push: nothing is removed behind the user's back, and nothing is left unsaid.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { GiteaClient, Repository } from '../../api';
import { repoCloneUrl } from '../../core/cloneUrl';
import { COMMAND } from '../../core/commandIds';
import { showFailure } from '../../core/errors';
import { openServerUrl } from '../../core/openExternal';
import { BACK } from '../../core/quickInput';
import type { Services } from '../../core/services';
import type { Account } from '../../shared/account';
import { messageOf } from '../../shared/errors';
import { inertText } from '../../shared/untrustedText';
import { repoNameFromFolder } from '../../shared/validation';
import type { GitRepository } from '../gitApi';
import { askAccount, askNameAndCreate, askOwner, askVisibility, creatableOrganisations, type Owner, type StepFrame } from './publishSteps';

const t = vscode.l10n.t;
const REMOTE = 'origin';

/** What a publication ended in (the in-host tests read it from the log and the repository). */
export type PublishOutcome = 'published' | 'pushFailed' | 'nothingToPush' | 'dismissed' | 'notPossible';

interface Choices {
  account: Account;
  client: GiteaClient;
  organisations: string[];
}

async function loadChoices(services: Services, account: Account): Promise<Choices | undefined> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('Reading the organizations of {0}…', inertText(account.username)), cancellable: true },
    async (_progress, token) => {
      const abort = new AbortController();
      const cancelled = token.onCancellationRequested(() => abort.abort());
      const client = await services.accounts.getClient(account.id);
      try {
        return { account, client, organisations: await creatableOrganisations(services, client, account, abort.signal) };
      } catch (e) {
        if (token.isCancellationRequested) return undefined;
        // The user's own account stays a choice: the organisations are a convenience.
        services.log.warn(`Publish to Gitea: the organizations of ${account.username} could not be read: ${messageOf(e)}`);
        return { account, client, organisations: [] };
      } finally {
        cancelled.dispose();
      }
    },
  );
}

/** Asks until a repository is created, or the user leaves. */
async function createOnServer(services: Services, accounts: readonly Account[], folderName: string): Promise<{ choices: Choices; repo: Repository } | undefined> {
  const title = t('Publish to Gitea');
  const typed = { value: repoNameFromFolder(folderName) };
  let account = accounts[0]!;
  let choices: Choices | undefined;
  let owner: Owner | undefined;
  let isPrivate: boolean | undefined;
  let step: 'account' | 'owner' | 'visibility' | 'name' = accounts.length > 1 ? 'account' : 'owner';
  for (;;) {
    const withAccount = accounts.length > 1 ? 1 : 0;
    const withOwner = choices && choices.organisations.length > 0 ? 1 : 0;
    const totalSteps = withAccount + withOwner + 2;
    const frame = (index: number): StepFrame => ({ title, step: index, totalSteps, back: index > 1 });
    if (step === 'account') {
      const picked = await askAccount(accounts, frame(1));
      if (picked === undefined || picked === BACK) return undefined;
      if (account.id !== picked.id) [choices, owner] = [undefined, undefined];
      account = picked;
      step = 'owner';
      continue;
    }
    choices ??= await loadChoices(services, account);
    if (!choices) return undefined;
    if (step === 'owner') {
      if (choices.organisations.length === 0) {
        owner = { name: choices.account.username, kind: 'user' };
        step = 'visibility';
        continue;
      }
      const picked = await askOwner(choices.account, choices.organisations, frame(withAccount + 1), owner);
      if (picked === undefined) return undefined;
      if (picked === BACK) {
        step = 'account';
        continue;
      }
      owner = picked;
      step = 'visibility';
      continue;
    }
    const current = owner ?? { name: choices.account.username, kind: 'user' as const };
    if (step === 'visibility') {
      const picked = await askVisibility(frame(withAccount + withOwner + 1), isPrivate);
      if (picked === undefined) return undefined;
      if (picked === BACK) {
        if (!withOwner && !withAccount) return undefined;
        step = withOwner ? 'owner' : 'account';
        continue;
      }
      isPrivate = picked;
      step = 'name';
      continue;
    }
    const repo = await askNameAndCreate(choices.client, current, isPrivate ?? true, frame(totalSteps), typed);
    if (repo === undefined) return undefined;
    if (repo === BACK) {
      step = 'visibility';
      continue;
    }
    return { choices, repo };
  }
}

async function push(services: Services, repository: GitRepository, branch: string, fullName: string): Promise<boolean> {
  for (;;) {
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: t('Pushing {0} to {1}…', inertText(branch), inertText(fullName)) }, () =>
        repository.push(REMOTE, branch, true),
      );
      return true;
    } catch (e) {
      services.log.warn(`Publish to Gitea: pushing ${branch} to ${fullName} failed: ${messageOf(e)}`);
      const retry = t('Retry Push');
      const answer = await vscode.window.showErrorMessage(
        inertText(t('{0} was created on Gitea and added as the remote "{1}", but pushing {2} failed: {3}', fullName, REMOTE, branch, messageOf(e))),
        retry,
      );
      if (answer !== retry) return false;
    }
  }
}

/** How long the sidebar waits, at most, for the server to have processed the first push. */
export const PUSH_PROCESSED_WAIT_MS = 10_000;

/**
 * Gitea processes a push in the background: until then the new repository still counts as empty (its branches list
 * is empty, its pull requests answer 404), as seen on a real 1.26.3 a second after the push. Waits, bounded, until
 * it no longer does, so that the sidebar shows what was pushed.
 */
async function pushProcessed(services: Services, client: GiteaClient, owner: string, name: string): Promise<void> {
  const until = Date.now() + PUSH_PROCESSED_WAIT_MS;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1_000)) {
    try {
      if ((await client.repoGet({ owner, repo: name })).empty !== true) return;
    } catch (e) {
      services.log.info(`Publish to Gitea: could not read ${owner}/${name} after the push: ${messageOf(e)}`);
      return;
    }
    if (Date.now() + delay > until) {
      services.log.info(`Publish to Gitea: ${owner}/${name} still counts as empty ${PUSH_PROCESSED_WAIT_MS / 1000} s after the push.`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

export async function publishToGitea(services: Services, repository: GitRepository): Promise<PublishOutcome> {
  if (repository.state.remotes.length > 0) {
    void vscode.window.showWarningMessage(t('This repository has a remote already: Publish to Gitea is for a folder without one.'));
    return 'notPossible';
  }
  const accounts = services.accounts.accounts.filter((a) => !services.accounts.needsSignIn(a.id));
  if (accounts.length === 0) {
    const signIn = t('Sign In');
    const answer = await vscode.window.showInformationMessage(t('Sign in to a Gitea instance to publish to it.'), signIn);
    if (answer === signIn) await vscode.commands.executeCommand(COMMAND.signIn);
    return 'notPossible';
  }
  const created = await createOnServer(services, accounts, basename(repository.rootUri.fsPath));
  if (!created) return 'dismissed';
  const { choices, repo } = created;
  const { account } = choices;
  const fullName = repo.full_name;
  const url = repoCloneUrl(repo);
  if (!url) {
    showFailure(services, t('Publish to Gitea'), new Error(t('{0} was created, but the server gave no URL git can push to: add the remote by hand.', fullName)));
    return 'notPossible';
  }
  services.log.info(`Publish to Gitea: created ${fullName}; adding it as ${REMOTE}.`);
  await repository.addRemote(REMOTE, url);
  const owner = repo.owner?.login ?? fullName.split('/')[0]!;
  const select = (): void => {
    services.repos.setActive({ instanceUrl: account.instanceUrl, owner, repo: repo.name, rootUri: repository.rootUri, remoteName: REMOTE, accountId: account.id });
    void vscode.commands.executeCommand('workbench.view.extension.gitea');
  };
  const head = repository.state.HEAD;
  if (!head?.name || !head.commit) {
    select();
    void vscode.window.showInformationMessage(inertText(t('{0} was created on Gitea and added as the remote "{1}". Commit, then push to fill it.', fullName, REMOTE)));
    return 'nothingToPush';
  }
  const pushed = await push(services, repository, head.name, fullName);
  if (pushed) await pushProcessed(services, choices.client, owner, repo.name);
  select();
  // The views may have read the repository while it was empty (git's remote was added before the push).
  services.views.refresh('branches', 'pullRequests', 'issues', 'releases', 'ciJobs');
  if (!pushed) return 'pushFailed';
  services.log.info(`Publish to Gitea: pushed ${head.name} to ${fullName}.`);
  const open = t('Open on Gitea');
  void vscode.window.showInformationMessage(inertText(t('Published {0} to {1}.', head.name, fullName)), open).then((a) => (a === open ? openServerUrl(repo.html_url, account.instanceUrl) : undefined));
  return 'published';
}

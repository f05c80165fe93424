// "Gitea: Push Branch to Your Fork…": for a clone whose Gitea repository the user may not write to (the push error
// handler of git/pushErrorHandler.ts runs it when git's push was refused), after asking: the user's fork (an
// existing one, else a new one), the branch pushed there with it as the upstream, then Create Pull Request against
// the original. Resolves with what it did, undefined when it did nothing (the handler then leaves git's error).
import * as vscode from 'vscode';
import { COMMAND } from '../../core/commandIds';
import { isCancellation, showFailure, signalOf } from '../../core/errors';
import type { RepoRef, Services } from '../../core/services';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { GitUnavailableError } from '../../git/gitProcess';
import { clonedRepository } from '../../git/gitRepositories';
import { refNameProblem } from '../../shared/refName';
import { inertText } from '../../shared/untrustedText';
import { existingFork, forkRemoteName, forkUrl, remoteOfFork } from './forkRemote';

export interface PushToForkResult {
  /** `owner/name` of the fork. */
  readonly fork: string;
  readonly created: boolean;
  readonly remote: string;
  readonly branch: string;
  /** What Create Pull Request resolved with (its form's draft). */
  readonly pullRequest?: unknown;
}

interface PushToForkArgs {
  /** The clone's root and the remote's repository (all four, or none: the active repository). */
  readonly rootUri?: string;
  readonly instanceUrl?: string;
  readonly owner?: string;
  readonly repo?: string;
  readonly remote?: string;
  readonly branch?: string;
  /** Set by the push error handler: the server refused the push. */
  readonly refused?: boolean;
}

function argsOf(value: unknown): PushToForkArgs {
  if (typeof value !== 'object' || value === null) return {};
  const o = value as Record<string, unknown>;
  const text = (k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
  return {
    rootUri: text('rootUri'),
    instanceUrl: text('instanceUrl'),
    owner: text('owner'),
    repo: text('repo'),
    remote: text('remote'),
    branch: text('branch'),
    refused: o.refused === true,
  };
}

/** The clone and remote: those named, else the active repository's. */
function cloneOf(services: Services, args: PushToForkArgs): RepoRef | undefined {
  if (args.rootUri && args.instanceUrl && args.owner && args.repo && args.remote) {
    const { instanceUrl, owner, repo, remote } = args;
    const accountId = services.accounts.accountFor(instanceUrl)?.id;
    return { instanceUrl, owner, repo, rootUri: vscode.Uri.parse(args.rootUri, true), remoteName: remote, accountId };
  }
  const active = services.repos.active;
  return active?.rootUri ? active : services.repos.detected.find((r) => r.rootUri);
}

async function pushToFork(services: Services, arg: unknown): Promise<PushToForkResult | undefined> {
  const args = argsOf(arg);
  const clone = cloneOf(services, args);
  if (!clone?.rootUri) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Open a clone of a Gitea repository to push its branch to your fork.'));
    return undefined;
  }
  let cloned;
  try {
    cloned = await clonedRepository(clone.rootUri);
  } catch (e) {
    if (!(e instanceof GitUnavailableError)) throw e;
    void vscode.window.showWarningMessage(inertText(e.message));
    return undefined;
  }
  const repository = cloned?.repository;
  const branch = args.branch ?? repository?.state.HEAD?.name;
  if (!repository || !branch || refNameProblem(branch)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Check out a branch to push it to your fork.'));
    return undefined;
  }
  const original = repository.state.remotes.find((r) => r.name === (args.remote ?? clone.remoteName));
  const target = original && (await targetOrSignIn(services, clone));
  if (!original || !target) return undefined;
  const { client, account } = target;
  const me = account.username;
  const fullName = `${clone.owner}/${clone.repo}`;
  // Two progress notifications, none while the question is open: the reading, then (after the yes) the work.
  const inProgress = <T>(work: (progress: vscode.Progress<{ message?: string }>, signal: AbortSignal | undefined) => Promise<T>): Thenable<T> =>
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Gitea: Push to Your Fork'), cancellable: true }, (progress, token) =>
      work(progress, signalOf(token)),
    );
  try {
    const read = await inProgress(async (progress, signal) => {
      progress.report({ message: inertText(vscode.l10n.t('Reading {0}…', fullName)) });
      const parent = await client.repoGet({ owner: clone.owner, repo: clone.repo }, { signal });
      if (parent.permissions?.push) return { parent, known: undefined, mayPush: true };
      const known = parent.owner?.login?.toLowerCase() === me.toLowerCase() ? undefined : await existingFork(client, me, parent, signal);
      return { parent, known, mayPush: false };
    });
    const { parent, known } = read;
    if (read.mayPush) {
      // Not a permission problem: git's own error stands (from the handler); from the palette, say so.
      if (!args.refused) void vscode.window.showInformationMessage(inertText(vscode.l10n.t('You may push to {0}: push the branch there.', parent.full_name)));
      return undefined;
    }
    const button = known ? inertText(vscode.l10n.t('Push to {0}', known.full_name)) : vscode.l10n.t('Fork and Push');
    const answer = await vscode.window.showWarningMessage(
      inertText(args.refused ? vscode.l10n.t('You may not push to {0}.', parent.full_name) : vscode.l10n.t('Push {0} to your fork of {1}?', branch, parent.full_name)),
      {
        modal: true,
        detail: inertText(
          known
            ? vscode.l10n.t('Push the branch {0} to your fork {1}, make it the branch\'s upstream, and open a pull request against {2}.', branch, known.full_name, parent.full_name)
            : vscode.l10n.t('Fork {0} as {1}, push the branch {2} there, make it the branch\'s upstream, and open a pull request against {0}.', parent.full_name, me, branch),
        ),
      },
      button,
    );
    if (answer !== button) return undefined;
    return await inProgress(async (progress, signal) => {
      if (!known) progress.report({ message: inertText(vscode.l10n.t('Forking {0}…', parent.full_name)) });
      const fork = known ?? (await client.createFork({ owner: clone.owner, repo: clone.repo, body: {} }, { signal }));
      let remote = remoteOfFork(repository.state.remotes, fork, clone.instanceUrl)?.name;
      if (!remote) {
        const url = forkUrl(fork, original, clone.instanceUrl);
        const name = forkRemoteName(me, repository.state.remotes);
        if (!url || !name) throw new Error(vscode.l10n.t('The server gave no usable address for the fork {0}.', fork.full_name));
        await repository.addRemote(name, url);
        remote = name;
      }
      progress.report({ message: inertText(vscode.l10n.t('Pushing {0} to {1}…', branch, fork.full_name)) });
      await repository.push(remote, branch, true);
      services.views.refresh('branches', 'branchStatus');
      const forkClone: RepoRef = { ...clone, owner: fork.owner?.login ?? me, repo: fork.name, remoteName: remote };
      const pullRequest = await vscode.commands.executeCommand<unknown>(COMMAND.createPullRequest, { repo: forkClone, branch });
      return { fork: fork.full_name, created: !known, remote, branch, pullRequest };
    });
  } catch (e) {
    if (!isCancellation(e)) showFailure(services, vscode.l10n.t('Could not push {0} to your fork of {1}', branch, fullName), e);
    return undefined;
  }
}

export function registerPushToFork(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(COMMAND.pushToFork, (arg?: unknown) => pushToFork(services, arg));
}

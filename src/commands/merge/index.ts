// "Gitea: Merge Pull Request…" (the palette asks which pull request; a Pull Requests row, the pull request page and
// scripts pass `{ repo, index }`). Resolves to its result (the in-host tests read it); failures are shown.
import * as vscode from 'vscode';
import { COMMAND } from '../../core/commandIds';
import { isCancellation, messageOf, showFailure } from '../../core/errors';
import { pullRequestArg } from '../../core/pullRequestArg';
import { askPullRequest } from '../../core/pullRequestPick';
import { checkedOutPullRequest } from '../../git/gitRepositories';
import type { Services } from '../../core/services';
import { mergePullRequest, type MergeResult } from './mergePullRequest';

export function registerMerge(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(COMMAND.mergePullRequest, async (arg?: unknown): Promise<MergeResult> => {
    const ref =
      pullRequestArg(arg, services.repos.active) ??
      // Run from the palette on a pull request's branch: that pull request.
      (arg === undefined ? await checkedOutPullRequest(services) : undefined) ??
      (await askPullRequest(services, (owner, repo) => vscode.l10n.t('Merge a Pull Request of {0}/{1}', owner, repo)));
    if (!ref) return { kind: 'cancelled' };
    try {
      return await mergePullRequest(services, ref);
    } catch (e) {
      if (isCancellation(e)) return { kind: 'cancelled' };
      showFailure(services, vscode.l10n.t('Could not merge pull request #{0}', ref.index), e);
      return { kind: 'refused', message: messageOf(e) };
    }
  });
}

// "Gitea: Check Out Pull Request…" (the palette asks which; a Pull Requests row, the pull request page and scripts
// pass `{ repo, index }`) and "Gitea: Back to Default Branch". Both resolve to their result (the in-host tests
// read it); failures are shown and logged.
import * as vscode from 'vscode';
import { COMMAND } from '../../core/commandIds';
import { isCancellation, showFailure } from '../../core/errors';
import { pullRequestArg } from '../../core/pullRequestArg';
import { askPullRequest } from '../../core/pullRequestPick';
import type { Services } from '../../core/services';
import { backToDefaultBranch, type BackResult } from './backToDefaultBranch';
import { checkoutPullRequest, gitMessage, type CheckoutResult } from './checkoutPullRequest';

export function registerCheckout(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMAND.checkoutPullRequest, async (arg?: unknown): Promise<CheckoutResult> => {
      const ref = pullRequestArg(arg, services.repos.active) ?? (await askPullRequest(services, (owner, repo) => vscode.l10n.t('Check Out Pull Request of {0}/{1}', owner, repo)));
      if (!ref) return { kind: 'cancelled' };
      try {
        return await checkoutPullRequest(services, ref);
      } catch (e) {
        if (isCancellation(e)) return { kind: 'cancelled' };
        const message = gitMessage(e);
        showFailure(services, vscode.l10n.t('Could not check out pull request #{0}', ref.index), new Error(message));
        return { kind: 'failed', message };
      }
    }),
    vscode.commands.registerCommand(COMMAND.backToDefaultBranch, async (arg?: unknown): Promise<BackResult> => {
      try {
        return await backToDefaultBranch(services, arg);
      } catch (e) {
        if (isCancellation(e)) return { kind: 'cancelled' };
        const message = gitMessage(e);
        showFailure(services, vscode.l10n.t('Could not switch to the default branch'), new Error(message));
        return { kind: 'failed', message };
      }
    }),
  );
}

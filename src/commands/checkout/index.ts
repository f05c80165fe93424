// "Gitea: Check Out Pull Request…" (the palette asks which; a Pull Requests row, the pull request page and scripts
// pass `{ repo, index }`) and "Gitea: Back to Default Branch". Both resolve to their result (the in-host tests
// read it); failures are shown and logged.
import * as vscode from 'vscode';
import type { PullRequest } from '../../api';
import { COMMAND } from '../../core/commandIds';
import { isCancellation, messageOf, showFailure } from '../../core/errors';
import { pullRequestArg, type PullRequestRef } from '../../core/pullRequestArg';
import type { Services } from '../../core/services';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { backToDefaultBranch, type BackResult } from './backToDefaultBranch';
import { checkoutPullRequest, gitMessage, type CheckoutResult } from './checkoutPullRequest';

interface PullPick extends vscode.QuickPickItem {
  readonly index: number;
}

/** Asks which open pull request of the active repository (or a typed number). */
async function pickPullRequest(services: Services): Promise<PullRequestRef | undefined> {
  const target = await targetOrSignIn(services);
  if (!target) return undefined;
  const quickPick = vscode.window.createQuickPick<PullPick>();
  quickPick.title = vscode.l10n.t('Check Out Pull Request of {0}/{1}', target.repo.owner, target.repo.repo);
  quickPick.placeholder = vscode.l10n.t('Pick an open pull request, or type its number');
  quickPick.matchOnDescription = true;
  quickPick.busy = true;
  let open: PullPick[] = [];
  const showItems = (): void => {
    const typed = /^#?(\d+)$/.exec(quickPick.value.trim());
    const number = typed ? Number(typed[1]) : undefined;
    const typedItem: PullPick[] =
      number && Number.isSafeInteger(number) && !open.some((p) => p.index === number)
        ? [{ label: `$(arrow-right) ${vscode.l10n.t('Check out #{0}', number)}`, alwaysShow: true, index: number }]
        : [];
    quickPick.items = [...typedItem, ...open];
  };
  const loading = new AbortController();
  target.client
    .repoListPullRequests({ owner: target.repo.owner, repo: target.repo.repo, state: 'open', page: 1 }, { signal: loading.signal })
    .then(
      (page) => {
        open = page.items.map((pr: PullRequest) => ({
          label: `$(git-pull-request) #${pr.number} ${pr.title}`,
          description: pr.head?.ref && pr.base?.ref ? `${pr.head.ref} → ${pr.base.ref}` : undefined,
          detail: pr.user?.login,
          index: pr.number,
        }));
        showItems();
      },
      (e: unknown) => {
        if (!loading.signal.aborted) quickPick.placeholder = vscode.l10n.t('Could not list the open pull requests ({0}); type a number', messageOf(e));
      },
    )
    .finally(() => (quickPick.busy = false));
  const index = await new Promise<number | undefined>((resolve) => {
    quickPick.onDidAccept(() => {
      const item = quickPick.selectedItems[0] ?? quickPick.activeItems[0];
      if (item) resolve(item.index);
    });
    quickPick.onDidChangeValue(showItems);
    quickPick.onDidHide(() => resolve(undefined));
    quickPick.show();
  });
  loading.abort();
  quickPick.dispose();
  return index === undefined ? undefined : { repo: target.repo, index };
}

export function registerCheckout(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMAND.checkoutPullRequest, async (arg?: unknown): Promise<CheckoutResult> => {
      const ref = pullRequestArg(arg, services.repos.active) ?? (await pickPullRequest(services));
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

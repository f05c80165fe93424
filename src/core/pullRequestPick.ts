// "Which pull request?" for the pull request commands run from the palette: the open (or, for Changed Files, the
// recently updated) pull requests of the active repository, loaded while the pick is open, or a number typed as
// `12` or `#12`.
import * as vscode from 'vscode';
import type { PullRequest } from '../api';
import { messageOf } from '../shared/errors';
import type { PullRequestRef } from './pullRequestArg';
import type { Services } from './services';
import { targetOrSignIn } from './targetOrSignIn';
import { inertOptional, inertText } from '../shared/untrustedText';

interface PullPick extends vscode.QuickPickItem {
  readonly index: number;
}

/** Asks for a pull request of the active repository (`state: 'all'`: also closed and merged ones, recently updated
 * first); undefined when dismissed (or no target). */
export async function askPullRequest(
  services: Services,
  title: (owner: string, repo: string) => string,
  { state = 'open' }: { state?: 'open' | 'all' } = {},
): Promise<PullRequestRef | undefined> {
  const target = await targetOrSignIn(services);
  if (!target) return undefined;
  const pick = vscode.window.createQuickPick<PullPick>();
  pick.title = title(target.repo.owner, target.repo.repo);
  pick.placeholder = state === 'open' ? vscode.l10n.t('Pick an open pull request, or type its number') : vscode.l10n.t('Pick a pull request or type its number');
  pick.matchOnDescription = true;
  pick.ignoreFocusOut = true;
  pick.busy = true;
  let open: PullPick[] = [];
  const show = (): void => {
    const typed = /^#?(\d+)$/.exec(pick.value.trim());
    const number = typed ? Number(typed[1]) : undefined;
    const typedItem: PullPick[] =
      number && Number.isSafeInteger(number) && !open.some((p) => p.index === number)
        ? [{ label: `$(arrow-right) #${number}`, description: vscode.l10n.t('(as typed)'), alwaysShow: true, index: number }]
        : [];
    pick.items = [...typedItem, ...open];
  };
  const loading = new AbortController();
  target.client
    .repoListPullRequests(
      { owner: target.repo.owner, repo: target.repo.repo, state, ...(state === 'all' ? { sort: 'recentupdate' as const, limit: 50 } : {}), page: 1 },
      { signal: loading.signal },
    )
    .then(
      (page) => {
        open = page.items.map((pr: PullRequest) => ({
          label: `$(git-pull-request) #${pr.number} ${inertText(pr.title)}`,
          description: inertOptional(
            [state === 'all' ? (pr.merged ? vscode.l10n.t('merged') : pr.state) : undefined, pr.head?.ref && pr.base?.ref ? `${pr.head.ref} → ${pr.base.ref}` : undefined]
              .filter(Boolean)
              .join(' · ') || undefined,
          ),
          detail: inertOptional(pr.user?.login),
          index: pr.number,
        }));
        show();
      },
      (e: unknown) => {
        if (loading.signal.aborted) return;
        pick.placeholder =
          state === 'open'
            ? vscode.l10n.t('Could not list the open pull requests ({0}); type a number', messageOf(e))
            : vscode.l10n.t('Could not list the pull requests ({0}); type a number', messageOf(e));
      },
    )
    .finally(() => (pick.busy = false));
  const index = await new Promise<number | undefined>((resolve) => {
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0] ?? pick.activeItems[0];
      if (item) resolve(item.index);
    });
    pick.onDidChangeValue(show);
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  loading.abort();
  pick.dispose();
  return index === undefined ? undefined : { repo: target.repo, index };
}

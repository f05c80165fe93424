// "Which issue?" for the issue commands run from the palette (Start Working on Issue, the time-tracking commands):
// the open issues of the target's repository, loaded while the pick is open, or a number typed as `12` or `#12`. An
// issue the caller knows of (the one the checked-out branch was started from) can be put first, where Enter takes it.
import * as vscode from 'vscode';
import type { Issue } from '../api';
import { messageOf } from '../shared/errors';
import { inertText } from '../shared/untrustedText';
import type { Target } from './target';

export interface OpenIssuePick {
  /** The pick's title (what for); made inert here. */
  readonly title: string;
  /** An issue to put first and mark with `firstNote`; resolves with the list or after it. */
  readonly first?: Promise<number | undefined>;
  readonly firstNote?: string;
  /** The description of an issue's row (its labels, say), already inert. */
  readonly describe?: (issue: Issue) => string | undefined;
}

interface IssueItem extends vscode.QuickPickItem {
  readonly number: number;
}

/** The number typed as `12` or `#12`, when it is one an issue can have. */
function typedNumber(value: string): number | undefined {
  const typed = /^#?(\d{1,15})$/.exec(value.trim());
  const n = typed ? Number(typed[1]) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Asks for an open issue of the target's repository, or a typed number; undefined when dismissed. */
export async function askOpenIssue(target: Target, o: OpenIssuePick): Promise<number | undefined> {
  const pick = vscode.window.createQuickPick<IssueItem>();
  pick.title = inertText(o.title);
  pick.placeholder = vscode.l10n.t('Pick an open issue, or type its number');
  pick.matchOnDescription = true;
  pick.ignoreFocusOut = true;
  pick.busy = true;
  let open: IssueItem[] = [];
  let first: number | undefined;
  const show = (): void => {
    const n = typedNumber(pick.value);
    const typedItem = n && !open.some((i) => i.number === n) ? [{ label: `$(arrow-right) #${n}`, description: vscode.l10n.t('(as typed)'), alwaysShow: true, number: n }] : [];
    const firstItem = first !== undefined && !open.some((i) => i.number === first) ? [{ label: `$(git-branch) #${first}`, description: o.firstNote, number: first }] : [];
    pick.items = [...typedItem, ...firstItem, ...open];
  };
  const loading = new AbortController();
  const params = { owner: target.repo.owner, repo: target.repo.repo };
  void Promise.all([
    // expected: an issue the caller could not find is no first issue; the list still shows.
    (o.first ?? Promise.resolve(undefined)).catch(() => undefined),
    target.client.issueListIssues({ ...params, state: 'open', type: 'issues', page: 1 }, { signal: loading.signal }).then(
      (page) => page.items,
      (e: unknown) => {
        if (!loading.signal.aborted) pick.placeholder = inertText(vscode.l10n.t('Could not list the open issues ({0}); type a number', messageOf(e)));
        return [] as Issue[];
      },
    ),
  ]).then(([known, issues]) => {
    first = known;
    const ordered = known === undefined ? issues : [...issues.filter((i) => i.number === known), ...issues.filter((i) => i.number !== known)];
    open = ordered.map((i) => ({
      label: `$(issues) #${i.number} ${inertText(i.title)}`,
      description: i.number === known ? o.firstNote : o.describe?.(i),
      number: i.number,
    }));
    pick.busy = false;
    show();
  });
  pick.onDidChangeValue(show);
  const chosen = await new Promise<IssueItem | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0] ?? pick.activeItems[0]));
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  loading.abort();
  pick.dispose();
  return chosen?.number;
}

// Which issue a time-tracking command acts on: the one its argument names (`{ repo?, number | index }`, an Issues
// row whose data is the issue, the status item's stopwatch), else the user picks one of the active repository's
// open issues or types its number; the issue the checked-out branch was started from (Start Working on Issue,
// `branch.<name>.gitea-issue`) comes first, chosen by Enter.
import * as vscode from 'vscode';
import type { Issue } from '../api';
import { messageOf } from '../core/errors';
import type { RepoRef } from '../core/services';
import { repoRefFrom, type Target } from '../core/target';
import { clonedRepository } from '../git/gitRepositories';
import { ISSUE_CONFIG_VARIABLE, parseIssueKey } from '../git/issueBranch';
import { branchConfigKey } from '../git/pullRequestBranch';
import { inertText } from '../shared/untrustedText';

export interface IssueChoice {
  readonly repo?: RepoRef;
  readonly number: number;
}

/** `{ repo?, number | index }`, or a tree row (its data); undefined for anything else. */
export function issueChoiceFrom(arg: unknown, active: RepoRef | undefined): IssueChoice | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  const number = typeof o.number === 'number' ? o.number : typeof o.index === 'number' ? o.index : undefined;
  if (number !== undefined && Number.isSafeInteger(number) && number > 0) {
    const named = repoRefFrom(o.repo);
    // An issue of a list (Issue JSON) names its repository; the list is of the active repository's instance.
    const meta = o.repository as { owner?: unknown; name?: unknown } | undefined;
    const fromMeta = !named && active && typeof meta?.owner === 'string' && typeof meta.name === 'string' ? { ...active, owner: meta.owner, repo: meta.name } : undefined;
    return { repo: named ?? fromMeta, number };
  }
  const data = (o.options as { data?: unknown } | undefined)?.data ?? o.data;
  return data !== undefined && data !== arg ? issueChoiceFrom(data, active) : undefined;
}

/** The issue the checked-out branch of the target's clone was started from, when it is of the target's repository. */
async function branchIssue(target: Target): Promise<number | undefined> {
  const root = target.repo.rootUri;
  if (!root) return undefined;
  try {
    const repository = (await clonedRepository(root))?.repository;
    const branch = repository?.state.HEAD?.name;
    if (!repository || !branch) return undefined;
    const key = parseIssueKey(await repository.getConfig(branchConfigKey(branch, ISSUE_CONFIG_VARIABLE)));
    const same = key && key.owner.toLowerCase() === target.repo.owner.toLowerCase() && key.repo.toLowerCase() === target.repo.repo.toLowerCase();
    return same ? key.index : undefined;
  } catch {
    // expected: no git, or `git config --get` fails for a branch started from no issue
    return undefined;
  }
}

interface IssuePick extends vscode.QuickPickItem {
  readonly number: number;
}

/** Asks which issue of the target's repository (`title`: what for). */
export async function pickIssue(target: Target, title: string): Promise<IssueChoice | undefined> {
  const pick = vscode.window.createQuickPick<IssuePick>();
  pick.title = inertText(title);
  pick.placeholder = vscode.l10n.t('Pick an open issue, or type its number');
  pick.ignoreFocusOut = true;
  pick.busy = true;
  let open: IssuePick[] = [];
  let current: number | undefined;
  const show = (): void => {
    const typed = /^#?(\d{1,9})$/.exec(pick.value.trim());
    const n = typed ? Number(typed[1]) : undefined;
    const typedItem = n && !open.some((i) => i.number === n) ? [{ label: `$(arrow-right) #${n}`, description: vscode.l10n.t('(as typed)'), alwaysShow: true, number: n }] : [];
    const branchItem = current !== undefined && !open.some((i) => i.number === current) ? [{ label: `$(git-branch) #${current}`, description: vscode.l10n.t('(current branch)'), number: current }] : [];
    pick.items = [...typedItem, ...branchItem, ...open];
  };
  const loading = new AbortController();
  const params = { owner: target.repo.owner, repo: target.repo.repo };
  void Promise.all([
    branchIssue(target),
    target.client.issueListIssues({ ...params, state: 'open', type: 'issues', page: 1 }, { signal: loading.signal }).then(
      (page) => page.items,
      (e: unknown) => {
        if (!loading.signal.aborted) pick.placeholder = inertText(vscode.l10n.t('Could not list the open issues ({0}); type a number', messageOf(e)));
        return [] as Issue[];
      },
    ),
  ]).then(([branch, issues]) => {
    current = branch;
    // The branch's issue first: Enter takes it.
    const ordered = branch === undefined ? issues : [...issues.filter((i) => i.number === branch), ...issues.filter((i) => i.number !== branch)];
    open = ordered.map((i) => ({
      label: `$(issues) #${i.number} ${inertText(i.title)}`,
      description: i.number === branch ? vscode.l10n.t('(current branch)') : undefined,
      number: i.number,
    }));
    pick.busy = false;
    show();
  });
  pick.onDidChangeValue(show);
  const chosen = await new Promise<IssuePick | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0] ?? pick.activeItems[0]));
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  loading.abort();
  pick.dispose();
  return chosen ? { repo: target.repo, number: chosen.number } : undefined;
}

// Which issue a time-tracking command acts on: the one its argument names (`{ repo?, number | index }`, an Issues
// row whose data is the issue, the status item's stopwatch), else the user picks one of the active repository's
// open issues or types its number; the issue the checked-out branch was started from (Start Working on Issue,
// `branch.<name>.gitea-issue`) comes first, chosen by Enter.
import * as vscode from 'vscode';
import { askOpenIssue } from '../core/issuePick';
import type { RepoRef } from '../core/services';
import { repoRefFrom, type Target } from '../core/target';
import { clonedRepository } from '../git/gitRepositories';
import { ISSUE_CONFIG_VARIABLE, parseIssueKey } from '../git/issueBranch';
import { branchConfigKey } from '../git/pullRequestBranch';

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

/** Asks which issue of the target's repository (`title`: what for). */
export async function pickIssue(target: Target, title: string): Promise<IssueChoice | undefined> {
  const number = await askOpenIssue(target, { title, first: branchIssue(target), firstNote: vscode.l10n.t('(current branch)') });
  return number === undefined ? undefined : { repo: target.repo, number };
}

// Which pull request a local branch belongs to, kept in the clone's git config (`branch.<name>.gitea-pr`), and the
// name a pull request's branch gets. Platform neutral (no vscode): unit-tested.
import { isValidRefName } from '../shared/refName';

/** The pull request a branch was checked out from. */
export interface PullRequestKey {
  /** Instance root with trailing slash, as the repository reference has it. */
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

/** `branch.<name>.gitea-pr` holds `<instance> <owner>/<repo>#<index>`; `…gitea-pr-title` the title at checkout. */
export const PR_CONFIG_VARIABLE = 'gitea-pr';
export const PR_TITLE_CONFIG_VARIABLE = 'gitea-pr-title';

export function branchConfigKey(branch: string, variable: string = PR_CONFIG_VARIABLE): string {
  return `branch.${branch}.${variable}`;
}

export function formatPullRequestKey(key: PullRequestKey): string {
  return `${key.instanceUrl} ${key.owner}/${key.repo}#${key.index}`;
}

export function parsePullRequestKey(value: string | undefined): PullRequestKey | undefined {
  const m = /^(\S+) ([^/\s]+)\/([^/\s#]+)#(\d+)$/.exec(value?.trim() ?? '');
  if (!m) return undefined;
  const index = Number(m[4]);
  return Number.isSafeInteger(index) && index > 0 ? { instanceUrl: m[1]!, owner: m[2]!, repo: m[3]!, index } : undefined;
}

/** Gitea's owner and repository names are case-insensitive. */
export function samePullRequest(a: PullRequestKey, b: PullRequestKey): boolean {
  return a.instanceUrl === b.instanceUrl && a.index === b.index && a.owner.toLowerCase() === b.owner.toLowerCase() && a.repo.toLowerCase() === b.repo.toLowerCase();
}

/** The branches remembered as a pull request's, from `git config --local -l` entries. */
export function rememberedPullRequests(configs: readonly { readonly key: string; readonly value: string }[]): Map<string, PullRequestKey> {
  const byBranch = new Map<string, PullRequestKey>();
  const suffix = `.${PR_CONFIG_VARIABLE}`;
  for (const { key, value } of configs) {
    // Section and variable names come lower-cased; the branch name (subsection) keeps its case.
    if (!key.toLowerCase().startsWith('branch.') || !key.toLowerCase().endsWith(suffix)) continue;
    const branch = key.slice('branch.'.length, -suffix.length);
    const pr = parsePullRequestKey(value);
    if (branch && pr) byBranch.set(branch, pr);
  }
  return byBranch;
}

/** Whether a branch `name` could be created next to `existing` (`a` and `a/b` cannot both exist). */
function conflicts(name: string, existing: readonly string[]): boolean {
  return existing.some((b) => b === name || b.startsWith(`${name}/`) || name.startsWith(`${b}/`));
}

export interface BranchChoice {
  readonly name: string;
  /** The branch exists already and belongs to this pull request: it is updated, not created. */
  readonly existing: boolean;
}

/**
 * The name `pattern` (gitea.checkoutBranchName) makes: `${head}`, `${number}` and `${owner}` (the head repository's
 * owner) replaced; undefined when a part it needs is missing or git would not take the result as a branch name.
 */
export function patternBranchName(pattern: string, parts: { head?: string; number: number; owner?: string }): string | undefined {
  let missing = false;
  const name = pattern.replace(/\$\{(head|number|owner)\}/g, (_, key: 'head' | 'number' | 'owner') => {
    const value = key === 'number' ? String(parts.number) : parts[key];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? undefined : usableBranchName(name);
}

/**
 * The local branch for pull request `pr`: a branch already remembered as this pull request's (the head branch's
 * name first); else the name `pattern` makes (gitea.checkoutBranchName; `${head}`, the head branch's name, by
 * default) when free; else `pr/<index>-<head>` (`-2`, `-3`, … when that is taken too; `pr-<index>-…` when a branch
 * `pr` is in the way). `pr/<index>` when the head branch has no usable name.
 */
export function chooseBranchName(
  pr: PullRequestKey,
  headRef: string | undefined,
  localBranches: readonly string[],
  remembered: ReadonlyMap<string, PullRequestKey>,
  pattern = '${head}',
  headOwner?: string,
): BranchChoice {
  const head = usableBranchName(headRef);
  const ours = localBranches.filter((b) => {
    const key = remembered.get(b);
    return key !== undefined && samePullRequest(key, pr);
  });
  if (head && ours.includes(head)) return { name: head, existing: true };
  if (ours[0]) return { name: ours[0], existing: true };
  const named = patternBranchName(pattern, { head, number: pr.index, owner: headOwner });
  if (named && !conflicts(named, localBranches)) return { name: named, existing: false };
  const nested = head ? `pr/${pr.index}-${head}` : `pr/${pr.index}`;
  for (let n = 1; n <= localBranches.length + 1; n++) {
    const name = n === 1 ? nested : `${nested}-${n}`;
    if (!conflicts(name, localBranches)) return { name, existing: false };
  }
  // Every nested name is blocked (a branch `pr`, or one named like a folder of the head): a name without slashes,
  // which each existing branch blocks at most once.
  const flat = nested.replace(/\//g, '-');
  for (let n = 1; ; n++) {
    const name = n === 1 ? flat : `${flat}-${n}`;
    if (!conflicts(name, localBranches)) return { name, existing: false };
  }
}

/** The head branch name if git accepts it as a branch name (a server may report `refs/pull/…` or nothing). */
export function usableBranchName(ref: string | undefined): string | undefined {
  const name = ref?.replace(/^refs\/heads\//, '');
  if (!name || name.startsWith('refs/') || !isValidRefName(name)) return undefined;
  return name;
}

// Which issue a local branch was started from, kept in the clone's git config (`branch.<name>.gitea-issue`, next to
// `gitea-pr` of a checked-out pull request), and the name such a branch gets from `gitea.issueBranchName`.
// Platform neutral (no vscode): unit-tested.
import { formatPullRequestKey, parsePullRequestKey, usableBranchName, type PullRequestKey } from './pullRequestBranch';

/** `branch.<name>.gitea-issue` holds `<instance> <owner>/<repo>#<number>`, as `gitea-pr` does for pull requests. */
export const ISSUE_CONFIG_VARIABLE = 'gitea-issue';

/** An issue of a repository on an instance (the same shape as a pull request's key). */
export type IssueKey = PullRequestKey;

export const formatIssueKey = formatPullRequestKey;
export const parseIssueKey = parsePullRequestKey;

/** The default of `gitea.issueBranchName`. */
export const DEFAULT_ISSUE_BRANCH_NAME = 'issue-${number}-${slug}';

/** What of an issue title is read for its slug: Gitea's titles have at most 255 characters. */
export const MAX_TITLE_CHARS = 1024;

/** The title's words, lower-cased, ASCII letters and digits joined by `-`, at most `max` characters (whole words). */
export function slugOf(title: string, max = 40): string {
  const words = title
    .slice(0, MAX_TITLE_CHARS)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const w of words) {
    const next = slug ? `${slug}-${w}` : w;
    if (next.length > max) break;
    slug = next;
  }
  return slug || (words[0] ?? '').slice(0, max);
}

/**
 * The branch name of an issue from a template with `${number}`, `${slug}`, `${title}` (the slug too) and `${user}`;
 * undefined when the result is not a name git accepts.
 */
export function issueBranchName(template: string, issue: { number: number; title: string }, user = ''): string | undefined {
  const slug = slugOf(issue.title);
  const name = (template.trim() || DEFAULT_ISSUE_BRANCH_NAME)
    .replace(/\$\{number\}/g, String(issue.number))
    .replace(/\$\{(slug|title)\}/g, slug)
    .replace(/\$\{user\}/g, user)
    // A template whose slug came out empty leaves a dangling separator: `issue-12-` → `issue-12`.
    .replace(/(?<![-_.])[-_.]+(?=\/|$)/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/(?<!\/)\/+$/, '');
  return usableBranchName(name);
}

/** The branch name as a sentence: its last path segment, an `issue-12-` / `12-` prefix left out, words spaced. */
export function branchSentence(branch: string): string {
  const last = branch.split('/').filter(Boolean).pop() ?? branch;
  const words = last.replace(/^(?:issue[-_]?)?\d+[-_]/i, '').replace(/[-_.]+/g, ' ').trim();
  const text = words || last;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

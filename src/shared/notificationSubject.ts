// Where a notification leads. Gitea gives the subject's API URL (issues and pull requests), a web URL (commits) or
// a path on the instance (repositories), plus `html_url`. An issue or pull request opens in the editor's page only
// when its API URL is on the account's instance and names a repository and number plainly; anything else opens in
// the browser from `html_url` (through openServerUrl, which asks before leaving the instance). Pure.
import type { NotificationThread } from '../api';

export type SubjectKind = 'issue' | 'pull' | 'commit' | 'repository' | 'other';

export type SubjectTarget =
  | { readonly kind: 'page'; readonly owner: string; readonly repo: string; readonly number: number; readonly isPull: boolean }
  | { readonly kind: 'browser'; readonly url: string }
  | { readonly kind: 'none' };

/** Gitea's subject types (`Issue`, `Pull`, `Commit`, `Repository`) as one word. */
export function subjectKind(thread: Pick<NotificationThread, 'subject'>): SubjectKind {
  switch (thread.subject?.type?.toLowerCase()) {
    case 'issue':
      return 'issue';
    case 'pull':
      return 'pull';
    case 'commit':
      return 'commit';
    case 'repository':
      return 'repository';
    default:
      return 'other';
  }
}

/** Owner and repository names as Gitea allows them (alphanumerics, `-`, `_`, `.`; not `.` or `..`). */
const NAME = /^[\w.-]{1,100}$/;
const isName = (s: string) => NAME.test(s) && s !== '.' && s !== '..';

/** The owner, repository and number of an issue API URL (`<instance>api/v1/repos/o/r/issues/12`) of the instance. */
export function issueOfApiUrl(url: string | undefined, instanceUrl: string): { owner: string; repo: string; number: number } | undefined {
  // Dot segments are resolved by the parser: a URL that needs them is not the plain one Gitea writes.
  if (!url || /\/\.{1,2}(?:[/?#]|$)/.test(url)) return undefined;
  let parsed: URL;
  let root: URL;
  try {
    parsed = new URL(url);
    root = new URL(instanceUrl.endsWith('/') ? instanceUrl : `${instanceUrl}/`);
  } catch {
    // expected: not a URL at all; the caller falls back to the web page
    return undefined;
  }
  if (parsed.origin !== root.origin || parsed.username || parsed.password) return undefined;
  const prefix = `${root.pathname}api/v1/repos/`;
  if (!parsed.pathname.startsWith(prefix)) return undefined;
  const m = /^([^/]+)\/([^/]+)\/issues\/([1-9]\d{0,8})$/.exec(parsed.pathname.slice(prefix.length));
  if (!m) return undefined;
  let owner: string;
  let repo: string;
  try {
    owner = decodeURIComponent(m[1]!);
    repo = decodeURIComponent(m[2]!);
  } catch {
    // expected: a malformed escape; not a repository name
    return undefined;
  }
  if (!isName(owner) || !isName(repo)) return undefined;
  return { owner, repo, number: Number(m[3]) };
}

/** What a click on the thread opens. */
export function subjectTarget(thread: Pick<NotificationThread, 'subject'>, instanceUrl: string): SubjectTarget {
  const kind = subjectKind(thread);
  if (kind === 'issue' || kind === 'pull') {
    const ref = issueOfApiUrl(thread.subject?.url, instanceUrl);
    if (ref) return { kind: 'page', ...ref, isPull: kind === 'pull' };
  }
  const html = thread.subject?.html_url;
  return html ? { kind: 'browser', url: html } : { kind: 'none' };
}

// Links to lines of a file on a Gitea instance: at a commit (a permalink) or on a branch. Pure; shared by Create
// Issue from Selection and Share a Line.

/** Where the file is read: a commit (the link never changes) or a branch (the link follows it). */
export type SourceRef = { readonly commit: string } | { readonly branch: string };

const encodeSegments = (path: string): string =>
  path
    .split('/')
    .filter((s) => s !== '')
    .map(encodeURIComponent)
    .join('/');

/**
 * `<instance>/<owner>/<repo>/src/commit/<sha>/<path>#L<a>-L<b>` or `…/src/branch/<branch>/<path>#L<a>-L<b>`
 * (1-based lines; `#L<a>` for one line; every path and branch segment URL-encoded).
 */
export function sourceLink(instanceUrl: string, owner: string, repo: string, at: SourceRef, path: string, startLine: number, endLine: number = startLine): string {
  const root = instanceUrl.endsWith('/') ? instanceUrl : `${instanceUrl}/`;
  const [a, b] = startLine <= endLine ? [startLine, endLine] : [endLine, startLine];
  const anchor = a === b ? `#L${a}` : `#L${a}-L${b}`;
  const where = 'commit' in at ? `commit/${encodeURIComponent(at.commit)}` : `branch/${encodeSegments(at.branch)}`;
  return `${root}${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/src/${where}/${encodeSegments(path)}${anchor}`;
}

/** `<instance>/<owner>/<repo>/src/commit/<sha>/<path>#L<a>-L<b>` (1-based lines; `#L<a>` for one line). */
export function buildPermalink(instanceUrl: string, owner: string, repo: string, sha: string, path: string, startLine: number, endLine: number = startLine): string {
  return sourceLink(instanceUrl, owner, repo, { commit: sha }, path, startLine, endLine);
}

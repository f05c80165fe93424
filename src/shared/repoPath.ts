// A file path inside a repository, as the server lists a pull request's changed files. The path goes into other
// requests to the instance (…/raw/{filepath}, with the user's token) and names documents and places in a clone: `..`
// would climb out of the repository's API path (`raw/../../../admin/…` after URL normalisation), a leading `/` or a
// backslash would do the same elsewhere. Git never writes such paths; a server that sends one is refused. Pure.

export type RepoPathProblem = 'empty' | 'absolute' | 'backslash' | 'dotSegment' | 'emptySegment' | 'control';

/** Why `path` is not a plain relative path of a repository (`a/b.txt`), or undefined when it is one. */
export function repoPathProblem(path: unknown): RepoPathProblem | undefined {
  if (typeof path !== 'string' || path === '') return 'empty';
  if (path.startsWith('/')) return 'absolute';
  if (path.includes('\\')) return 'backslash';
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'control';
  for (const segment of path.split('/')) {
    if (segment === '') return 'emptySegment';
    if (segment === '.' || segment === '..') return 'dotSegment';
  }
  return undefined;
}

export function isRepoPath(path: unknown): path is string {
  return repoPathProblem(path) === undefined;
}

/** Splits listed files into those whose path (and previous path, for a rename) is a plain repository path and those
 * refused. */
export function partitionByRepoPath<F extends { readonly filename: string; readonly previous_filename?: string | null }>(
  files: readonly F[],
): { readonly accepted: F[]; readonly refused: F[] } {
  const accepted: F[] = [];
  const refused: F[] = [];
  for (const f of files) (isRepoPath(f.filename) && (!f.previous_filename || isRepoPath(f.previous_filename)) ? accepted : refused).push(f);
  return { accepted, refused };
}

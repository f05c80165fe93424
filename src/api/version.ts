// Gitea or Forgejo, and which version, from GET /version. Forgejo answers e.g. "11.0.1+gitea-1.22.0".

export interface ServerVersionInfo {
  flavor: 'gitea' | 'forgejo';
  /** The version as the server sent it. */
  raw: string;
  /** The product's own version without build metadata, e.g. "1.27.0" or "11.0.1". */
  version: string;
  /** The Gitea version the server is compatible with (for Forgejo the part after "+gitea-"). */
  giteaVersion: string;
  /** Features whose availability depends on the server (see BEHAVIOR.md). */
  features: {
    /** `q` filter on the branch list (Gitea 1.27). */
    branchSearch: boolean;
    /** GET /repos/{o}/{r}/actions/jobs (Gitea 1.25; not Forgejo 11). */
    repoJobs: boolean;
    /** Job logs (Gitea 1.24; not Forgejo 11). */
    jobLogs: boolean;
    /** GET …/commits/{sha}/pull (Gitea 1.22). */
    commitPull: boolean;
  };
}

/** Compares dotted versions numerically ("1.9" < "1.27"); missing parts count as 0. Read part by part up to the
 * first difference, without splitting: a server's text of a million dots would otherwise make a million parts. */
export function compareVersions(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const [x, nextI] = versionPart(a, i);
    const [y, nextJ] = versionPart(b, j);
    if (x !== y) return x - y;
    i = nextI;
    j = nextJ;
  }
  return 0;
}

/** The number of the part of `v` starting at `from` (what `parseInt` reads of it, 0 for none) and where the next
 * part starts (after the `.` or `-` that ends it). */
function versionPart(v: string, from: number): [number, number] {
  let end = from;
  while (end < v.length && v[end] !== '.' && v[end] !== '-') end++;
  const n = Number.parseInt(v.slice(from, end), 10) || 0;
  return [n, end + 1];
}

function core(v: string): string {
  return /^v?(\d+(?:\.\d+){0,2})/.exec(v.trim())?.[1] ?? v.trim();
}

export function parseServerVersion(raw: string): ServerVersionInfo {
  const forgejo = /\+gitea-(\d+(?:\.\d+){0,2})/.exec(raw);
  const version = core(raw);
  const giteaVersion = forgejo ? forgejo[1]! : version;
  const atLeast = (v: string) => compareVersions(giteaVersion, v) >= 0;
  const isGitea = !forgejo;
  return {
    flavor: forgejo ? 'forgejo' : 'gitea',
    raw,
    version,
    giteaVersion,
    features: {
      branchSearch: isGitea && atLeast('1.27'),
      repoJobs: isGitea && atLeast('1.25'),
      jobLogs: isGitea && atLeast('1.24'),
      commitPull: atLeast('1.22'),
    },
  };
}

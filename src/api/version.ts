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

/** Compares dotted versions numerically ("1.9" < "1.27"); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
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

// A signed-in account as every layer sees it: plain data, no secret (that is only ever in SecretStorage).
import { instanceLabel } from './instanceUrl';
import { inertText } from './untrustedText';

/** A signed-in account on one instance. */
export interface Account {
  /** Stable id: `${instanceUrl}|${username}`. */
  readonly id: string;
  /** Instance root with trailing slash, e.g. `https://git.example.com/gitea/`. */
  readonly instanceUrl: string;
  readonly username: string;
  /** 'gitea' | 'forgejo' and the version string from GET /version, as seen at sign-in. */
  readonly flavor: 'gitea' | 'forgejo';
  readonly version: string;
}

/** `user@host` (with the sub-path when there is one), as pickers and the status bar show an account. */
export function accountLabel(account: Account): string {
  return inertText(`${account.username}@${instanceLabel(account.instanceUrl)}`);
}

/** Compares a Gitea version (`1.27.0`, `1.25.0+dev-12`) with `major.minor`. Forgejo is never "at least" a Gitea. */
export function giteaAtLeast(account: Account, major: number, minor: number): boolean {
  if (account.flavor !== 'gitea') return false;
  const m = /^(\d+)\.(\d+)/.exec(account.version);
  if (!m) return false;
  const [maj, min] = [Number(m[1]), Number(m[2])];
  return maj > major || (maj === major && min >= minor);
}

/** The web page of a repository (`repo` may be any `{ owner, repo }` on the instance). */
export function repoWebUrl(instanceUrl: string, owner: string, repo: string): string {
  const root = instanceUrl.endsWith('/') ? instanceUrl : `${instanceUrl}/`;
  return `${root}${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

// From a repository's remotes to Gitea repository references, in the order the user prefers
// (`gitea.preferredRemotes`, default upstream, then origin, then the others by name). Platform neutral.
import { parseRemoteUrl, resolveRemote, type KnownInstance } from './remoteParser';

export interface RemoteLike {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

export interface RemoteRef<Root> {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
  readonly rootUri: Root;
  readonly remoteName: string;
}

/** Every remote on a known instance, preferred first. The fetch URL wins over the push URL. */
export function remoteRefs<Root>(root: Root, remotes: readonly RemoteLike[], instances: readonly KnownInstance[], preferred: readonly string[]): RemoteRef<Root>[] {
  const rank = (name: string): number => {
    const i = preferred.indexOf(name);
    return i < 0 ? preferred.length : i;
  };
  const refs: RemoteRef<Root>[] = [];
  for (const remote of [...remotes].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))) {
    const match = [remote.fetchUrl, remote.pushUrl].map((u) => (u ? resolveRemote(u, instances) : undefined)).find((m) => m !== undefined);
    if (match) refs.push({ ...match, rootUri: root, remoteName: remote.name });
  }
  return refs;
}

/**
 * Instance URLs that remotes point to but no known instance matches, for prefilling the sign-in form:
 * for web remotes everything before `<owner>/<repo>` (which keeps a sub-path), for ssh remotes `https://host/`.
 */
export function guessInstanceUrls(remotes: readonly RemoteLike[], instances: readonly KnownInstance[]): string[] {
  const guesses: string[] = [];
  for (const remote of remotes) {
    const url = remote.fetchUrl ?? remote.pushUrl;
    const parsed = url ? parseRemoteUrl(url) : undefined;
    if (!parsed || resolveRemote(url!, instances)) continue;
    const host = parsed.host.includes(':') ? `[${parsed.host}]` : parsed.host;
    const web = parsed.scheme === 'http' || parsed.scheme === 'https';
    const guess = web
      ? `${parsed.scheme}://${host}${parsed.port ? `:${parsed.port}` : ''}/${parsed.pathSegments.slice(0, -2).map((s) => `${encodeURIComponent(s)}/`).join('')}`
      : `https://${host}/`;
    if (!guesses.includes(guess)) guesses.push(guess);
  }
  return guesses;
}

export function refKey(ref: { instanceUrl: string; owner: string; repo: string; rootUri?: { toString(): string }; remoteName?: string; accountId?: string }): string {
  return [ref.instanceUrl, ref.owner, ref.repo, ref.rootUri?.toString() ?? '', ref.remoteName ?? '', ref.accountId ?? ''].join('|');
}

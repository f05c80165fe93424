// Which URL git clones a repository from: the server's own `clone_url` (https, with the instance's sub-path and port)
// or `ssh_url` (the instance's SSH host and port), as the `gitea.cloneProtocol` setting says. A server's text becomes
// a git argument only when it is such a URL: no option (`-…`), no whitespace or control characters.

export type CloneProtocol = 'https' | 'ssh';

export interface CloneUrls {
  readonly clone_url?: string | null;
  readonly ssh_url?: string | null;
}

/** The URL in the protocol asked, else the other one; undefined when the server gave no URL git may be handed. */
export function cloneUrlOf(repo: CloneUrls, protocol: CloneProtocol): string | undefined {
  const [first, second] = protocol === 'ssh' ? [repo.ssh_url, repo.clone_url] : [repo.clone_url, repo.ssh_url];
  return [first, second].find((url): url is string => typeof url === 'string' && isCloneUrl(url));
}

const SCP_LIKE = /^[\w.-]+@[\w.-]+:[^:]/;

/** An http(s) or ssh URL, or ssh's `user@host:path`, with nothing git or a shell could read as more. */
export function isCloneUrl(url: string): boolean {
  if (url.length === 0 || url.length > 2048 || url.startsWith('-') || /[\s\p{Cc}]/u.test(url)) return false;
  if (SCP_LIKE.test(url)) return true;
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'ssh:'].includes(parsed.protocol) && parsed.hostname.length > 0;
  } catch {
    // expected: not a URL
    return false;
  }
}

// Turns a git remote URL into host + path, and finds the Gitea/Forgejo instance and owner/repo it belongs to.
// Platform neutral (no `vscode`), table-tested in test/unit/git/remoteParser.test.ts. Remote URLs can carry
// credentials (`https://user:token@host/…`): the parser drops them and nothing here logs a URL.
import { instanceHost, stripBrackets, type KnownInstance } from '../shared/instanceUrl';

export type RemoteScheme = 'https' | 'http' | 'ssh' | 'git';

export interface ParsedRemote {
  readonly scheme: RemoteScheme;
  /** Lowercase; IPv6 addresses without brackets. */
  readonly host: string;
  /** Only when the URL names one that is not the scheme's default. */
  readonly port?: number;
  /** Decoded path segments; the last one without its `.git` suffix. */
  readonly pathSegments: readonly string[];
  /** The last two segments: Gitea repositories are always `<owner>/<repo>` at the end of the path. */
  readonly owner: string;
  readonly repo: string;
}

export type { KnownInstance } from '../shared/instanceUrl';

export interface RemoteMatch {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
}

const DEFAULT_PORTS: Record<RemoteScheme, number> = { https: 443, http: 80, ssh: 22, git: 9418 };

/** Parses one remote URL; `undefined` for local paths, `file://` and anything without `<owner>/<repo>`. */
export function parseRemoteUrl(raw: string): ParsedRemote | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  if (schemeMatch) return parseUrlForm(text, schemeMatch[1]!.toLowerCase());
  return parseScpForm(text);
}

/** `https://…`, `http://…`, `ssh://…` (also `git+ssh://`, `ssh+git://`), `git://…`. */
function parseUrlForm(text: string, rawScheme: string): ParsedRemote | undefined {
  const scheme = schemeOf(rawScheme);
  if (!scheme) return undefined; // file://, ftp://, …
  // WHATWG URL only parses special schemes fully; parse ssh/git URLs as http to get host, port and path.
  let url: URL;
  try {
    url = new URL(text.replace(/^[^:]+:/, 'http:'));
  } catch {
    // expected: not a remote URL this parser knows.
    return undefined;
  }
  const host = stripBrackets(url.hostname.toLowerCase());
  if (!host) return undefined;
  const port = url.port ? Number(url.port) : undefined;
  return build(scheme, host, port === DEFAULT_PORTS[scheme] ? undefined : port, url.pathname);
}

function schemeOf(raw: string): RemoteScheme | undefined {
  if (raw === 'https' || raw === 'http' || raw === 'git') return raw;
  if (raw === 'ssh' || raw === 'git+ssh' || raw === 'ssh+git') return 'ssh';
  return undefined;
}

/**
 * scp-like ssh syntax `[user@]host:path`. Git treats it as such only when no slash comes before the first
 * colon; `C:\repo` and `C:/repo` are Windows paths, not a host called `C`.
 */
function parseScpForm(text: string): ParsedRemote | undefined {
  if (/^[a-z]:[\\/]/i.test(text)) return undefined;
  const m = /^(?:[^@/\\]+@)?(\[[^\]]+\]|[^:/\\[\]]+):(.*)$/.exec(text);
  if (!m) return undefined;
  const host = stripBrackets(m[1]!.toLowerCase());
  return build('ssh', host, undefined, m[2]!);
}

function build(scheme: RemoteScheme, host: string, port: number | undefined, path: string): ParsedRemote | undefined {
  const query = path.search(/[?#]/);
  const segments = (query < 0 ? path : path.slice(0, query))
    .split(/[/\\]/)
    .filter((s) => s.length > 0 && s !== '~')
    .map(decodeSegment);
  if (segments.length < 2) return undefined;
  const last = segments.length - 1;
  // `repo.git` → `repo`; the wiki of a repository (`repo.wiki.git`) belongs to `repo` (Gitea reserves
  // the `.wiki` suffix, so no repository is itself called that).
  segments[last] = segments[last]!.replace(/\.git$/i, '').replace(/\.wiki$/i, '');
  if (!segments[last]) return undefined;
  return {
    scheme,
    host,
    ...(port !== undefined ? { port } : {}),
    pathSegments: segments,
    owner: segments[last - 1]!,
    repo: segments[last]!,
  };
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    // expected: a stray % in a path segment: kept as written.
    return s;
  }
}

/**
 * The instance a remote belongs to, and its owner/repo.
 * - http(s): same host, same port (a missing port is the scheme's default, so `http://h/` and `https://h/` both
 *   match an instance at `https://h/`), and the remote path starts with the instance's sub-path. With several
 *   instances on one host (`https://h/` and `https://h/git/`) the longest sub-path wins.
 * - ssh and git://: the host (or one of the instance's `sshHosts`); the port is the ssh daemon's, not the web
 *   server's, and ssh paths never carry the sub-path, so neither is compared.
 * owner/repo are the last two segments after the instance's path.
 */
export function matchRemote(remote: ParsedRemote, instances: readonly KnownInstance[]): RemoteMatch | undefined {
  let best: { instance: KnownInstance; prefixLength: number } | undefined;
  for (const instance of instances) {
    const prefixLength = remote.scheme === 'http' || remote.scheme === 'https' ? webPrefixLength(remote, instance.url) : sshMatches(remote, instance) ? 0 : -1;
    if (prefixLength < 0) continue;
    if (!best || prefixLength > best.prefixLength) best = { instance, prefixLength };
  }
  if (!best) return undefined;
  if (remote.pathSegments.length - best.prefixLength < 2) return undefined;
  return { instanceUrl: best.instance.url, owner: remote.owner, repo: remote.repo };
}

/** Number of path segments of the instance's sub-path when the web remote is on it, else -1. */
function webPrefixLength(remote: ParsedRemote, instanceUrl: string): number {
  let u: URL;
  try {
    u = new URL(instanceUrl);
  } catch {
    // expected: an instance URL that does not parse matches nothing.
    return -1;
  }
  if (instanceHost(instanceUrl) !== remote.host) return -1;
  const instancePort = u.port ? Number(u.port) : undefined;
  if (instancePort !== remote.port) return -1;
  const prefix = u.pathname.split('/').filter((s) => s.length > 0).map(decodeSegment);
  const matches = prefix.every((seg, i) => remote.pathSegments[i]?.toLowerCase() === seg.toLowerCase());
  return matches ? prefix.length : -1;
}

function sshMatches(remote: ParsedRemote, instance: KnownInstance): boolean {
  if (instanceHost(instance.url) === remote.host) return true;
  return (instance.sshHosts ?? []).some((h) => stripBrackets(h.trim().toLowerCase()) === remote.host);
}

/** Parse + match in one step; `undefined` when the remote is not on a known instance. */
export function resolveRemote(rawUrl: string, instances: readonly KnownInstance[]): RemoteMatch | undefined {
  const parsed = parseRemoteUrl(rawUrl);
  return parsed ? matchRemote(parsed, instances) : undefined;
}

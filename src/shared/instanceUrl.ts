// Instance URLs as the user types them, normalised to the form every other part of the extension compares:
// scheme + lowercase host + explicit non-default port + sub-path, always with a trailing slash
// (e.g. `https://git.example.com/gitea/`). Platform neutral: no `vscode` import, unit-tested.
import { inertText } from './untrustedText';

export type InstanceUrlProblem = 'empty' | 'scheme' | 'invalid' | 'credentials';

export type InstanceUrlResult = { ok: true; url: string } | { ok: false; problem: InstanceUrlProblem };

/**
 * Accepts what people paste: a bare host (`git.example.com`), a host with port (`localhost:3000`), a sub-path
 * (`https://example.com/git`), a trailing slash or not, the API URL (`…/api/v1`) or a page of the instance
 * (`…/user/login`, `…/explore/repos`): the last two are cut back to the instance root.
 */
export function normalizeInstanceUrl(input: string): InstanceUrlResult {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'empty' };
  // No scheme: assume https. `localhost:3000` has a colon but no `//`, so it gets a scheme too.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    // expected: the typed text is not a URL, which the result says.
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'scheme' };
  if (!url.hostname) return { ok: false, problem: 'invalid' };
  // A URL with user:password@ would put a secret into settings and logs: refuse it.
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  const segments = url.pathname.split('/').filter((s) => s.length > 0);
  const rootSegments = segments.slice(0, instanceRootLength(segments));
  const path = rootSegments.length ? `/${rootSegments.join('/')}/` : '/';
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}

/** Path segments that mark a page or the API of an instance; everything from them on is dropped. */
const PAGE_MARKERS: readonly (readonly string[])[] = [['api', 'v1'], ['api', 'swagger'], ['user', 'login'], ['user', 'settings'], ['explore']];

function instanceRootLength(segments: readonly string[]): number {
  for (let i = 0; i < segments.length; i++) {
    for (const marker of PAGE_MARKERS) {
      if (marker.every((m, k) => segments[i + k]?.toLowerCase() === m)) return i;
    }
  }
  return segments.length;
}

/** `git.example.com/gitea` for `https://git.example.com/gitea/`: short, for labels and the status bar. Inert (a
 * path may hold `](`, and instance URLs also come from the workspace's git remotes). */
export function instanceLabel(instanceUrl: string): string {
  try {
    const u = new URL(instanceUrl);
    return inertText(`${u.host}${u.pathname.replace(/(?<!\/)\/+$/, '')}`);
  } catch {
    // expected: a label for a URL that does not parse is the text itself.
    return inertText(instanceUrl);
  }
}

/** Host name without IPv6 brackets, lowercase. */
export function instanceHost(instanceUrl: string): string {
  try {
    return stripBrackets(new URL(instanceUrl).hostname.toLowerCase());
  } catch {
    // expected: no host in a URL that does not parse.
    return '';
  }
}

export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Loopback hosts: traffic to them never leaves the machine, so sending Basic credentials over plain http:// to
 * them is not a disclosure (this is how the test server and a local `docker run gitea` are reached).
 */
export function isLoopbackUrl(instanceUrl: string): boolean {
  const host = instanceHost(instanceUrl);
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function isPlainHttp(instanceUrl: string): boolean {
  return instanceUrl.toLowerCase().startsWith('http://');
}

/** An instance remotes may belong to: a signed-in account's instance or one from the `gitea.instances` setting. */
export interface KnownInstance {
  /** Normalised instance root with a trailing slash (normalizeInstanceUrl). */
  readonly url: string;
  /** Extra host names that ssh remotes of this instance use (ssh config aliases, a separate ssh host). */
  readonly sshHosts?: readonly string[];
}

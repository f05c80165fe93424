// Instance URL → API root. Users paste all sorts of things: `git.example.com`, `https://host/git`,
// `https://host:3000/`, or even the API address itself.
import { GiteaError } from './errorKind';

export interface InstanceUrls {
  /** Instance root with trailing slash, e.g. `https://host/git/`. */
  instanceUrl: string;
  /** `<root>/api/v1`, without trailing slash. */
  apiUrl: string;
  /** `https://host:port`: credentials are sent only here. */
  origin: string;
}

export function normalizeBaseUrl(input: string): InstanceUrls {
  let text = input.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // expected: not a URL at all, told as such.
    throw new GiteaError('badRequest', `"${stripUserInfo(input)}" is not a valid instance URL. Use the address of the instance, e.g. https://git.example.com/.`, {
      operation: 'createClient',
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GiteaError('badRequest', `The instance URL must start with http:// or https:// (got ${url.protocol}).`, {
      operation: 'createClient',
    });
  }
  // Credentials in the URL are never used (they belong in SecretStorage), and query/fragment mean nothing here.
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  let path = url.pathname.replace(/(?<!\/)\/+$/, '');
  path = path.replace(/\/api\/v1$/i, '').replace(/\/api\/swagger$/i, '').replace(/(?<!\/)\/+$/, '');
  const instanceUrl = `${url.origin}${path}/`;
  return { instanceUrl, apiUrl: `${instanceUrl}api/v1`, origin: url.origin };
}

function stripUserInfo(s: string): string {
  return s.replace(/\/\/[^/@]*@/, '//');
}

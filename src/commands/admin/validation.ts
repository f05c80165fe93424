// Local checks shared by the admin commands. Platform neutral (no `vscode`), so they are unit-tested directly.
// Every check returns undefined when the value is fine, or a sentence that says how to fix it.

/** A translator with the signature of `vscode.l10n.t`; the plain one below is used by tests. */
export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

export const plainText: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] === undefined ? whole : String(args[Number(i)])));

const DURATION = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Parses Gitea's mirror interval (a Go duration in hours, minutes and seconds, e.g. `8h30m0s`) to seconds. */
export function parseMirrorInterval(text: string): number | undefined {
  const value = text.trim();
  if (value === '0') return 0;
  const m = DURATION.exec(value);
  if (!m || value === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

export function checkMirrorInterval(text: string, t: Translate = plainText): string | undefined {
  if (parseMirrorInterval(text) === undefined) {
    return t('Use hours, minutes and seconds in this order, like 8h30m0s, 10m or 1h (0 turns periodic sync off).');
  }
  return undefined;
}

const REPO_NAME = /^[A-Za-z0-9._-]+$/;
const RESERVED_REPO_NAMES = new Set(['.', '..', '-']);
const RESERVED_REPO_SUFFIXES = ['.git', '.wiki', '.rss', '.atom'];

/** The server's rule for repository names: letters, digits, `-`, `_`, `.`, at most 100, minus reserved names. */
export function checkRepoName(name: string, t: Translate = plainText): string | undefined {
  if (name.length === 0) return t('Enter a repository name.');
  if (name.length > 100) return t('A repository name has at most 100 characters ({0} now).', name.length);
  if (!REPO_NAME.test(name)) return t('Use only letters, digits, "-", "_" and "." in a repository name.');
  if (RESERVED_REPO_NAMES.has(name)) return t('"{0}" is a reserved name.', name);
  const suffix = RESERVED_REPO_SUFFIXES.find((s) => name.toLowerCase().endsWith(s));
  if (suffix) return t('A repository name cannot end in "{0}".', suffix);
  return undefined;
}

/** An absolute http(s) URL, as the server requires for hook targets, trackers, wikis and migration sources. */
export function checkHttpUrl(text: string, t: Translate = plainText, required = true): string | undefined {
  const value = text.trim();
  if (value === '') return required ? t('Enter a URL starting with http:// or https://.') : undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return t('"{0}" is not a URL; enter one starting with http:// or https://.', value);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return t('Only http:// and https:// URLs are accepted.');
  if (!url.hostname) return t('The URL has no host name.');
  return undefined;
}

/** A migration source: an http(s) or git:// URL (the schemes the server accepts for remote sources). */
export function checkCloneUrl(text: string, t: Translate = plainText): string | undefined {
  const value = text.trim();
  if (/^git:\/\//i.test(value)) {
    try {
      if (new URL(value).hostname) return undefined;
    } catch {
      // reported below
    }
    return t('"{0}" is not a URL; enter one starting with http:// or https://.', value);
  }
  return checkHttpUrl(value, t);
}

/** Removes every secret value from a text before it is shown or logged (server messages can echo input). */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 3) out = out.split(secret).join('•••');
  }
  return out;
}

/** A calendar date as the feed APIs take it (`YYYY-MM-DD`, a real day); the server ignores bad dates silently. */
export function checkIsoDate(text: string, t: Translate = plainText): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!m || !d || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    return t('Enter a date as YYYY-MM-DD, for example 2026-01-31.');
  }
  return undefined;
}

/** Today (or `daysAgo` days before) as YYYY-MM-DD in local time. */
export function isoDay(daysAgo = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

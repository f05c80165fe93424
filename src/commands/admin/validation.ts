// The administration forms' own checks: mirror intervals, repository names, migration sources. Platform neutral
// (no `vscode`), unit-tested directly. Every check returns undefined when the value is fine, or a sentence that says
// how to fix it.
import { checkHttpUrl, plainText, type Translate } from '../../shared/validation';
import { inertText } from '../../shared/untrustedText';

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

const REPO_NAME = /^[\w.-]+$/;
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

/** A migration source: an http(s) or git:// URL (the schemes the server accepts for remote sources). */
export function checkCloneUrl(text: string, t: Translate = plainText): string | undefined {
  const value = text.trim();
  if (/^git:\/\//i.test(value)) {
    try {
      if (new URL(value).hostname) return undefined;
    } catch {
      // expected: not a URL, reported below.
    }
    return t('"{0}" is not a URL; enter one starting with http:// or https://.', inertText(value));
  }
  return checkHttpUrl(value, t);
}

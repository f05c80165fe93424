// Local checks and text helpers shared by views and forms. Platform neutral (no `vscode`), so they are unit-tested
// directly (the administration forms' own checks are in commands/admin/validation.ts).
// Every check returns undefined when the value is fine, or a sentence that says how to fix it.
import { inertText } from './untrustedText';

/** A translator with the signature of `vscode.l10n.t`; the plain one below is used by tests. */
export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

export const plainText: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (whole, i: string) => (args[Number(i)] === undefined ? whole : String(args[Number(i)])));

/** An absolute http(s) URL, as the server requires for hook targets, trackers, wikis and migration sources. */
export function checkHttpUrl(text: string, t: Translate = plainText, required = true): string | undefined {
  const value = text.trim();
  if (value === '') return required ? t('Enter a URL starting with http:// or https://.') : undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // expected: not a URL, which is what this check reports.
    return t('"{0}" is not a URL; enter one starting with http:// or https://.', inertText(value));
  }
  // An http(s) URL without a host is no URL to the parser (`http://` throws above), so none gets here.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return t('Only http:// and https:// URLs are accepted.');
  return undefined;
}

/** Removes every secret value from a text before it is shown or logged (server messages can echo input). */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 3) out = out.split(secret).join('•••');
  }
  return out;
}

/**
 * `YYYY-MM-DD` naming a real day of a four-digit year, and nothing else: the date written back must be the text,
 * which refuses text around the date, a day or month out of range (02-30 rolls over to 03-02) and a year below 100
 * (Date.UTC maps it to 19xx). The one date check of the forms and views.
 */
export function isCalendarDate(s: string): boolean {
  const m = /(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return !!m && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === s;
}

/** A calendar date as the feed APIs take it (`YYYY-MM-DD`, a real day); the server ignores bad dates silently. */
export function checkIsoDate(text: string, t: Translate = plainText): string | undefined {
  return isCalendarDate(text.trim()) ? undefined : t('Enter a date as YYYY-MM-DD, for example 2026-01-31.');
}

/** Today (or `daysAgo` days before) as YYYY-MM-DD in local time. */
export function isoDay(daysAgo = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
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

/** A repository name made from a folder's name (the default of Publish to Gitea): each run of characters the server
 * refuses becomes one `-`, a reserved ending is dropped; empty when nothing usable is left. */
export function repoNameFromFolder(folder: string): string {
  let name = trimDashes(folder.replace(/[^\w.-]+/g, '-')).slice(0, 100);
  for (let suffix = reservedSuffixOf(name); suffix; suffix = reservedSuffixOf(name)) name = name.slice(0, -suffix.length);
  return RESERVED_REPO_NAMES.has(name) ? '' : name;
}

function reservedSuffixOf(name: string): string | undefined {
  return RESERVED_REPO_SUFFIXES.find((s) => name.toLowerCase().endsWith(s));
}

function trimDashes(text: string): string {
  // No bounds needed: past either end the text's character is undefined. A text of dashes takes end below start,
  // and the slice is empty.
  let start = 0;
  while (text[start] === '-') start++;
  let end = text.length;
  while (text[end - 1] === '-') end--;
  return text.slice(start, end);
}

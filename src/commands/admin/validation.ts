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

export { checkRepoName } from '../../shared/validation';

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

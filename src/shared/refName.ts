// The one check of the ref names a server hands us (default branch, pull request head and base, branch and tag
// names) before any of them reaches git: git's check-ref-format rules for a branch or tag name. A name that passes
// cannot be read by git as an option (`-Bmain`), a revision range (`a..b`), a reflog entry (`a@{1}`) or a path
// pattern. Platform neutral (no `vscode`): unit-tested against `git check-ref-format` itself.
import { plainText, type Translate } from './validation';

/** Why git refuses a name, one reason per rule (the first rule broken). */
export type RefNameProblem =
  | 'empty'
  | 'leadingDash'
  | 'reserved'
  | 'forbiddenCharacter'
  | 'dotDot'
  | 'atBrace'
  | 'slash'
  | 'dotComponent'
  | 'lockSuffix'
  | 'trailingDot';

/** Space and the characters git gives a meaning in revisions and patterns (control characters: below). */
const FORBIDDEN = /[ ~^:?*[\\]/;

function hasControlCharacter(name: string): boolean {
  // Stryker disable next-line EqualityOperator: charCodeAt(length) is NaN, which no comparison below matches
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    // Stryker disable next-line EqualityOperator: a space (0x20) is refused by FORBIDDEN, checked first
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The first check-ref-format rule `name` breaks, or undefined when git accepts it as a branch or tag name
 * (`git check-ref-format --branch`, one-level names allowed). `refs/…` names are checked the same way.
 */
export function refNameProblem(name: string): RefNameProblem | undefined {
  if (name === '') return 'empty';
  if (name.startsWith('-')) return 'leadingDash';
  if (name === '@' || name === 'HEAD') return 'reserved';
  if (FORBIDDEN.test(name) || hasControlCharacter(name)) return 'forbiddenCharacter';
  if (name.includes('..')) return 'dotDot';
  if (name.includes('@{')) return 'atBrace';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'slash';
  const components = name.split('/');
  if (components.some((c) => c.startsWith('.'))) return 'dotComponent';
  if (components.some((c) => c.endsWith('.lock'))) return 'lockSuffix';
  if (name.endsWith('.')) return 'trailingDot';
  return undefined;
}

export function isValidRefName(name: string): boolean {
  return refNameProblem(name) === undefined;
}

/** The reason, as the end of a sentence ("…is not a valid git ref name: {reason}"). */
export function refNameProblemText(problem: RefNameProblem, t: Translate = plainText): string {
  switch (problem) {
    case 'empty':
      return t('it is empty');
    case 'leadingDash':
      return t('it starts with "-", which git would read as an option');
    case 'reserved':
      return t('"@" and "HEAD" are reserved names');
    case 'forbiddenCharacter':
      return t('it contains a space, a control character or one of ~ ^ : ? * [ \\');
    case 'dotDot':
      return t('it contains ".."');
    case 'atBrace':
      return t('it contains "@{"');
    case 'slash':
      return t('it starts or ends with "/" or contains "//"');
    case 'dotComponent':
      return t('a part of it starts with "."');
    case 'lockSuffix':
      return t('a part of it ends with ".lock"');
    case 'trailingDot':
      return t('it ends with "."');
  }
}

/** A server's ref name as it may be shown in a message: quoted, control characters escaped, at most 80 characters. */
export function quotedRefName(name: string): string {
  const shown = name.length > 80 ? `${name.slice(0, 79)}…` : name;
  return JSON.stringify(shown);
}

/**
 * Undefined when `name` (from a server) is a valid ref name, else the sentence that says why nothing was done:
 * `what` names it ("the default branch of alice/demo").
 */
export function checkServerRefName(name: string, what: string, t: Translate = plainText): string | undefined {
  const problem = refNameProblem(name);
  if (!problem) return undefined;
  return t('The server gave {0} as {1}, which is not a valid git ref name: {2}. Nothing was changed.', quotedRefName(name), what, refNameProblemText(problem, t));
}

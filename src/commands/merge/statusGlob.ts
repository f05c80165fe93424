// The glob of a required status context, as Gitea matches it (`glob.Compile` of github.com/gobwas/glob, without
// separators): `*` and `**` any text, `?` one character, `[abc]`, `[a-z]`, `[!…]` one character of (or not of) a
// set, `{a,b}` one of the alternatives, `\` makes the next character plain. Matched by the greedy two-pointer
// algorithm (a `*` retried one character further on a mismatch), in time linear in the context for a pattern of
// bounded length: the regular expression it replaces (`*` → `.*`) backtracked on `**********x` for 32 s. Pure.

/** Longer patterns and contexts are compared as plain text (a context is at most 255 characters in Gitea). */
export const MAX_GLOB_LENGTH = 1_000;
/** Alternatives a pattern's `{…}` may expand to; beyond, the pattern is compared as plain text. */
export const MAX_GLOB_ALTERNATIVES = 64;

type Token =
  | { readonly kind: 'char'; readonly char: string }
  | { readonly kind: 'single' }
  | { readonly kind: 'any' }
  | { readonly kind: 'set'; readonly not: boolean; readonly chars: readonly string[]; readonly lo?: string; readonly hi?: string };

/** A compiled pattern: its alternatives, each a token list; undefined when Gitea could not compile it either. */
export type StatusGlob = ((context: string) => boolean) & { readonly pattern: string };

class GlobSyntaxError extends Error {}
class TooManyAlternatives extends Error {}

/** Compiles `pattern`; undefined when gobwas/glob refuses it (an unclosed `[` or `{`), which Gitea skips. */
export function compileStatusGlob(pattern: string): StatusGlob | undefined {
  let alternatives: Token[][] | undefined;
  if (pattern.length <= MAX_GLOB_LENGTH) {
    try {
      alternatives = parseAlternatives([...pattern], { at: 0 }, false);
    } catch (e) {
      if (e instanceof GlobSyntaxError) return undefined;
      if (!(e instanceof TooManyAlternatives)) throw e;
      alternatives = undefined; // compared as plain text
    }
  }
  const match = (context: string): boolean => {
    if (!alternatives || context.length > MAX_GLOB_LENGTH) return context === pattern;
    const chars = [...context];
    return alternatives.some((tokens) => matchTokens(tokens, chars));
  };
  return Object.assign(match, { pattern });
}

interface Cursor {
  at: number;
}

/** The token lists a (part of a) pattern stands for, up to the `}` or `,` that ends it inside `{…}`. */
function parseAlternatives(p: readonly string[], cur: Cursor, inTerms: boolean): Token[][] {
  let lists: Token[][] = [[]];
  const append = (tokens: readonly Token[][]) => {
    const next: Token[][] = [];
    for (const head of lists) for (const tail of tokens) next.push(head.concat(tail));
    if (next.length > MAX_GLOB_ALTERNATIVES) throw new TooManyAlternatives();
    lists = next;
  };
  while (cur.at < p.length) {
    const c = p[cur.at]!;
    if (inTerms && (c === ',' || c === '}')) return lists;
    cur.at++;
    if (c === '*') {
      if (p[cur.at] === '*') cur.at++;
      append([[{ kind: 'any' }]]);
    } else if (c === '?') append([[{ kind: 'single' }]]);
    else if (c === '[') append([[parseSet(p, cur)]]);
    else if (c === '{') append(parseTerms(p, cur));
    else if (c === '\\') {
      if (cur.at < p.length) append([[{ kind: 'char', char: p[cur.at++]! }]]); // a trailing `\` stands for nothing
    } else append([[{ kind: 'char', char: c }]]);
  }
  if (inTerms) throw new GlobSyntaxError('unclosed {');
  return lists;
}

/** `a,b,…}` after a `{`. */
function parseTerms(p: readonly string[], cur: Cursor): Token[][] {
  const all: Token[][] = [];
  for (;;) {
    const lists = parseAlternatives(p, cur, true);
    for (const l of lists) all.push(l);
    if (all.length > MAX_GLOB_ALTERNATIVES) throw new TooManyAlternatives();
    const end = p[cur.at++];
    if (end === '}') return all;
  }
}

/** `[abc]`, `[a-z]`, `[!…]` after a `[`: one range, or a list of characters (`\` escapes) up to `]`. */
function parseSet(p: readonly string[], cur: Cursor): Token {
  let not = false;
  if (p[cur.at] === '!') {
    not = true;
    cur.at++;
  }
  if (cur.at + 2 < p.length && p[cur.at + 1] === '-') {
    const lo = p[cur.at]!;
    const hi = p[cur.at + 2]!;
    cur.at += 3;
    if (p[cur.at++] !== ']') throw new GlobSyntaxError('expected ]');
    return { kind: 'set', not, chars: [], lo, hi };
  }
  const chars: string[] = [];
  for (let escaped = false; ; cur.at++) {
    if (cur.at >= p.length) throw new GlobSyntaxError('unclosed [');
    const c = p[cur.at]!;
    if (!escaped && c === '\\') escaped = true;
    else if (!escaped && c === ']') break;
    else {
      escaped = false;
      chars.push(c);
    }
  }
  cur.at++;
  return { kind: 'set', not, chars };
}

function matchesOne(t: Token, c: string): boolean {
  switch (t.kind) {
    case 'char':
      return t.char === c;
    case 'single':
      return true;
    case 'set': {
      const inSet = t.lo !== undefined ? c.codePointAt(0)! >= t.lo.codePointAt(0)! && c.codePointAt(0)! <= t.hi!.codePointAt(0)! : t.chars.includes(c);
      return inSet !== t.not;
    }
    default:
      return false;
  }
}

/** The greedy two-pointer match: on a mismatch, the last `*` takes one more character and the rest is retried. */
function matchTokens(tokens: readonly Token[], text: readonly string[]): boolean {
  let p = 0;
  let t = 0;
  let star = -1; // the token after the last `*` seen
  let starText = 0; // where the text after that `*` was tried from
  while (t < text.length) {
    const token = tokens[p];
    if (token?.kind === 'any') {
      star = ++p;
      starText = t;
    } else if (token && matchesOne(token, text[t]!)) {
      p++;
      t++;
    } else if (star >= 0) {
      p = star;
      t = ++starText;
    } else return false;
  }
  while (tokens[p]?.kind === 'any') p++;
  return p === tokens.length;
}

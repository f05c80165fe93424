// Gitea's branch protection rule names as the glob patterns VS Code's git extension matches branch names with
// (picomatch). Gitea (models/git/protected_branch.go, modules/glob with '/' as separator): a name without any of
// `* ? \ [ ] { }` is a plain name, compared without regard to case; otherwise `*` is any run of characters but `/`,
// `**` any run at all, `?` one character but `/`, `[…]` / `[!…]` a class, `{a,b}` alternatives, `\` escapes; every
// other character is literal, and a rule that does not compile (an unclosed class or brace) is matched literally.
// picomatch reads `!`, `(`, `)`, `+`, `@`, `|`, `$` and `^` as extglob or regex syntax: escaped here. What differs
// and is not translated: a plain name is matched with its case as written, and `**` inside a name part (`rel**`)
// stops at `/` in picomatch. Pure and linear.

/** Rule names longer than this are left out (Gitea's column holds 255 characters). */
export const MAX_RULE_NAME_LENGTH = 1000;

const GITEA_SPECIAL = new Set(['*', '?', '\\', '[', ']', '{', '}']);
const PICOMATCH_ONLY = new Set(['!', '(', ')', '+', '@', '|', '$', '^']);

const escapeLiteral = (name: string): string => {
  let out = '';
  for (const c of name) out += GITEA_SPECIAL.has(c) || PICOMATCH_ONLY.has(c) ? `\\${c}` : c;
  return out;
};

/** The picomatch pattern of a Gitea rule name; undefined for an empty or overlong one. */
export function picomatchPatternOfRule(rule: string): string | undefined {
  if (rule === '' || rule.length > MAX_RULE_NAME_LENGTH) return undefined;
  let glob = false;
  for (const c of rule) if (GITEA_SPECIAL.has(c)) glob = true;
  if (!glob) return escapeLiteral(rule);
  let out = '';
  let braces = 0;
  let i = 0;
  const chars = [...rule];
  while (i < chars.length) {
    const c = chars[i++]!;
    if (c === '\\') {
      if (i >= chars.length) return escapeLiteral(rule);
      out += `\\${chars[i++]!}`;
    } else if (c === '[') {
      // A class up to its `]`; `[!` negates in Gitea, `[^` in picomatch.
      let cls = '[';
      if (chars[i] === '!') {
        cls += '^';
        i++;
      }
      let closed = false;
      while (i < chars.length) {
        const d = chars[i++]!;
        if (d === ']') {
          closed = true;
          break;
        }
        if (d === '\\') {
          if (i >= chars.length) return escapeLiteral(rule);
          cls += `\\${chars[i++]!}`;
        } else cls += d;
      }
      if (!closed) return escapeLiteral(rule);
      out += `${cls}]`;
    } else if (c === '{') {
      braces++;
      out += c;
    } else if (c === '}') {
      if (braces === 0) return escapeLiteral(rule);
      braces--;
      out += c;
    } else if (c === ']') {
      out += '\\]';
    } else if (PICOMATCH_ONLY.has(c)) {
      out += `\\${c}`;
    } else out += c;
  }
  return braces === 0 ? out : escapeLiteral(rule);
}

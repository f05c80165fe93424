// Server text (titles, branch and file names, messages) put into a VS Code MarkdownString as the literal text it is.
// A trusted MarkdownString (`isTrusted` with `enabledCommands`) runs `command:` links of the allowed commands, and
// VS Code's own `appendText` leaves `<` and `:` alone, so a title `<command:gitea.backToDefaultBranch>` would become
// an autolink to an allowed command. Here every ASCII punctuation character is escaped (no link, autolink, emphasis,
// heading, list, table or HTML can form), `<`, `>` and `&` become entities (no tag, autolink or entity of the
// server's), and `$` becomes `&#36;`: VS Code draws `$(icon)` on the HTML marked made, after backslash escapes are
// gone, so only an entity keeps an icon out. Pure (no vscode): the sink check test/unit/security/shownText.test.ts
// takes this as the one way server text enters a trusted MarkdownString.

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', $: '&#36;' };

/** What each ASCII character becomes (undefined: itself), as code units: punctuation escaped or an entity, a line
 * break a hard break (`\r\n` counts once). */
const REPLACEMENTS: readonly (readonly number[] | undefined)[] = Array.from({ length: 128 }, (_, c) => {
  const ch = String.fromCharCode(c);
  // ASCII punctuation: ! to /, : to @, [ to `, { to ~.
  const isPunctuation = (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e);
  const text = c === 0x0a || c === 0x0d ? '  \n' : isPunctuation ? (ENTITIES[ch] ?? `\\${ch}`) : undefined;
  return text === undefined ? undefined : [...text].map((x) => x.charCodeAt(0));
});
/** The longest replacement (`&amp;`, `&#36;`): the output is at most this many times the input. */
const MAX_GROWTH = 5;
/** Code units per String.fromCharCode call (its arguments are bounded). */
const CHUNK = 8192;

/**
 * `text` as Markdown that renders as exactly that text: no link, autolink, icon, HTML or formatting of its own.
 * Written into a typed array in one pass: a `replace` with a function (or building the string piece by piece) costs
 * a call or a piece per escaped character, 150–500 ms per MB of punctuation or line breaks.
 */
export function escapeMarkdown(text: string): string {
  let first = 0;
  while (first < text.length && !(text.charCodeAt(first) < 128 && REPLACEMENTS[text.charCodeAt(first)])) first++;
  if (first === text.length) return text;
  const out = new Uint16Array((text.length - first) * MAX_GROWTH);
  let o = 0;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const replacement = c < 128 ? REPLACEMENTS[c] : undefined;
    if (!replacement) {
      out[o++] = c;
      continue;
    }
    for (let k = 0; k < replacement.length; k++) out[o++] = replacement[k]!;
    if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
  }
  const parts = [text.slice(0, first)];
  // apply, not a spread: a typed array's spread goes through its iterator, several times slower.
  for (let at = 0; at < o; at += CHUNK) parts.push(String.fromCharCode.apply(null, out.subarray(at, Math.min(o, at + CHUNK)) as unknown as number[]));
  return parts.join('');
}

/**
 * A URL (a web page, `command:id?<encoded JSON>`) as the destination of a Markdown link `[label](…)`: everything but
 * letters, digits and `-._~:/?#@&+,;=%` is percent-encoded as UTF-8, so no `)`, space, `<`, `[` or `$(` can end the
 * link early or start syntax after it (encodeURIComponent and the URL parser leave `()` and `[]` as they are).
 */
export function markdownLinkTarget(url: string): string {
  return url.replace(/[^\w\-.~:/?#@&+,;=%]/gu, (c) => [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

// Server text (titles, branch and file names, messages) put into a VS Code MarkdownString as the literal text it is.
// A trusted MarkdownString (`isTrusted` with `enabledCommands`) runs `command:` links of the allowed commands, and
// VS Code's own `appendText` leaves `<` and `:` alone, so a title `<command:gitea.backToDefaultBranch>` would become
// an autolink to an allowed command. Here every ASCII punctuation character is escaped (no link, autolink, emphasis,
// heading, list, table or HTML can form), `<`, `>` and `&` become entities (no tag, autolink or entity of the
// server's), and `$` becomes `&#36;`: VS Code draws `$(icon)` on the HTML marked made, after backslash escapes are
// gone, so only an entity keeps an icon out. Pure (no vscode): the sink check test/unit/security/shownText.test.ts
// takes this as the one way server text enters a trusted MarkdownString.

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', $: '&#36;' };

/** `text` as Markdown that renders as exactly that text: no link, autolink, icon, HTML or formatting of its own. */
export function escapeMarkdown(text: string): string {
  // One pass over ASCII punctuation (U+0021-002F, 003A-0040, 005B-0060, 007B-007E): an entity's own `#` and `;`
  // must not be escaped again.
  return text.replace(/[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/g, (c) => ENTITIES[c] ?? `\\${c}`).replace(/\r\n?|\n/g, '  \n');
}

/**
 * A URL (a web page, `command:id?<encoded JSON>`) as the destination of a Markdown link `[label](…)`: everything but
 * letters, digits and `-._~:/?#@&+,;=%` is percent-encoded as UTF-8, so no `)`, space, `<`, `[` or `$(` can end the
 * link early or start syntax after it (encodeURIComponent and the URL parser leave `()` and `[]` as they are).
 */
export function markdownLinkTarget(url: string): string {
  return url.replace(/[^\w\-.~:/?#@&+,;=%]/gu, (c) => [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

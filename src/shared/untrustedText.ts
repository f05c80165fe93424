// Text a server or another user wrote, made inert before VS Code shows it. Notifications, progress, input box prompts
// and validation messages turn `[label](command:…)` (also http(s): and file:) into a link that runs the command
// on a click (VS Code's parseLinkedText); quick-pick items, input box prompts, progress in the status bar and status
// bar text turn `$(name)` into an icon. Both need a `]` or `$` directly before a `(`: an invisible WORD JOINER
// between them breaks the syntax while the text reads (and copies, minus one invisible character) as written.
// Pure (no vscode): the sink check test/unit/security/shownText.test.ts finds every call site that skips it.

/** U+2060 WORD JOINER: zero width, never a line break, drawn as nothing (a default-ignorable code point). */
export const WORD_JOINER = '\u2060';

/**
 * `text` with no link and no icon syntax left, in itself or at either end when it is joined to other text: a `]` or
 * `$` before a `(` or at the end gets a word joiner after it, a `(` at the start one before it.
 */
export function inertText(text: string): string {
  return text.replace(/[\]$](?=\(|$)/g, `$&${WORD_JOINER}`).replace(/^\(/, `${WORD_JOINER}(`);
}

/** `inertText` of a value that may be missing: undefined stays undefined (optional labels and details). */
export function inertOptional(text: string | undefined | null): string | undefined {
  return text === undefined || text === null ? undefined : inertText(text);
}

// Characters a confirmation's reader does not see, or that reorder what is shown: a writing tool's confirmation shows
// the text it will send as it is (writingTool.ts), and then says that such characters are in it, and which, so that
// a title that reads one way (U+202E reverses what follows) or a body that carries invisible text (tag characters,
// zero-width ones) is not sent unnoticed. Pure (no vscode): unit-tested.

/**
 * Bidirectional controls, zero-width and other invisible format characters, the soft hyphen, the supplementary
 * variation selectors (U+E0100–U+E01EF, 240 invisible values; not U+FE0F, which follows many an emoji), tag characters
 * (U+E0000–U+E007F: ASCII no one sees) and control characters other than tab and line breaks.
 */
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- control characters, tags and variation selectors, each alone, are what this finds
const HIDDEN = /[\u0000-\u0008\v\f\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

/** How many characters are named at most (the count says the rest). */
const NAMED = 5;

/** The hidden characters of `text`: how many, and the first NAMED distinct ones as `U+XXXX`; undefined when none. */
export function hiddenCharacters(text: string): { readonly count: number; readonly names: readonly string[] } | undefined {
  let count = 0;
  const names = new Set<string>();
  for (const [c] of text.matchAll(HIDDEN)) {
    count++;
    if (names.size < NAMED) names.add(`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return count ? { count, names: [...names] } : undefined;
}

// Suggested changes in review comments: a ```suggestion fenced block holds the lines that should replace the
// commented line (Gitea's review comments are on one line: the line and its diff hunk, no range). Pure: no vscode.
//
// Shown: each block becomes a diff code block, the commented line as it was when the comment was made (the last line
// of the comment's diff hunk) removed and the block's lines added. Code blocks are not read as Markdown, every line
// starts with "-" or "+" (no line of it can close the fence) and the fence is longer than any backtick run inside.
//
// Applied: only while the line of the working copy still reads as the commented line did (else the suggestion was
// made on other text, and replacing the line would lose someone's change); an empty block deletes the line.
import { toLf } from '../../../shared/lineEnds';

export interface SuggestionBlock {
  /** The block's lines (without the fences). */
  readonly lines: readonly string[];
}

const FENCE = /^ {0,3}(`{3,}(?!`)|~{3,}(?!~))(.*)$/;
/** Longer comment bodies are not read for suggestions (their Markdown is shown as it is): a suggestion replaces one
 * line, and a body this long is no review comment. Twice the 1 MiB of lines a suggestion may hold, so that those
 * lines with their fences (and the comment's text around them) still read back. */
export const MAX_SUGGESTION_BODY_CHARS = 2 * 1024 * 1024;

/** Whether the line `text[from, to)` starts (after up to three spaces) with a backtick or a tilde: only such a line
 * may open or close a fence, and a body has up to a million lines, each not worth a pattern's call. */
function mayBeFence(text: string, from: number, to: number): boolean {
  for (let i = from; i < from + 4 && i < to; i++) {
    const c = text[i];
    if (c === '`' || c === '~') return true;
    if (c !== ' ') return false;
  }
  return false;
}

/** The ```suggestion blocks of a Markdown body, with the lines of the body they span (0-based, fences included).
 * Read line by line by offsets: no array of every line (a body of a million line breaks made a million strings). */
export function parseSuggestions(body: string): (SuggestionBlock & { readonly from: number; readonly to: number })[] {
  if (body.length > MAX_SUGGESTION_BODY_CHARS) return [];
  const text = toLf(body);
  const endOf = (from: number) => {
    const e = text.indexOf('\n', from);
    return e < 0 ? text.length : e;
  };
  const blocks: (SuggestionBlock & { from: number; to: number })[] = [];
  for (let i = 0, start = 0; start <= text.length; ) {
    const lineEnd = endOf(start);
    const open = mayBeFence(text, start, lineEnd) ? FENCE.exec(text.slice(start, lineEnd)) : null;
    const [, fence, info] = (open ?? []) as unknown as [string, string, string];
    // A backtick fence's info string has no backtick (CommonMark): such a line is not a fence.
    if (!open || (fence.startsWith('`') && info.includes('`'))) {
      i++;
      start = lineEnd + 1;
      continue;
    }
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let end = i + 1; // the closing line's number (the line count when the block is not closed)
    let at = lineEnd + 1; // its start
    for (; at <= text.length; end++) {
      const e = endOf(at);
      if (mayBeFence(text, at, e) && closing.test(text.slice(at, e))) break;
      at = e + 1;
    }
    const closed = at <= text.length;
    // Other code blocks are skipped whole (a ```suggestion inside one is text); an unclosed block runs to the end.
    if (info.trim().split(/\s+/)[0] === 'suggestion') {
      const lines = end - i - 1 > 0 ? text.slice(lineEnd + 1, closed ? at - 1 : text.length).split('\n') : [];
      blocks.push({ lines, from: i, to: closed ? end : end - 1 });
    }
    i = end + 1;
    start = closed ? endOf(at) + 1 : text.length + 1;
  }
  return blocks;
}

/** A fence of backticks longer than any run of backticks in the text (at least three). Counted in one pass: no
 * spread of the runs into `Math.max` (130,000 runs overflow its arguments). */
function fenceFor(text: string): string {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text.charCodeAt(i) === 0x60 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * The body with each suggestion block shown as a change: `heading` (e.g. "Suggested change") then a diff block,
 * `commented` (the commented line then, when known) removed and the block's lines added.
 */
export function renderSuggestions(body: string, commented: string | undefined, heading: string): string {
  const blocks = parseSuggestions(body);
  if (!blocks.length) return body;
  const lines = toLf(body).split('\n');
  const out: string[] = [];
  let at = 0;
  for (const block of blocks) {
    for (let l = at; l < block.from; l++) out.push(lines[l]!);
    const diff = (commented === undefined ? [] : [`- ${commented}`]).concat(block.lines.map((l) => `+ ${l}`));
    const fence = fenceFor(diff.join('\n'));
    // The heading is a paragraph of its own (after a blank line when text comes before it).
    if (out.length && out[out.length - 1]!.trim()) out.push('');
    out.push(`*${heading}*`, '', `${fence}diff`);
    for (const l of diff) out.push(l);
    out.push(fence);
    at = block.to + 1;
  }
  for (let l = at; l < lines.length; l++) out.push(lines[l]!);
  return out.join('\n');
}

export type ApplyCheck =
  | { readonly kind: 'ok'; readonly lines: readonly string[] }
  /** No single suggestion to apply (none, or several). */
  | { readonly kind: 'none' | 'several' }
  /** The comment does not say what its line read (no diff hunk): nothing to compare the copy with. */
  | { readonly kind: 'unknown' }
  /** The working copy's line reads differently now (or is gone). */
  | { readonly kind: 'changed' }
  /** The working copy already has the suggested lines there. */
  | { readonly kind: 'applied' };

const plain = (s: string | undefined) => s?.replace(/\r$/, '');

/**
 * Whether a comment's suggestion may replace line `line` (1-based) of the working copy: `lineAt` reads the copy's
 * lines (undefined past its end), `commented` is the line as the comment's diff hunk shows it.
 */
export function checkApply(body: string, commented: string | undefined, line: number, lineAt: (line: number) => string | undefined): ApplyCheck {
  const blocks = parseSuggestions(body);
  if (blocks.length !== 1) return { kind: blocks.length ? 'several' : 'none' };
  const lines = blocks[0]!.lines;
  if (commented === undefined) return { kind: 'unknown' };
  const now = plain(lineAt(line));
  if (now === commented) return { kind: 'ok', lines };
  if (lines.length && lines.every((l, i) => plain(lineAt(line + i)) === l)) return { kind: 'applied' };
  return { kind: 'changed' };
}

export interface LineEdit {
  /** 0-based positions. */
  readonly start: { readonly line: number; readonly character: number };
  readonly end: { readonly line: number; readonly character: number };
  readonly text: string;
}

/**
 * The edit that puts `lines` in place of line `line` (1-based) of a document of `lineCount` lines whose lines have
 * the lengths `lengthOf` gives; no lines delete the line with its line break.
 */
export function suggestionEdit(line: number, lineCount: number, lengthOf: (line: number) => number, lines: readonly string[], eol: string): LineEdit {
  const i = line - 1;
  if (lines.length) return { start: { line: i, character: 0 }, end: { line: i, character: lengthOf(line) }, text: lines.join(eol) };
  if (line < lineCount) return { start: { line: i, character: 0 }, end: { line: i + 1, character: 0 }, text: '' };
  // The last line: its break is the previous line's.
  return i > 0 ? { start: { line: i - 1, character: lengthOf(line - 1) }, end: { line: i, character: lengthOf(line) }, text: '' }
    : { start: { line: 0, character: 0 }, end: { line: 0, character: lengthOf(line) }, text: '' };
}

/** What Suggest a Change writes into the comment box: a suggestion block holding `lines`, with a fence they cannot close. */
export function suggestionBlockOf(lines: readonly string[]): string {
  const fence = fenceFor(lines.join('\n'));
  return `${fence}suggestion\n${lines.join('\n')}\n${fence}\n`;
}

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

/** Whether the line `text[from, to)` closes a fence of `length` characters `char`: up to three spaces, at least
 * `length` of them, then only spaces and tabs (CommonMark). No pattern made per block: a body of `` ``` `` lines
 * opens and closes a quarter of a million. */
function closesFence(text: string, from: number, to: number, char: string, length: number): boolean {
  let i = from;
  while (i < to && i - from < 3 && text[i] === ' ') i++;
  const runStart = i;
  while (i < to && text[i] === char) i++;
  if (i - runStart < length) return false;
  for (; i < to; i++) if (text[i] !== ' ' && text[i] !== '\t') return false;
  return true;
}

/** A block found in a body's text (with line ends made LF): its lines, and where it is by character. */
interface ScannedBlock {
  /** The fence lines (0-based), as in parseSuggestions. */
  readonly from: number;
  readonly to: number;
  /** The block's lines are `text[contentStart, contentEnd)` split at LF, when `hasLines`. */
  readonly hasLines: boolean;
  readonly contentStart: number;
  readonly contentEnd: number;
  /** Where the opening fence's line starts, and the line after the block (past the text's end when none). */
  readonly start: number;
  readonly next: number;
}

/** The ```suggestion blocks of `text` (LF line ends), read line by line by offsets: no array of every line (a body
 * of a million line breaks made a million strings). */
function scanSuggestions(text: string): ScannedBlock[] {
  const endOf = (from: number) => {
    const e = text.indexOf('\n', from);
    return e < 0 ? text.length : e;
  };
  const blocks: ScannedBlock[] = [];
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
    let end = i + 1; // the closing line's number (the line count when the block is not closed)
    let at = lineEnd + 1; // its start
    for (; at <= text.length; end++) {
      const e = endOf(at);
      if (mayBeFence(text, at, e) && closesFence(text, at, e, fence[0]!, fence.length)) break;
      at = e + 1;
    }
    const closed = at <= text.length;
    const next = closed ? endOf(at) + 1 : text.length + 1;
    // Other code blocks are skipped whole (a ```suggestion inside one is text); an unclosed block runs to the end.
    if (info.trim().split(/\s+/)[0] === 'suggestion') {
      blocks.push({ from: i, to: closed ? end : end - 1, hasLines: end - i - 1 > 0, contentStart: lineEnd + 1, contentEnd: closed ? at - 1 : text.length, start, next });
    }
    i = end + 1;
    start = next;
  }
  return blocks;
}

/** The ```suggestion blocks of a Markdown body, with the lines of the body they span (0-based, fences included). */
export function parseSuggestions(body: string): (SuggestionBlock & { readonly from: number; readonly to: number })[] {
  if (body.length > MAX_SUGGESTION_BODY_CHARS) return [];
  const text = toLf(body);
  return scanSuggestions(text).map((b) => ({ lines: b.hasLines ? text.slice(b.contentStart, b.contentEnd).split('\n') : [], from: b.from, to: b.to }));
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
 * `commented` (the commented line then, when known) removed and the block's lines added. Built from slices of the
 * body (several lines a piece), not line by line: a block may hold a million lines.
 */
export function renderSuggestions(body: string, commented: string | undefined, heading: string): string {
  if (body.length > MAX_SUGGESTION_BODY_CHARS) return body;
  const text = toLf(body);
  const blocks = scanSuggestions(text);
  if (!blocks.length) return body;
  const out: string[] = []; // pieces of one or more lines, joined by LF
  let at = 0; // where the text not yet copied starts
  for (const block of blocks) {
    if (block.start > at) out.push(text.slice(at, block.start - 1));
    // split + join: 4× faster than replaceAll on a million empty lines (and one flat string after).
    const added = block.hasLines ? `+ ${text.slice(block.contentStart, block.contentEnd).split('\n').join('\n+ ')}` : undefined;
    const diff = [...(commented === undefined ? [] : [`- ${commented}`]), ...(added === undefined ? [] : [added])].join('\n');
    const fence = fenceFor(diff);
    // The heading is a paragraph of its own (after a blank line when text comes before it).
    const last = out[out.length - 1];
    if (last !== undefined && last.slice(last.lastIndexOf('\n') + 1).trim()) out.push('');
    out.push(`*${heading}*`, '', `${fence}diff`);
    if (commented !== undefined || added !== undefined) out.push(diff);
    out.push(fence);
    at = block.next;
  }
  if (at <= text.length) out.push(text.slice(at));
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
  const text = lines.join('\n');
  const fence = fenceFor(text);
  return `${fence}suggestion\n${text}\n${fence}\n`;
}

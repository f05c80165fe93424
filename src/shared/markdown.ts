// Markdown of untrusted bodies (the Create Issue preview, the issue page) by markdown-it, a maintained CommonMark
// parser (the one VS Code uses), with GFM tables, strikethrough, task lists and autolinks. Raw HTML is shown as text
// (html: false), only http(s)/mailto links become anchors, images load only from the instance (`imageOrigin`), and
// Gitea's references become instance links (markdownRules.ts). markdown-it is loaded on the first render, never at
// activation. Editor-neutral and pure, so it is unit-tested directly.
import type MarkdownIt from 'markdown-it';
import { escapeHtml, isSafeLink } from './htmlSafety';
import type { RefContext } from './markdownRefs';
import { installRules, renderEnv } from './markdownRules';

export { escapeHtml, instanceImageUrl, isSafeLink } from './htmlSafety';

/**
 * The longest text rendered: 256 K characters. GitHub refuses bodies over 64 K characters; Gitea takes any size, so
 * a pasted log can be megabytes. The rest is on the web page, which the note links to.
 */
export const MARKDOWN_MAX_CHARS = 256 * 1024;

/**
 * The most markup rendered: 8,000 marks (markupWeight). Rendering time follows the elements a text makes, not its
 * length: 100 KB of prose renders in about 5 ms, 100 KB of `|x|` rows or `*a` runs make 100,000-200,000 tokens and
 * take 150-300 ms in markdown-it alone. A mark costs about 3 µs at worst (`npm run bench` holds the slowest text to
 * 50 ms per 100 KB), so this bounds one body to about 25 ms of the extension host whatever it holds. Hand-written
 * bodies stay far below it: a 200-row table of 8 columns weighs about 2,500, a 300-line release note with a
 * reference per line about 4,000; the contents of a fenced code block (a pasted log) weigh nothing.
 */
export const MARKDOWN_MAX_MARKS = 8_000;

/**
 * Deepest nesting of blocks, and of inline elements (markdown-it's `maxNesting`, as its CommonMark preset sets it).
 * A list level takes two, a quote one: 9 nested lists and 19 nested quotes render, and what lies deeper is left
 * out, so that parsing never recurses far enough to overflow the stack (2,000 nested lists did with the former
 * renderer). It also bounds the work per `[` of a text full of unclosed brackets, which grows with it.
 */
const MAX_NESTING = 20;

export interface MarkdownOptions {
  /** The instance whose images may load (its root URL); none loads without it. */
  readonly imageOrigin?: string;
  /** Link `#12`, `owner/repo#12`, `@user` and commit SHAs of plain text (markdownRefs.ts); none without it. */
  readonly refs?: RefContext;
  /** The web page of the whole text, linked from the note after a cut text (MARKDOWN_MAX_CHARS, MARKDOWN_MAX_MARKS). */
  readonly pageUrl?: string;
  /** The words of that note, in the user's language (the caller has vscode.l10n). */
  readonly cutNote?: string;
}

let parser: MarkdownIt.MarkdownIt | undefined;

function markdownIt(): MarkdownIt.MarkdownIt {
  if (!parser) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first render, not with the bundle that holds this module
    const MarkdownItClass = require('markdown-it') as typeof MarkdownIt;
    parser = new MarkdownItClass('default', { html: false, xhtmlOut: false, breaks: true, linkify: true, typographer: false, maxNesting: MAX_NESTING });
    installRules(parser);
  }
  return parser;
}

/**
 * What each ASCII character weighs toward MARKDOWN_MAX_MARKS: what can open or close an element weighs 1 (emphasis,
 * code, links and images, escapes, entities, table cells, quotes), a line break 3 (a line can open a block: a list
 * item, a paragraph, a heading; markdown-it's time grows faster than the count of items in one long list), and what
 * can start a link of its own 4 (`#12` and `@user` references, `http:` autolinks, e-mail addresses: 10-13 µs each in
 * the bench). Letters, digits and spaces weigh nothing, but a run of 7 hex digits (a commit SHA) weighs 4.
 */
const MARK_WEIGHTS: Uint8Array = (() => {
  const weights = new Uint8Array(128);
  for (const c of '*_`[]!<>|~\\&') weights[c.charCodeAt(0)] = 1;
  for (const c of '#@:') weights[c.charCodeAt(0)] = 4;
  weights[10] = 3;
  weights[13] = 3;
  return weights;
})();
const SHA_WEIGHT = 4;
const SHA_MIN_LENGTH = 7;

/** 0-9 and a-f: what a commit SHA (markdownRefs.ts) is made of. */
function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 102);
}

/** A code fence opening at the start of a line (column 0 only: an indented one may belong to a list item that ends
 * before it does, so its lines are counted) as CommonMark has it: 3+ backticks with no backtick after, or 3+ tildes. */
const FENCE_OPEN = /^(`{3,})[^`\r\n]*$|^(~{3,})(?!~)[^\r\n]*$/;

/** Where a line starting at `start` ends (before its \n, \r or \r\n; markdown-it breaks lines at each). */
function lineEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
  return i;
}

/** Whether `line` closes a fence opened by `fence`: up to 3 spaces, the same character at least as many times. */
function closesFence(line: string, fence: string): boolean {
  const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return !!match && match[1]![0] === fence[0] && match[1]!.length >= fence.length;
}

/**
 * Where the text's marks exceed MARKDOWN_MAX_MARKS: the start of the line that does, or the mark itself on a first
 * line; the text's length when they never do. Lines inside a fenced code block weigh nothing (one token whatever
 * their length); a line this scan takes for a fence that markdown-it does not is only counted for more, never less.
 */
function marksCutAt(text: string, limit: number): number {
  let marks = 0;
  let fence: string | undefined;
  for (let start = 0; start < limit; ) {
    const end = lineEnd(text, start);
    const next = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    const line = text.slice(start, Math.min(end, start + 1024));
    if (fence !== undefined) {
      if (closesFence(line, fence)) fence = undefined;
      start = next;
      continue;
    }
    const open = end - start <= 1024 ? FENCE_OPEN.exec(line) : null;
    if (open) fence = open[1] ?? open[2];
    let hexRun = 0;
    for (let i = start; i < Math.min(next, limit); i++) {
      const code = text.charCodeAt(i);
      if (code < 128) marks += MARK_WEIGHTS[code]!;
      hexRun = isHexDigit(code) ? hexRun + 1 : 0;
      if (hexRun === SHA_MIN_LENGTH) marks += SHA_WEIGHT;
      if (marks > MARKDOWN_MAX_MARKS) return start > 0 ? start : i;
    }
    start = next;
  }
  return limit;
}

/** Where a text is cut: at MARKDOWN_MAX_MARKS, or past MARKDOWN_MAX_CHARS at the last line break of its last 4 K
 * characters, else at the limit. */
function cutAt(text: string): number {
  let end = text.length;
  if (text.length > MARKDOWN_MAX_CHARS) {
    const lineBreak = text.lastIndexOf('\n', MARKDOWN_MAX_CHARS);
    // Never between the two halves of a surrogate pair.
    const code = text.charCodeAt(MARKDOWN_MAX_CHARS - 1);
    end = lineBreak > MARKDOWN_MAX_CHARS - 4096 ? lineBreak : code >= 0xd800 && code <= 0xdbff ? MARKDOWN_MAX_CHARS - 1 : MARKDOWN_MAX_CHARS;
  }
  return marksCutAt(text, end);
}

function cutNote(options: MarkdownOptions): string {
  const note = options.cutNote ?? 'This text is too long to show here whole: only its beginning is shown.';
  const url = options.pageUrl && isSafeLink(options.pageUrl) ? options.pageUrl.trim() : undefined;
  const link = url ? ` <a href="${escapeHtml(url)}" title="${escapeHtml(url)}">${escapeHtml(url)}</a>` : '';
  return `<p class="markdown-cut">${escapeHtml(note)}${link}</p>\n`;
}

/** Markdown to safe HTML (see the file comment for what "safe" means here). */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const end = cutAt(markdown);
  const html = markdownIt().render(end < markdown.length ? markdown.slice(0, end) : markdown, renderEnv(options));
  return end < markdown.length ? html + cutNote(options) : html;
}

/** One line of Markdown (no blocks) to safe HTML. */
export function renderInline(markdown: string, options: MarkdownOptions = {}): string {
  const end = cutAt(markdown);
  const html = markdownIt().renderInline(end < markdown.length ? markdown.slice(0, end) : markdown, renderEnv(options));
  return end < markdown.length ? html + cutNote(options) : html;
}

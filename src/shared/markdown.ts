// Markdown of untrusted bodies (the Create Issue preview, the issue page) by markdown-it, a maintained CommonMark
// parser (the one VS Code uses), with GFM tables, strikethrough, task lists and autolinks. Raw HTML is shown as text
// (html: false), only http(s)/mailto links become anchors, images load only from the instance (`imageOrigin`), and
// Gitea's references become instance links (markdownRules.ts). markdown-it is loaded on the first render, never at
// activation. Editor-neutral and pure, so it is unit-tested directly. The editor renders through
// markdownOffThread.ts, which runs this on a worker thread (markdownWorker.ts): no body holds the extension host.
import type MarkdownIt from 'markdown-it';
import { escapeHtml, isSafeLink } from './htmlSafety';
import type { RefContext } from './markdownRefs';
import { installRules, OverBudget, renderEnv } from './markdownRules';

export { escapeHtml, instanceImageUrl, isSafeLink } from './htmlSafety';

/**
 * The longest text rendered: 1 MiB of characters (1,048,576), the last guard. GitHub refuses bodies over 64 K
 * characters; Gitea takes any size, so a pasted log can be megabytes. The rest is on the web page, which the note
 * links to. Every body up to it renders whole: the rendering runs on a worker thread (markdownWorker.ts, started by
 * markdownOffThread.ts), so its time (about 1 s for 1 MB of the slowest markup, about 50 ms for a 337 KB changelog) is
 * never spent on the extension host's event loop.
 */
export const MARKDOWN_MAX_CHARS = 1024 * 1024;

/**
 * The HTML of a body is at most HTML_PER_INPUT_CHAR times its text (at least HTML_MIN_CHARS), and never more than
 * HTML_MAX_CHARS; past that the body is shown as plain text, whole, with a note (`plainNote`). Before #41, 1 MiB of
 * `#1 ` made 52 MiB of HTML (`@a ` 35 times, short SHAs 21 times). The numbers:
 * - 8 times: the project's Markdown fixtures make 1.1–5 times their text (references.md 5.0, the 337 KB changelog
 *   4.4, a table of empty cells 8.0), and the plain-text form itself is at most 5 times (`&` is `&amp;`): what
 *   cannot render under 8 times is shown in a form that fits.
 * - 32 KiB at least: a short comment may hold a few dozen references (each link is about 170 characters).
 * - 5 MiB at most: the plain-text form of the longest body (MARKDOWN_MAX_CHARS, every character `&`), so that no
 *   body's HTML, rendered or not, is longer; the changelog three times over (1 MB) makes 4.5 MiB and still renders.
 */
export const HTML_PER_INPUT_CHAR = 8;
export const HTML_MIN_CHARS = 32 * 1024;
export const HTML_MAX_CHARS = 5 * MARKDOWN_MAX_CHARS;

/** The most HTML a text of `chars` characters may render to. */
export function htmlBudget(chars: number): number {
  return Math.min(HTML_MAX_CHARS, Math.max(HTML_MIN_CHARS, HTML_PER_INPUT_CHAR * chars));
}

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
  /** The web page of the whole text, linked from the note after a cut text (MARKDOWN_MAX_CHARS). */
  readonly pageUrl?: string;
  /** The words of that note, in the user's language (the caller has vscode.l10n). */
  readonly cutNote?: string;
  /** The note above a body shown as plain text because its HTML would be over htmlBudget, in the user's language. */
  readonly plainNote?: string;
}

/** markdown-it's options: raw HTML as text, a line break is a break (as Gitea renders comments), bare URLs link. */
export const MARKDOWN_PARSER_OPTIONS = { html: false, xhtmlOut: false, breaks: true, linkify: true, typographer: false, maxNesting: MAX_NESTING } as const;

let parser: MarkdownIt.MarkdownIt | undefined;

function markdownIt(): MarkdownIt.MarkdownIt {
  if (!parser) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first render, not with the bundle that holds this module
    const MarkdownItClass = require('markdown-it') as typeof MarkdownIt;
    parser = new MarkdownItClass('default', MARKDOWN_PARSER_OPTIONS);
    installRules(parser);
  }
  return parser;
}

/** Where a text is cut: past MARKDOWN_MAX_CHARS at the last line break of its last 4 K characters, else at the limit
 * (never between the two halves of a surrogate pair); the text's length when it is shorter. */
function cutAt(text: string): number {
  if (text.length <= MARKDOWN_MAX_CHARS) return text.length;
  const lineBreak = text.lastIndexOf('\n', MARKDOWN_MAX_CHARS);
  if (lineBreak > MARKDOWN_MAX_CHARS - 4096) return lineBreak;
  const code = text.charCodeAt(MARKDOWN_MAX_CHARS - 1);
  return code >= 0xd800 && code <= 0xdbff ? MARKDOWN_MAX_CHARS - 1 : MARKDOWN_MAX_CHARS;
}

function cutNote(options: MarkdownOptions): string {
  const note = options.cutNote ?? 'This text is too long to show here whole: only its beginning is shown.';
  const url = options.pageUrl && isSafeLink(options.pageUrl) ? options.pageUrl.trim() : undefined;
  const link = url ? ` <a href="${escapeHtml(url)}" title="${escapeHtml(url)}">${escapeHtml(url)}</a>` : '';
  return `<p class="markdown-cut">${escapeHtml(note)}${link}</p>\n`;
}

const TEXT_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** A body whose HTML would be over its budget: its note, then the whole text escaped (only `&`, `<` and `>` need it
 * in an element's text, so this is at most 5 times the text, inside HTML_MAX_CHARS). */
function plainBody(text: string, options: MarkdownOptions): string {
  const note = options.plainNote ?? 'This text would make too much HTML to show formatted: it is shown as plain text.';
  return `<p class="markdown-plain-note">${escapeHtml(note)}</p>\n<pre class="markdown-plain">${text.replace(/[&<>]/g, (c) => TEXT_ENTITIES[c]!)}</pre>\n`;
}

/** `render` of the text, or its plain form (plainBody) when its HTML would be over htmlBudget. */
function bounded(text: string, options: MarkdownOptions, render: (text: string, env: Record<string, unknown>) => string): string {
  try {
    return render(text, renderEnv({ ...options, budget: htmlBudget(text.length), spent: { links: 0, refChars: 0 } }));
  } catch (e) {
    if (e instanceof OverBudget) return plainBody(text, options);
    throw e;
  }
}

/** Markdown to safe HTML (see the file comment for what "safe" means here). */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const end = cutAt(markdown);
  const html = bounded(end < markdown.length ? markdown.slice(0, end) : markdown, options, (text, env) => markdownIt().render(text, env));
  return end < markdown.length ? html + cutNote(options) : html;
}

/** One line of Markdown (no blocks) to safe HTML. */
export function renderInline(markdown: string, options: MarkdownOptions = {}): string {
  const end = cutAt(markdown);
  const html = bounded(end < markdown.length ? markdown.slice(0, end) : markdown, options, (text, env) => markdownIt().renderInline(text, env));
  return end < markdown.length ? html + cutNote(options) : html;
}

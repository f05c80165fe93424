// A small Markdown renderer for untrusted bodies (the Create Issue preview, the issue page). Every piece of the
// source is HTML-escaped on output, raw HTML is shown as text, and only http(s)/mailto links become anchors: an
// `<img onerror>`, a `javascript:` or a `command:` link in a body is inert. Images show as their alt text unless
// the caller names an instance whose images may load (`imageOrigin`): then only http(s) images of that origin
// become <img>. Editor-neutral and pure, so it is unit-tested directly.
import { referenceAt, type RefContext } from './markdownRefs';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]!};`);
}

/** The link targets that may become anchors. Everything else (javascript:, command:, data:, vscode:, relative) stays text. */
export function isSafeLink(url: string): boolean {
  return /^(https?:\/\/|mailto:)[^\s]*$/i.test(url.trim());
}

function anchor(url: string, innerHtml: string): string {
  return `<a href="${escapeHtml(url.trim())}" title="${escapeHtml(url.trim())}">${innerHtml}</a>`;
}

/** Index of the `]` that closes the `[` at `open`, honouring nesting and backslash escapes. */
function closingBracket(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '[') depth++;
    else if (s[i] === ']' && --depth === 0) return i;
  }
  return -1;
}

/** `(url "title")` at `start`: the url and the index after `)`. */
function linkTarget(s: string, start: number): { url: string; end: number } | undefined {
  if (s[start] !== '(') return undefined;
  // One level of balanced parentheses is allowed inside the URL, as in CommonMark.
  const m = /^\(\s*<?((?:[^\s()<>]|\([^\s()<>]*\))*)>?(?:\s+"[^"]*")?\s*\)/.exec(s.slice(start));
  return m ? { url: m[1]!, end: start + m[0].length } : undefined;
}

const EMPHASIS: readonly [string, string][] = [
  ['**', 'strong'],
  ['__', 'strong'],
  ['~~', 'del'],
  ['*', 'em'],
  ['_', 'em'],
];

/** Rendering options: the instance whose images may load (its root URL); none loads without it. */
export interface MarkdownOptions {
  readonly imageOrigin?: string;
  /** Link `#12`, `owner/repo#12`, `@user` and commit SHAs of plain text (markdownRefs.ts); none without it. */
  readonly refs?: RefContext;
}

/** The absolute URL of an image when it may load: http(s) on the instance's origin (root-relative paths resolve
 * against that origin). Undefined for anything else. */
export function instanceImageUrl(url: string, imageOrigin: string | undefined): string | undefined {
  if (!imageOrigin) return undefined;
  const raw = url.trim();
  if (!/^(https?:\/\/|\/(?!\/))[^\s]*$/i.test(raw)) return undefined;
  try {
    const origin = new URL(imageOrigin).origin;
    const resolved = new URL(raw, origin);
    if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') return undefined;
    return resolved.origin === origin ? resolved.href : undefined;
  } catch {
    // expected: not a URL (a malformed image source stays its alt text)
    return undefined;
  }
}

export function renderInline(s: string, options: MarkdownOptions = {}): string {
  let out = '';
  let i = 0;
  outer: while (i < s.length) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length && /[!-/:-@[-`{-~]/.test(s[i + 1]!)) {
      out += escapeHtml(s[i + 1]!);
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(s.slice(i))![0];
      const close = s.indexOf(run, i + run.length);
      if (close > 0) {
        out += `<code>${escapeHtml(s.slice(i + run.length, close).trim())}</code>`;
        i = close + run.length;
        continue;
      }
      out += escapeHtml(run);
      i += run.length;
      continue;
    }
    if ((c === '!' && s[i + 1] === '[') || c === '[') {
      const open = c === '!' ? i + 1 : i;
      const close = closingBracket(s, open);
      const target = close > 0 ? linkTarget(s, close + 1) : undefined;
      if (target) {
        const text = s.slice(open + 1, close);
        const image = c === '!' ? instanceImageUrl(target.url, options.imageOrigin) : undefined;
        if (image) out += `<img src="${escapeHtml(image)}" alt="${escapeHtml(text)}">`;
        else if (c === '!') out += `<span class="image">${escapeHtml(`[${text || 'image'}]`)}</span>`;
        // No reference links inside a link's text: an anchor in an anchor.
        else out += isSafeLink(target.url) ? anchor(target.url, renderInline(text, { ...options, refs: undefined })) : renderInline(text, options);
        i = target.end;
        continue;
      }
    }
    if (c === '<') {
      const m = /^<([a-z][a-z0-9+.-]*:[^\s<>]*)>/i.exec(s.slice(i));
      if (m) {
        out += isSafeLink(m[1]!) ? anchor(m[1]!, escapeHtml(m[1]!)) : escapeHtml(m[0]);
        i += m[0].length;
        continue;
      }
    }
    if ((c === 'h' || c === 'H') && (i === 0 || /[\s(]/.test(s[i - 1]!))) {
      const m = /^https?:\/\/[^\s<>]*[^\s<>.,;:!?)'"]/i.exec(s.slice(i));
      if (m) {
        out += anchor(m[0], escapeHtml(m[0]));
        i += m[0].length;
        continue;
      }
    }
    for (const [delim, tag] of EMPHASIS) {
      if (!s.startsWith(delim, i) || /\s/.test(s[i + delim.length] ?? ' ')) continue;
      // `_` inside words (snake_case) is not emphasis.
      if (delim[0] === '_' && i > 0 && /\w/.test(s[i - 1]!)) continue;
      const close = s.indexOf(delim, i + delim.length + 1);
      if (close < 0 || /\s/.test(s[close - 1]!)) continue;
      out += `<${tag}>${renderInline(s.slice(i + delim.length, close), options)}</${tag}>`;
      i = close + delim.length;
      continue outer;
    }
    const ref = options.refs ? referenceAt(s, i, options.refs) : undefined;
    if (ref) {
      out += ref.html;
      i += ref.length;
      continue;
    }
    out += escapeHtml(c);
    i++;
  }
  return out;
}

interface ListItem {
  readonly lines: string[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^ {0,3}([-*+])\s+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;

function renderListItem(item: ListItem, options: MarkdownOptions): string {
  const first = item.lines[0] ?? '';
  const task = /^\[([ xX])\]\s+(.*)$/.exec(first);
  const lines = task ? [task[2]!, ...item.lines.slice(1)] : item.lines;
  const box = task ? `<input type="checkbox" disabled${task[1] !== ' ' ? ' checked' : ''}> ` : '';
  const inner = renderBlocks(lines.map((l) => l.replace(/^ {1,4}/, '')), options);
  // A one-paragraph item renders without the <p>, as Markdown renderers do for tight lists.
  const tight = /^<p>([\s\S]*)<\/p>\n$/.exec(inner);
  return `<li>${box}${tight && !tight[1]!.includes('<p>') ? tight[1] : inner}</li>\n`;
}

function renderBlocks(lines: readonly string[], options: MarkdownOptions): string {
  let out = '';
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`).test(lines[i]!)) body.push(lines[i++]!);
      i++;
      const lang = fence[2] ? ` class="language-${escapeHtml(fence[2])}"` : '';
      out += `<pre><code${lang}>${escapeHtml(body.join('\n'))}</code></pre>\n`;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      out += `<h${level}>${renderInline(heading[2] ?? '', options)}</h${level}>\n`;
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out += '<hr>\n';
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) quoted.push(QUOTE.exec(lines[i++]!)![1]!);
      out += `<blockquote>\n${renderBlocks(quoted, options)}</blockquote>\n`;
      continue;
    }
    const ordered = ORDERED.exec(line);
    if (BULLET.test(line) || ordered) {
      const pattern = ordered ? ORDERED : BULLET;
      const items: ListItem[] = [];
      while (i < lines.length) {
        const l = lines[i]!;
        const m = pattern.exec(l);
        if (m) items.push({ lines: [m[2]!] });
        else if (l.trim() === '' && i + 1 < lines.length && (pattern.test(lines[i + 1]!) || /^ {2,}\S/.test(lines[i + 1]!)))
          items[items.length - 1]!.lines.push('');
        else if (/^ {2,}\S/.test(l) || (l.trim() !== '' && !startsBlock(l))) items[items.length - 1]!.lines.push(l);
        else break;
        i++;
      }
      const start = ordered && ordered[1] !== '1' ? ` start="${Number(ordered[1])}"` : '';
      out += ordered ? `<ol${start}>\n` : '<ul>\n';
      for (const item of items) out += renderListItem(item, options);
      out += ordered ? '</ol>\n' : '</ul>\n';
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && (paragraph.length === 0 || !startsBlock(lines[i]!))) paragraph.push(lines[i++]!.trim());
    out += `<p>${paragraph.map((p) => renderInline(p, options)).join('<br>\n')}</p>\n`;
  }
  return out;
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || BULLET.test(line) || ORDERED.test(line);
}

/** Markdown to safe HTML (see the file comment for what "safe" means here). */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  return renderBlocks(markdown.replace(/\r\n?/g, '\n').split('\n'), options);
}

// What markdown.ts adds to markdown-it, all of it on tokens (never on the source text): GFM task lists, the link and
// image rules of untrusted bodies, Gitea's references in plain text, table alignment without style attributes.
// markdown-it is only imported as types here: it is loaded by markdown.ts on the first render.
import type MarkdownIt from 'markdown-it';
import { codeLanguage, escapeHtml, instanceImageUrl, isSafeLink } from './htmlSafety';
import { installPlainLinks } from './markdownLinks';
import { referenceAt, type RefContext } from './markdownRefs';

type Md = MarkdownIt.MarkdownIt;
type Token = MarkdownIt.Token;
type StateCore = MarkdownIt.StateCore;

/** What a render knows beyond the text (markdown-it's `env`). */
export interface RenderEnv {
  readonly imageOrigin?: string;
  readonly refs?: RefContext;
  /** The most HTML this render may make (markdown.ts's htmlBudget); past it the render stops (OverBudget). */
  readonly budget?: number;
  /** What the render spent so far: references made into links, and the HTML of the references. */
  readonly spent?: { links: number; refChars: number };
}

/** References made into links per body; past it they stay text. The 337 KB changelog fixture (the longest normal body
 * the project renders) holds 6,580: 10,000 links all of them with room to spare, and at about 170 characters a link
 * adds at most about 1.7 MB to a body (1 MiB of `#1 ` linked whole made 52 MiB, #41). */
export const MAX_REFERENCE_LINKS = 10_000;

/** Thrown when a render would make more HTML than its budget: the caller shows the body as plain text instead. */
export class OverBudget extends Error {
  constructor() {
    super('the rendered HTML is over its budget');
  }
}

const ENV_KEY = 'giteaWorkbench';

export function renderEnv(options: RenderEnv): Record<string, unknown> {
  return { [ENV_KEY]: options };
}

function envOf(env: unknown): RenderEnv {
  return ((env as Record<string, unknown> | undefined)?.[ENV_KEY] as RenderEnv | undefined) ?? {};
}

function textToken(state: StateCore, content: string): Token {
  const t = new state.Token('text', '', 0);
  t.content = content;
  return t;
}

type Inline = Token & { children: Token[] };

/**
 * GFM task lists: a list item whose paragraph starts with `[ ]`, `[x]` or `[X]` and a space gets a disabled checkbox
 * (the page cannot change the issue by a click) in place of the marker.
 */
function taskList(state: StateCore, i: number, inline: Inline): void {
  const tokens = state.tokens;
  if (i < 2 || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') return;
  const first = inline.children[0];
  const marker = first?.type === 'text' ? /^\[([ x])\][ \t]+/i.exec(first.content) : null;
  if (!first || !marker) return;
  first.content = first.content.slice(marker[0].length);
  const box = new state.Token('task_checkbox', 'input', 0);
  box.meta = { checked: marker[1] !== ' ' };
  inline.children.unshift(box);
  tokens[i - 2]!.attrJoin('class', 'task-list-item');
}

/** A link with a safe target made an anchor titled with it; false when its target is refused. */
function anchored(link: Token): boolean {
  // markdown-it gives every link an href (a missing one would read "null", which is refused).
  const href = String(link.attrGet('href'));
  if (!isSafeLink(href)) return false;
  link.attrs = [['href', href], ['title', href]];
  return true;
}

/**
 * Links: only http(s) and mailto targets stay anchors, with the target as their title (the reader sees where a link
 * goes before following it). Any other link shows its text; an autolink `<command:x>` shows as written.
 */
function safeLinks(state: StateCore, inline: Inline): void {
  const children = inline.children;
  // Anchors are kept in place up to the first refused link: only a text with one is copied (a body of 170,000
  // e-mail addresses copied its 700,000 tokens, #31). `depth` counts the anchors still open there.
  let first = 0;
  let depth = 0;
  for (; first < children.length; first++) {
    const t = children[first]!;
    if (t.type === 'link_close') depth--;
    if (t.type !== 'link_open') continue;
    if (!anchored(t)) break;
    depth++;
  }
  if (first === children.length) return;
  const kept: Token[] = children.slice(0, first);
  // Per open link: kept as an anchor, dropped (its text stays), or an autolink shown as its source.
  const open: ('anchor' | 'text' | 'autolink')[] = new Array<'anchor'>(depth).fill('anchor');
  for (let n = first; n < children.length; n++) {
    const t = children[n]!;
    if (t.type === 'link_open') {
      if (anchored(t)) {
        kept.push(t);
        open.push('anchor');
      } else if (t.markup === 'autolink') {
        kept.push(textToken(state, '<'));
        open.push('autolink');
      } else {
        // Stryker disable next-line StringLiteral: 'text' only has to differ from the other two
        open.push('text');
      }
    } else if (t.type === 'link_close') {
      const was = open.pop();
      if (was === 'anchor') kept.push(t);
      else if (was === 'autolink') kept.push(textToken(state, '>'));
    } else kept.push(t);
  }
  inline.children = kept;
}

/**
 * Where a reference may start: after the start, a space, `(` or `[` (Gitea's boundary), at a word that holds a digit,
 * `#`, `!` or `@` (every kind of reference does). referenceAt decides.
 */
const CANDIDATE = /(?:^|[\s([])(?=[\w./-]*[\d#!@])/g;

/**
 * The HTML of a text token with its references as links (the text between them escaped as markdown-it's text rule
 * escapes it), or undefined when it holds none. One string, not a token per piece: a body of 300,000 references
 * made 600,000 tokens (#31).
 */
function withReferences(state: StateCore, s: string, refs: RefContext, spent: { links: number; refChars: number }, budget: number): string | undefined {
  const escape = state.md.utils.escapeHtml;
  let html: string | undefined;
  let from = 0;
  CANDIDATE.lastIndex = 0;
  // Past MAX_REFERENCE_LINKS the rest of the text stays text, unscanned.
  while (spent.links < MAX_REFERENCE_LINKS) {
    const m = CANDIDATE.exec(s);
    if (!m) break;
    const i = m.index + m[0].length;
    const ref = referenceAt(s, i, refs);
    if (!ref) {
      // The character at i is a word's (CANDIDATE's lookahead), never a boundary: the next candidate starts after it,
      // and the empty match at the start moves on.
      CANDIDATE.lastIndex = i + 1;
      continue;
    }
    spent.links++;
    spent.refChars += ref.html.length;
    // The links alone over the budget: the render stops here, not after making all of them.
    // Stryker disable next-line EqualityOperator: exactly at the budget or one character past it, the same body
    if (spent.refChars > budget) throw new OverBudget();
    html = (html ?? '') + escape(s.slice(from, i)) + ref.html;
    from = i + ref.length;
    CANDIDATE.lastIndex = from;
  }
  return html === undefined ? undefined : html + escape(s.slice(from));
}

/** Gitea's references (#12, owner/repo#12, @user, commit SHAs) in text outside links become instance links: such a
 * text token becomes a `gitea_refs` token holding its HTML. */
function references(state: StateCore, inline: Inline, refs: RefContext, spent: { links: number; refChars: number }, budget: number): void {
  let inLink = 0;
  for (const t of inline.children) {
    if (t.type === 'link_open') inLink++;
    else if (t.type === 'link_close') inLink--;
    else if (t.type === 'text' && inLink === 0) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: a shortcut; past the cap withReferences scans nothing either
      if (spent.links >= MAX_REFERENCE_LINKS) return;
      const html = withReferences(state, t.content, refs, spent, budget);
      if (html === undefined) continue;
      t.type = 'gitea_refs';
      t.content = html;
    }
  }
}

/** Table alignment as the `align` attribute: the webviews' CSP refuses style attributes, and inert HTML has none. */
function tableAlignment(cell: Token): void {
  const align = /^text-align:(left|center|right)$/.exec(String(cell.attrGet('style') ?? ''));
  cell.attrs = align ? [['align', align[1]!]] : null;
}

/** The rules above in one pass over the tokens, each inline token's in that order: a body of 1,000,000 tokens
 * walked four times, once through a generator, cost a tenth of its time (#31). */
function giteaTokens(state: StateCore): void {
  const env = envOf(state.env);
  const refs = env.refs;
  const spent = env.spent ?? { links: 0, refChars: 0 };
  const budget = env.budget ?? Infinity;
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'inline') {
      if (!t.children) continue;
      taskList(state, i, t as Inline);
      safeLinks(state, t as Inline);
      if (refs) references(state, t as Inline, refs, spent, budget);
    } else if (t.type === 'th_open' || t.type === 'td_open') tableAlignment(t);
  }
}

type Renderer = MarkdownIt.Renderer;

/**
 * markdown-it's Renderer.render and renderInline (the same loops), stopping once the HTML made is over the render's
 * budget: a body that would swell is given up after its budget, not after making all of it (#41).
 */
function installBudget(renderer: Renderer): void {
  renderer.renderInline = function (tokens, options, env) {
    const budget = envOf(env).budget ?? Infinity;
    const rules = this.rules;
    let html = '';
    for (let i = 0; i < tokens.length; i++) {
      const rule = rules[tokens[i]!.type];
      html += rule ? rule(tokens, i, options, env, this) : this.renderToken(tokens, i, options);
      // Stryker disable next-line EqualityOperator: exactly at the budget or one character past it, the same body
      if (html.length > budget) throw new OverBudget();
    }
    return html;
  };
  renderer.render = function (tokens, options, env) {
    const budget = envOf(env).budget ?? Infinity;
    const rules = this.rules;
    let html = '';
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const rule = rules[t.type];
      html += t.type === 'inline' ? this.renderInline(t.children!, options, env) : rule ? rule(tokens, i, options, env, this) : this.renderToken(tokens, i, options);
      // Stryker disable next-line EqualityOperator: exactly at the budget or one character past it, the same body
      if (html.length > budget) throw new OverBudget();
    }
    return html;
  };
}

/** Everything above, on one markdown-it instance. */
export function installRules(md: Md): void {
  installBudget(md.renderer);
  // Every target parses as a link: safeLinks decides which stay one (a refused `[x](javascript:…)` shows `x`).
  md.validateLink = () => true;
  installPlainLinks(md);
  // linkify-it 6's defaults, set so that another version's cannot link bare domains (fuzzyIP only counts with fuzzyLink).
  // Stryker disable next-line ObjectLiteral: the same as linkify-it 6's defaults
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
  // ftp: and protocol-relative `//host` would only become text again: not linked at all. Like Gitea 1.27, no
  // `www.host` without a scheme either (fuzzyLink: false).
  md.linkify.add('ftp:', null).add('//', null);
  // Stryker disable StringLiteral: a rule's name only serves to enable, disable or place rules by it, which nothing does
  md.core.ruler.push('gitea_tokens', giteaTokens);
  // Stryker restore StringLiteral

  const rules = md.renderer.rules;
  // taskLists gives every checkbox it makes its meta.
  rules.task_checkbox = (tokens, idx) => `<input type="checkbox" disabled${tokens[idx]!.meta!.checked ? ' checked' : ''}> `;
  // GFM's strikethrough is <del> (markdown-it writes <s>).
  rules.s_open = () => '<del>';
  rules.s_close = () => '</del>';
  rules.gitea_refs = (tokens, idx) => tokens[idx]!.content;
  rules.image = (tokens, idx, options, env, renderer) => {
    const t = tokens[idx]!;
    // markdown-it gives every image its alt text as children and a src (a missing one would read "null", refused).
    const alt = renderer.renderInlineAsText(t.children!, options, env);
    const src = instanceImageUrl(String(t.attrGet('src')), envOf(env).imageOrigin);
    return src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">` : `<span class="image">${escapeHtml(`[${alt || 'image'}]`)}</span>`;
  };
  rules.fence = (tokens, idx) => {
    const t = tokens[idx]!;
    const lang = codeLanguage(t.info);
    return `<pre><code${lang ? ` class="language-${escapeHtml(lang)}"` : ''}>${escapeHtml(t.content)}</code></pre>\n`;
  };
  // html: false never makes these tokens; should a rule or option ever do, they stay text.
  rules.html_block = (tokens, idx) => `<p>${escapeHtml(tokens[idx]!.content)}</p>\n`;
  rules.html_inline = (tokens, idx) => escapeHtml(tokens[idx]!.content);
}

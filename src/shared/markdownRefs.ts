// References in untrusted Markdown text, as Gitea links them (modules/references): `#12` and `!12` (a pull request),
// `owner/repo#12`, `@user` and commit SHAs. The renderer (markdownRules.ts) asks here only for plain text, never inside
// code or an existing link. Each becomes an anchor whose href is on the instance and whose data attributes say
// what the page opens in the editor; every attribute value is escaped, and only the instance's web URLs are made.
// Pure (no vscode).
import { escapeHtml } from './htmlSafety';

/** The repository a body belongs to (bare `#12` means an issue of it) and the instance the links point to. */
export interface RefContext {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
}

/** The last instance root read: a body asks for it at every word, and a page has one instance. */
let lastRoot: { readonly instanceUrl: string; readonly root: URL | undefined } | undefined;

/** The instance root with one trailing slash, or undefined when it is not an http(s) URL. */
function instanceRoot(instanceUrl: string): URL | undefined {
  if (lastRoot?.instanceUrl !== instanceUrl) lastRoot = { instanceUrl, root: parseRoot(instanceUrl) };
  return lastRoot.root;
}

function parseRoot(instanceUrl: string): URL | undefined {
  // A malformed instance URL makes no links.
  if (!URL.canParse(instanceUrl)) return undefined;
  const url = new URL(instanceUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  // Its query and fragment need no clearing: links resolve relative paths against it, which drops both, and
  // isInstanceUrl compares only its origin and path.
  return url;
}

/** True when `url` is a web page of the instance (same origin, under its sub-path): the only URLs the page opens. */
export function isInstanceUrl(url: string, instanceUrl: string): boolean {
  const root = instanceRoot(instanceUrl);
  if (!root || typeof url !== 'string' || url.length > 2048 || !URL.canParse(url)) return false;
  const u = new URL(url);
  // Stryker disable next-line ConditionalExpression: the origin compared below holds the scheme (the root is http(s)), and a blob: URL of that origin has no path under the root; kept as a second line of defence
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  return u.origin === root.origin && u.username === '' && u.password === '' && u.pathname.startsWith(root.pathname);
}

/** Gitea's owner and repository names: letters, digits, `-`, `_`, `.` (not `.` or `..`). */
export function isRepoName(s: unknown): s is string {
  return typeof s === 'string' && /^[\w.-]{1,100}$/.test(s) && s !== '.' && s !== '..';
}

/** Gitea's boundary before a reference: the start, a space, `(` or `[`. */
function startsToken(s: string, i: number): boolean {
  return i === 0 || /[\s([]/.test(s[i - 1]!);
}

/** Gitea's boundary after one: the end, a space, `)` or `]`, or punctuation that ends the sentence. */
function endsToken(s: string, j: number): boolean {
  if (j >= s.length || /[\s)\]]/.test(s[j]!)) return true;
  return /[:;,.?!]/.test(s[j]!) && (j + 1 >= s.length || /[\s)\]]/.test(s[j + 1]!));
}

const CROSS = /^([\w.-]+)\/([\w.-]+)([#!])(\d{1,9})/;
const LOCAL = /^([#!])(\d{1,9})/;
const MENTION = /^@(\w(?:[\w.-]*\w)?)/;
const SHA = /^[0-9a-f]{7,40}/;

/** What a relative path resolves against under `root` (its href without query and fragment), once per root. */
const bases = new WeakMap<URL, string>();

/** `path` resolved against `root`, as `new URL(path, root).href` makes it, by concatenation: `path` is made of names
 * that isRepoName accepted, mentions' `\w[\w.-]*\w` or a SHA's hex digits (no dot segment, nothing the URL parser
 * would encode) joined by `/`. A body of 100,000 references made 100,000 URL objects (#31). */
function underRoot(root: URL, path: string): string {
  let base = bases.get(root);
  if (base === undefined) {
    base = new URL('x', root).href.slice(0, -1);
    bases.set(root, base);
  }
  return base + path;
}

/** The parts of an issue link that depend only on its repository, for the last repository linked: a body's
 * references are mostly to its own (#31: 300,000 `#1` escaped the same names 1,500,000 times). */
let lastRepo: { readonly root: URL; readonly owner: string; readonly repo: string; readonly href: string; readonly attrs: string; readonly title: string } | undefined;

function repoParts(root: URL, owner: string, repo: string): NonNullable<typeof lastRepo> {
  if (lastRepo?.root !== root || lastRepo.owner !== owner || lastRepo.repo !== repo) {
    const href = escapeHtml(underRoot(root, `${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/`));
    lastRepo = { root, owner, repo, href, attrs: `class="ref issue-ref" data-owner="${escapeHtml(owner)}" data-repo="${escapeHtml(repo)}"`, title: escapeHtml(`${owner}/${repo}`) };
  }
  return lastRepo;
}

/** `number` is digits and `sigil` `#` or `!`: neither needs escaping. */
function issueLink(root: URL, owner: string, repo: string, sigil: string, number: string, text: string): string {
  const r = repoParts(root, owner, repo);
  const href = `${r.href}${sigil === '!' ? 'pulls' : 'issues'}/${number}`;
  return `<a href="${href}" ${r.attrs} data-number="${number}" title="${r.title}${sigil}${number}">${escapeHtml(text)}</a>`;
}

/**
 * The reference starting at `s[i]`, if any: its HTML and how many characters it takes. Undefined when the text at
 * `i` is not one (or not at a boundary), so the caller renders the character as text.
 */
export function referenceAt(s: string, i: number, ctx: RefContext): { html: string; length: number } | undefined {
  const c = s[i]!;
  if (!/[\w#!@]/.test(c) || !startsToken(s, i)) return undefined;
  const root = instanceRoot(ctx.instanceUrl);
  if (!root) return undefined;
  const rest = s.slice(i, i + 220);
  if (c === '#' || c === '!') {
    const m = LOCAL.exec(rest);
    if (!m || !endsToken(s, i + m[0].length) || Number(m[2]) < 1 || !isRepoName(ctx.owner) || !isRepoName(ctx.repo)) return undefined;
    return { html: issueLink(root, ctx.owner, ctx.repo, m[1]!, String(Number(m[2])), m[0]), length: m[0].length };
  }
  if (c === '@') {
    const m = MENTION.exec(rest);
    if (!m || !endsToken(s, i + m[0].length)) return undefined;
    const href = underRoot(root, encodeURIComponent(m[1]!));
    return { html: `<a href="${escapeHtml(href)}" class="ref mention" data-url="${escapeHtml(href)}">${escapeHtml(m[0])}</a>`, length: m[0].length };
  }
  const cross = CROSS.exec(rest);
  if (cross) {
    if (!endsToken(s, i + cross[0].length) || !isRepoName(cross[1]) || !isRepoName(cross[2]) || Number(cross[4]) < 1) return undefined;
    return { html: issueLink(root, cross[1]!, cross[2]!, cross[3]!, String(Number(cross[4])), cross[0]), length: cross[0].length };
  }
  const sha = SHA.exec(rest);
  // A SHA has letters and digits: a number, or a word such as "defaced", is not one.
  if (sha && endsToken(s, i + sha[0].length) && /\d/.test(sha[0]) && /[a-f]/.test(sha[0]) && isRepoName(ctx.owner) && isRepoName(ctx.repo)) {
    const href = underRoot(root, `${encodeURIComponent(ctx.owner)}/${encodeURIComponent(ctx.repo)}/commit/${sha[0]}`);
    return { html: `<a href="${escapeHtml(href)}" class="ref commit" data-url="${escapeHtml(href)}"><code>${sha[0].slice(0, 10)}</code></a>`, length: sha[0].length };
  }
  return undefined;
}

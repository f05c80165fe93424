// The structure of an HTML fragment, for comparing our rendering of a body with Gitea's: the sequence of elements
// (opening and closing) and text, with what only says how Gitea presents a thing left out: attributes other than
// those that change the structure, presentation wrappers (div, span: code-block containers, syntax highlighting,
// emoji), the self-links Gitea puts around images, and references and mentions (Gitea's API renders without a
// repository, so it links them differently or not at all; markdownRefs.test.ts covers ours). Whitespace is collapsed.

interface Element {
  readonly name: string;
  readonly attrs: ReadonlyMap<string, string>;
  readonly children: Node[];
}
type Node = Element | string;

const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr']);
/** Presentation wrappers: their content counts, they do not. */
const WRAPPERS = new Set(['div', 'span']);
/** The attributes that are structure: a task's state, a column's alignment, an ordered list's start. */
const KEPT_ATTRS: Record<string, readonly string[]> = { input: ['checked'], th: ['align'], td: ['align'], ol: ['start'] };
/** The text of a reference or a mention: `#12`, `!3`, `owner/repo#4`, `@user`, a commit SHA. */
const REFERENCE = /^(?:(?:[\w.-]+\/[\w.-]+)?[#!]\d+|@[\w.-]+|[0-9a-f]{7,40})$/;

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[e.toLowerCase()] ?? whole;
  });
}

/** A tolerant parse of the fragments both renderers write (well-formed, void elements with or without `/`). */
export function parseHtml(html: string): Node[] {
  const root: Element = { name: '#root', attrs: new Map(), children: [] };
  const stack: Element[] = [root];
  const tag = /<!--[\s\S]*?-->|<(\/?)([a-z][a-z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi;
  let at = 0;
  const text = (s: string) => s && stack.at(-1)!.children.push(decode(s));
  for (const m of html.matchAll(tag)) {
    text(html.slice(at, m.index));
    at = m.index + m[0].length;
    if (!m[2]) continue; // a comment
    const name = m[2].toLowerCase();
    if (m[1]) {
      let open = stack.length - 1;
      while (open > 0 && stack[open]!.name !== name) open--;
      if (open > 0) stack.length = open;
      continue;
    }
    const attrs = new Map<string, string>();
    for (const a of (m[3] ?? '').matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) attrs.set(a[1]!.toLowerCase(), decode(a[2] ?? a[3] ?? a[4] ?? ''));
    const element: Element = { name, attrs, children: [] };
    stack.at(-1)!.children.push(element);
    if (!VOID.has(name)) stack.push(element);
  }
  text(html.slice(at));
  return root.children;
}

function textOf(node: Node): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

/**
 * What the comparison leaves out (see the file comment), with the element's children standing for it: `reference`
 * for an anchor of a reference or mention (its content counts as text only), `wrapper` for the others.
 */
function leftOut(e: Element): 'reference' | 'wrapper' | undefined {
  if (WRAPPERS.has(e.name)) return 'wrapper';
  if (e.name !== 'a') return undefined;
  if (REFERENCE.test(textOf(e).trim())) return 'reference';
  const only = e.children.filter((c) => typeof c !== 'string' || c.trim() !== '');
  const image = only.length === 1 && typeof only[0] !== 'string' && only[0]!.name === 'img' ? only[0] : undefined;
  return image && image.attrs.get('src') === e.attrs.get('href') ? 'wrapper' : undefined;
}

/** The sequence of `<name>`, `</name>` and `"text"` items of the fragment, normalized as the file comment says. */
export function htmlStructure(html: string): string[] {
  const out: string[] = [];
  let text = '';
  const flush = () => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (t) out.push(JSON.stringify(t));
    text = '';
  };
  const walk = (nodes: readonly Node[], inReference: boolean): void => {
    for (const node of nodes) {
      if (typeof node === 'string') text += node;
      else if (inReference) walk(node.children, true);
      else if (leftOut(node)) walk(node.children, leftOut(node) === 'reference');
      else {
        flush();
        const attrs = (KEPT_ATTRS[node.name] ?? []).filter((a) => node.attrs.has(a)).map((a) => ` ${a}${node.attrs.get(a) ? `=${node.attrs.get(a)}` : ''}`);
        out.push(`<${node.name}${attrs.join('')}>`);
        if (!VOID.has(node.name)) {
          walk(node.children, false);
          flush();
          out.push(`</${node.name}>`);
        }
      }
    }
  };
  walk(parseHtml(html), false);
  flush();
  return out;
}

/** The lines of a diff from `a` to `b` (longest common subsequence): `- item` only in a, `+ item` only in b. */
export function structureDiff(a: readonly string[], b: readonly string[]): string[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) lines.push(`+ ${b[j++]}`);
    else lines.push(`- ${a[i++]}`);
  }
  return lines;
}

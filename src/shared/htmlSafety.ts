// The rules that keep HTML made from untrusted text inert: escaping, which link targets may become anchors, which
// image sources may load, which fence languages may become a class. The Markdown renderer (markdown.ts) and the
// webview shell use them; they are small and dependency-free so that tests (and mutation tests) read them directly.

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const entityOf = (c: string): string => ENTITIES[c]!;

export function escapeHtml(s: string): string {
  // Stryker disable next-line ConditionalExpression: a shortcut (most texts have none of these); without it the replace returns the same
  return /[&<>"']/.test(s) ? s.replace(/[&<>"']/g, entityOf) : s;
}

/** The link targets that may become anchors. Everything else (javascript:, command:, data:, vscode:, relative) stays text. */
export function isSafeLink(url: string): boolean {
  return /^(?:https?:\/\/|mailto:)\S*$/i.test(url.trim());
}

/** The absolute URL of an image when it may load: http(s) on the instance's origin (root-relative paths resolve
 * against that origin). Undefined for anything else. */
export function instanceImageUrl(url: string, imageOrigin: string | undefined): string | undefined {
  // Stryker disable next-line ConditionalExpression: without it new URL('' or undefined) throws, also undefined
  if (!imageOrigin) return undefined;
  const raw = url.trim();
  if (!/^(?:https?:\/\/|\/(?!\/))\S*$/i.test(raw)) return undefined;
  try {
    const origin = new URL(imageOrigin).origin;
    const resolved = new URL(raw, origin);
    // Stryker disable next-line ConditionalExpression: the pattern above already allows only http(s) or a path on an origin (a non-http origin is 'null' and throws); kept as a second line of defence
    if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') return undefined;
    return resolved.origin === origin ? resolved.href : undefined;
    // The directive leads the catch clause (Stryker reads only a node's leading comments, for mutants on its line).
  } /* Stryker disable next-line BlockStatement: an empty catch falls through to the same implicit undefined */ catch {
    // expected: not a URL (a malformed image source stays its alt text)
    return undefined;
  }
}

/** A fence's language when it is a plain identifier (`ts`, `c++`, `objective-c`, `c#`): only then it becomes a class. */
export function codeLanguage(info: string): string | undefined {
  // Stryker disable next-line StringLiteral: split() always gives a first element, the fallback is for the type only
  const word = info.trim().split(/\s/, 1)[0] ?? '';
  return /^[A-Z0-9][\w+#.-]{0,39}$/i.test(word) ? word : undefined;
}

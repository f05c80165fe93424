// A small scanner of HTML start tags and the inertness check shared by the Markdown and webview tests. It reads
// attributes the way a browser does (entities decoded, control characters in URL schemes ignored).
import assert from 'node:assert/strict';

export interface Tag {
  name: string;
  attrs: Map<string, string>;
  raw: string;
}

/** The start tags of an HTML fragment, with attributes (entity-decoded the way a browser would for URLs). */
export function startTags(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const m of html.matchAll(/<([a-z][a-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi)) {
    const attrs = new Map<string, string>();
    for (const a of m[2]!.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attrs.set(a[1]!.toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? ''));
    }
    tags.push({ name: m[1]!.toLowerCase(), attrs, raw: m[0] });
  }
  return tags;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&(colon|tab|newline|amp|quot|lt|gt|#39);?/gi, (_, n: string) => ({ colon: ':', tab: '\t', newline: '\n', amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" })[n.toLowerCase()]!);
}

const EXECUTABLE_TAGS = new Set(['script', 'iframe', 'object', 'embed', 'svg', 'math', 'img', 'video', 'audio', 'source', 'link', 'meta', 'style', 'base', 'form', 'frame', 'frameset', 'applet', 'template']);
const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'data', 'background'];

/** Fails when the HTML could run script or a command in a webview. */
export function assertInert(html: string, source: string): void {
  for (const tag of startTags(html)) {
    assert.ok(!EXECUTABLE_TAGS.has(tag.name), `<${tag.name}> rendered from ${JSON.stringify(source)}: ${tag.raw}`);
    for (const [name, value] of tag.attrs) {
      assert.ok(!name.startsWith('on'), `event handler ${name} rendered from ${JSON.stringify(source)}: ${tag.raw}`);
      assert.notEqual(name, 'style', `style attribute rendered from ${JSON.stringify(source)}`);
      if (URL_ATTRS.includes(name)) {
        // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme
        const scheme = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        assert.match(scheme, /^(https?:|mailto:)/, `${name}="${value}" rendered from ${JSON.stringify(source)}: ${tag.raw}`);
      }
    }
  }
}


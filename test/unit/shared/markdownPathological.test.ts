// Markdown built to stall or crash a renderer (pathologicalMarkdown.ts: the inputs of issue #20 and a generated
// corpus of 100 KB texts) renders: no exception (no stack overflow), output linear in the input, only the renderer's
// own tags and attributes, every other `<`, `>` and `"` escaped. How long each takes is `npm run bench`'s business.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MARKDOWN_MAX_CHARS, renderMarkdown } from '../../../src/shared/markdown';
import { assertInert, startTags } from '../security/htmlScan';
import { pathologicalCorpus, reportedInputs } from './pathologicalMarkdown';

const refs = { instanceUrl: 'https://git.example.com/sub/', owner: 'alice', repo: 'demo' };
const options = { imageOrigin: refs.instanceUrl, refs };

/** The tags the renderer writes and the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  a: ['href', 'title', 'class', 'data-owner', 'data-repo', 'data-number', 'data-url'],
  img: ['src', 'alt'],
  input: ['type', 'disabled', 'checked'],
  li: ['class'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
  code: ['class'],
  span: ['class'],
  p: ['class'],
  ...Object.fromEntries(
    ['br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'pre', 'em', 'strong', 'del', 'table', 'thead', 'tbody', 'tr'].map((t) => [t, []]),
  ),
};

/**
 * The most HTML one character of source may become: a reference (`#1 ` → an anchor of about 170 characters) is the
 * largest expansion there is.
 */
const OUTPUT_PER_INPUT_CHAR = 64;

function assertRenderedSafely(name: string, text: string): string {
  let html = '';
  assert.doesNotThrow(() => (html = renderMarkdown(text, options)), name);
  assert.ok(html.length <= OUTPUT_PER_INPUT_CHAR * text.length + 1024, `${name}: ${html.length} characters of HTML from ${text.length}`);
  // Tens of thousands of tags: the messages are only built for a failure.
  for (const tag of startTags(html)) {
    const allowed = ALLOWED[tag.name];
    if (!allowed) assert.fail(`${name}: <${tag.name}> rendered: ${tag.raw}`);
    for (const attr of tag.attrs.keys()) if (!allowed.includes(attr)) assert.fail(`${name}: ${attr} rendered: ${tag.raw}`);
    if (tag.name === 'img' && new URL(tag.attrs.get('src')!).origin !== 'https://git.example.com') assert.fail(`${name}: ${tag.raw}`);
    // The allow-list has no event handler or style; the one URL attribute left to check is the anchors' (as assertInert does).
    // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme
    if (tag.name === 'a' && !/^(https?:|mailto:)/.test(tag.attrs.get('href')!.replace(/[\u0000-\u0020]/g, '').toLowerCase())) assert.fail(`${name}: ${tag.raw}`);
  }
  // With the renderer's own tags taken out, nothing of the source is markup: no `<`, `>` or `"` is left unescaped.
  const text_ = html.replace(/<\/?[a-z][a-z0-9]*(?:\s+[a-z-]+(?:="[^"]*")?)*\s*>/g, '');
  assert.doesNotMatch(text_, /[<>"]/, `${name}: unescaped markup left`);
  return html;
}

describe('pathological Markdown renders, bounded and escaped', () => {
  for (const input of reportedInputs()) {
    it(`the input of issue #20: ${input.name}`, () => {
      const html = assertRenderedSafely(input.name, input.text);
      // Nesting is bounded (markdown-it's maxNesting): the rest of a too-deep list or quote is left out.
      assert.ok((html.match(/<ul>/g) ?? []).length <= 10, `${input.name}: ${(html.match(/<ul>/g) ?? []).length} nested lists`);
      assert.ok((html.match(/<blockquote>/g) ?? []).length <= 20, `${input.name}: ${(html.match(/<blockquote>/g) ?? []).length} nested quotes`);
    });
  }

  it('the heading with 5,000 spaces is a heading of its two words', () => {
    assert.equal(renderMarkdown(`# a${' '.repeat(5000)}b`), `<h1>a${' '.repeat(5000)}b</h1>\n`);
  });

  it('40,000 "![" stay text', () => {
    const html = renderMarkdown('!['.repeat(40_000));
    assert.equal(html, `<p>${'!['.repeat(40_000)}</p>\n`);
  });

  for (const input of pathologicalCorpus()) {
    it(`100 KB: ${input.name}`, () => {
      assert.ok(input.text.length >= 95 * 1024 && input.text.length <= 100 * 1024 + 16, `${input.name} is ${input.text.length} characters`);
      assertRenderedSafely(input.name, input.text);
    });
  }

  it('a text longer than the limit is cut at a line end, with the note and the link to the web page', () => {
    const line = 'A line of a pasted log, with <b>markup</b> that stays text\n';
    const text = line.repeat(Math.ceil((MARKDOWN_MAX_CHARS * 1.5) / line.length));
    const html = renderMarkdown(text, { cutNote: 'Only the beginning is shown:', pageUrl: 'https://git.example.com/sub/alice/demo/issues/1#issuecomment-2' });
    assert.ok(html.length < 2 * MARKDOWN_MAX_CHARS, `${html.length}`);
    assert.match(html, /<\/p>\n<p class="markdown-cut">Only the beginning is shown: <a href="https:\/\/git\.example\.com\/sub\/alice\/demo\/issues\/1#issuecomment-2" title="[^"]+">[^<]+<\/a><\/p>\n$/);
    assert.match(html, /stays text<br>\n<\/p>|stays text<\/p>/, 'cut at the end of a line');
    assert.equal(renderMarkdown(line.repeat(10)).includes('markdown-cut'), false, 'a short text is whole');
  });

  it('the note links only to an http(s) page, and has words without a caller’s', () => {
    const long = 'x'.repeat(MARKDOWN_MAX_CHARS + 1);
    const html = renderMarkdown(long, { pageUrl: 'javascript:alert(1)' });
    assert.match(html, /<p class="markdown-cut">Only the first 256 KB of this text are shown\.<\/p>\n$/);
    assertInert(html, 'cut note');
  });
});

// Markdown built to stall or crash a renderer (pathologicalMarkdown.ts: the inputs of issue #20 and a generated
// corpus of 100 KB texts) renders: no exception (no stack overflow), output linear in the input, only the renderer's
// own tags and attributes, every other `<`, `>` and `"` escaped. How long each takes is `npm run bench`'s business.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { htmlBudget, MARKDOWN_MAX_CHARS, renderMarkdown } from '../../../src/shared/markdown';
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
  pre: ['class'],
  ...Object.fromEntries(
    ['br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'em', 'strong', 'del', 'table', 'thead', 'tbody', 'tr'].map((t) => [t, []]),
  ),
};

/** The note above a body shown as plain text (markdown.ts's plainBody) is not counted in the budget. */
const NOTE_CHARS = 200;

function assertRenderedSafely(name: string, text: string): string {
  let html = '';
  assert.doesNotThrow(() => (html = renderMarkdown(text, options)), name);
  assert.ok(html.length <= htmlBudget(text.length) + NOTE_CHARS, `${name}: ${html.length} characters of HTML from ${text.length}`);
  // Tens of thousands of tags: the messages are only built for a failure.
  for (const tag of startTags(html)) {
    const allowed = ALLOWED[tag.name];
    if (!allowed) assert.fail(`${name}: <${tag.name}> rendered: ${tag.raw}`);
    for (const attr of tag.attrs.keys()) if (!allowed.includes(attr)) assert.fail(`${name}: ${attr} rendered: ${tag.raw}`);
    if (tag.name === 'img' && new URL(tag.attrs.get('src')!).origin !== 'https://git.example.com') assert.fail(`${name}: ${tag.raw}`);
    // The allow-list has no event handler or style; the one URL attribute left to check is the anchors' (as assertInert does).
    // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme
    if (tag.name === 'a' && !/^(?:https?:|mailto:)/.test(tag.attrs.get('href')!.replace(/[\u0000-\u0020]/g, '').toLowerCase())) assert.fail(`${name}: ${tag.raw}`);
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

  it('40,000 "![" stay text, all of them', () => {
    assert.equal(renderMarkdown('!['.repeat(40_000)), `<p>${'!['.repeat(40_000)}</p>\n`);
  });

  for (const input of pathologicalCorpus()) {
    it(`100 KB: ${input.name}`, () => {
      assert.ok(input.text.length >= 95 * 1024 && input.text.length <= 100 * 1024 + 16, `${input.name} is ${input.text.length} characters`);
      assertRenderedSafely(input.name, input.text);
    });
  }

  it('a text longer than the limit is cut at a line end, with the note and the link to the web page', () => {
    const line = `${'A line of a pasted log that is nothing but words and spaces, '.repeat(4)}the end\n`;
    const text = line.repeat(Math.ceil((MARKDOWN_MAX_CHARS * 1.5) / line.length));
    const html = renderMarkdown(text, { cutNote: 'Only the beginning is shown:', pageUrl: 'https://git.example.com/sub/alice/demo/issues/1#issuecomment-2' });
    assert.ok(html.length < 2 * MARKDOWN_MAX_CHARS, `${html.length}`);
    assert.ok(html.length > MARKDOWN_MAX_CHARS * 0.9, `the text up to the limit is shown: ${html.length}`);
    assert.equal(MARKDOWN_MAX_CHARS, 1024 * 1024, 'bodies up to 1 MiB render whole');
    assert.match(html, /<\/p>\n<p class="markdown-cut">Only the beginning is shown: <a href="https:\/\/git\.example\.com\/sub\/alice\/demo\/issues\/1#issuecomment-2" title="[^"]+">[^<]+<\/a><\/p>\n$/);
    assert.match(html, /the end<br>\n<\/p>|the end<\/p>/, 'cut at the end of a line');
    assert.equal(renderMarkdown(line.repeat(10)).includes('markdown-cut'), false, 'a short text is whole');
  });

  it('the note links only to an http(s) page, and has words without a caller’s', () => {
    const long = 'x'.repeat(MARKDOWN_MAX_CHARS + 1);
    const html = renderMarkdown(long, { pageUrl: 'javascript:alert(1)' });
    assert.match(html, /<p class="markdown-cut">This text is too long to show here whole: only its beginning is shown\.<\/p>\n$/);
    assertInert(html, 'cut note');
  });
});

// The renderer runs on a worker thread (markdownOffThread.ts): markup costs the worker time, never the extension
// host's, so a body is cut only past MARKDOWN_MAX_CHARS, however much markup it holds.
describe('markup-heavy bodies render whole: only the length cuts', () => {
  /** The rows of a table of `|x|` cells, after its header. */
  const rowsOf = (html: string) => (html.match(/<tr>/g) ?? []).length - 1;

  it('a table of 25,000 rows renders every row', () => {
    const html = renderMarkdown(`|a|b|\n|-|-|\n${'|x|y|\n'.repeat(25_000)}`, { pageUrl: 'https://git.example.com/alice/demo/issues/1' });
    assert.equal(rowsOf(html), 25_000);
    assert.doesNotMatch(html, /markdown-cut/);
  });

  it('a hand-written body stays whole: a 200-row table of 8 columns and a 300-line release note with references', () => {
    const table = `|${'h|'.repeat(8)}\n|${'-|'.repeat(8)}\n${'|cell|'.concat('value|'.repeat(7), '\n').repeat(200)}`;
    assert.equal(rowsOf(renderMarkdown(table)), 200);
    const notes = Array.from({ length: 300 }, (_, i) => `- Fix the thing reported in #${i + 1} by @user${i} (*thanks*)`).join('\n');
    const html = renderMarkdown(notes, { refs: { instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'demo' } });
    assert.equal((html.match(/<li>/g) ?? []).length, 300);
    assert.doesNotMatch(html, /markdown-cut/);
  });

  it('a pasted log in a code fence weighs nothing: 200 KB of log lines render whole', () => {
    const log = '[2026-11-26 06:00:00] INFO #12 @bob *x* [a](b) | c\n'.repeat(4_000);
    const html = renderMarkdown(`Output:\n\n\`\`\`text\n${log}\`\`\`\n\nAfter the log.`);
    assert.doesNotMatch(html, /markdown-cut/);
    assert.match(html, /<p>After the log\.<\/p>\n$/);
  });

  it('20,000 commit SHAs would swell 17 times: plain text, whole; 20,000 "*a*" are as many emphases', () => {
    const html = renderMarkdown('deadbee1 '.repeat(20_000), { refs: { instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'demo' } });
    assert.equal((html.match(/class="ref commit"/g) ?? []).length, 0);
    assert.ok(html.endsWith(`<pre class="markdown-plain">${'deadbee1 '.repeat(20_000)}</pre>\n`));
    assert.equal((renderMarkdown('*a* '.repeat(20_000)).match(/<em>/g) ?? []).length, 20_000);
  });

  it('100 KB of prose is whole', () => {
    const prose = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.\n\n'.repeat(1_100);
    assert.doesNotMatch(renderMarkdown(prose), /markdown-cut/);
  });
});

// Rendered bodies are bounded in what they make, not only in what they read (#41): 1 MiB of `#1 ` made 52 MiB of
// HTML. Generated hostile bodies (references repeated, mixed, inside nested emphasis) render to at most
// HTML_PER_INPUT_CHAR times their text and HTML_MAX_CHARS in all; past that a body is plain text, whole, with its
// note; at most MAX_REFERENCE_LINKS references become links; the render stops once over its budget. The same at
// 1 MiB, the normal bodies and the worker: markdownBudgetLarge.test.ts (this file is the mutation guard's: quick).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownItClass from 'markdown-it';
import { HTML_PER_INPUT_CHAR, htmlBudget, MARKDOWN_MAX_CHARS, MARKDOWN_PARSER_OPTIONS, renderInline, renderMarkdown } from '../../../src/shared/markdown';
import { installRules, MAX_REFERENCE_LINKS, OverBudget, renderEnv } from '../../../src/shared/markdownRules';
import { assertInert } from '../security/htmlScan';
import { assertBounded, HOSTILE_UNITS, NOTE_CHARS, options, refs, repeatTo } from './markdownBudgetInputs';
import { shownAsPlainText } from './plainBody';

const KIB = 1024;

describe('rendered bodies are bounded in what they make (#41)', () => {
  for (const [name, unit] of Object.entries(HOSTILE_UNITS)) {
    for (const size of [64 * KIB]) {
      it(`${name} repeated to ${size / KIB} KiB: at most ${HTML_PER_INPUT_CHAR} times, and plain text holds it whole`, () => {
        const text = repeatTo(unit, size);
        for (const html of [renderMarkdown(text, options), renderInline(text, options)]) {
          assertBounded(name, text, html);
          const plain = shownAsPlainText(html);
          if (plain !== undefined) assert.equal(plain, text, `${name}: the plain text is the whole body`);
          else assert.ok((html.match(/class="ref /g) ?? []).length <= MAX_REFERENCE_LINKS, name);
        }
      });
    }
  }

  it('64 KiB of `#1 ` (21,845 references, 57 times its size linked) is plain text, whole, with its note, and inert', () => {
    const text = repeatTo('#1 ', 64 * KIB);
    const html = renderMarkdown(text, { ...options, plainNote: 'Too much <HTML>: shown as text.' });
    assert.ok(html.startsWith('<p class="markdown-plain-note">Too much &lt;HTML&gt;: shown as text.</p>\n<pre class="markdown-plain">#1 #1 '));
    assert.equal(shownAsPlainText(html), text);
    assert.doesNotMatch(html, /<a /);
    assert.ok(html.length < text.length + NOTE_CHARS);
  });

  it('the plain text escapes only what an element’s text needs, and nothing of it is markup', () => {
    const text = `${'#1 '.repeat(20_000)}<script>alert(1)</script> & "q" <img src=x onerror=alert(2)>`;
    const html = renderMarkdown(text, options);
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt; &amp; "q" &lt;img src=x onerror=alert(2)&gt;</pre>'));
    assert.equal(shownAsPlainText(html), text);
    assertInert(html, 'plain body');
    assert.match(renderMarkdown(text, { refs }), /<p class="markdown-plain-note">This text would make too much HTML to show formatted: it is shown as plain text\.<\/p>/, 'a note without a caller’s words');
  });

  it('htmlBudget: 8 times the text, at least 32 KiB, at most 5 MiB', () => {
    assert.equal(htmlBudget(0), 32 * KIB);
    assert.equal(htmlBudget(4 * KIB), 32 * KIB);
    assert.equal(htmlBudget(4 * KIB + 1), 32 * KIB + 8);
    assert.equal(htmlBudget(100 * KIB), 800 * KIB);
    assert.equal(htmlBudget(640 * KIB), 5 * MARKDOWN_MAX_CHARS);
    assert.equal(htmlBudget(MARKDOWN_MAX_CHARS), 5 * MARKDOWN_MAX_CHARS);
  });

  it(`at most ${MAX_REFERENCE_LINKS.toLocaleString('en')} references become links; the later ones stay text`, () => {
    // Each line is 60 characters: linked whole it stays under 8 times, so only the link cap applies.
    const lines = Array.from({ length: MAX_REFERENCE_LINKS + 500 }, (_, i) => `#${i + 1} ${'x'.repeat(56 - String(i + 1).length)}`);
    const html = renderMarkdown(lines.join('\n'), options);
    assert.equal(shownAsPlainText(html), undefined, 'rendered');
    assert.equal((html.match(/class="ref issue-ref"/g) ?? []).length, MAX_REFERENCE_LINKS);
    assert.ok(html.includes(`data-number="${MAX_REFERENCE_LINKS}"`));
    assert.ok(!html.includes(`data-number="${MAX_REFERENCE_LINKS + 1}"`));
    assert.ok(html.includes(`<br>\n#${MAX_REFERENCE_LINKS + 1} xxx`), 'the next reference is text');
    assert.ok(html.includes(`#${MAX_REFERENCE_LINKS + 500} xxx`));
    // The count is per body: the next body links again.
    assert.match(renderMarkdown('#7', options), /data-number="7"/);
  });

  it('the cap holds inside one text as well: one line of references', () => {
    const words = Array.from({ length: MAX_REFERENCE_LINKS + 10 }, (_, i) => `#${i + 1} ${'x'.repeat(56 - String(i + 1).length)}`);
    const html = renderMarkdown(words.join(' '), options);
    assert.equal(shownAsPlainText(html), undefined, 'rendered');
    assert.equal((html.match(/class="ref issue-ref"/g) ?? []).length, MAX_REFERENCE_LINKS);
    assert.ok(html.includes(`</a> ${'x'.repeat(56 - String(MAX_REFERENCE_LINKS).length)} #${MAX_REFERENCE_LINKS + 1} xxx`), 'the next reference is text');
  });

  it('references become links in place, the text around them escaped as it was; none inside a link, all after it', () => {
    const link = (n: number) =>
      `<a href="https://git.example.com/alice/demo/issues/${n}" class="ref issue-ref" data-owner="alice" data-repo="demo" data-number="${n}" title="alice/demo#${n}">#${n}</a>`;
    assert.equal(renderMarkdown('#1', options), `<p>${link(1)}</p>\n`);
    assert.equal(renderMarkdown('#1 #2', options), `<p>${link(1)} ${link(2)}</p>\n`);
    assert.equal(renderMarkdown('See #1, and #2 & <b>.', options), `<p>See ${link(1)}, and ${link(2)} &amp; &lt;b&gt;.</p>\n`);
    assert.equal(
      renderMarkdown('[see #2](https://example.com/x) then #3, [#4](https://example.com/y) #5', options),
      `<p><a href="https://example.com/x" title="https://example.com/x">see #2</a> then ${link(3)}, <a href="https://example.com/y" title="https://example.com/y">#4</a> ${link(5)}</p>\n`,
    );
  });

  it('the references in nested emphasis count against the same cap as those in plain text', () => {
    const html = renderMarkdown(Array.from({ length: MAX_REFERENCE_LINKS + 10 }, (_, i) => `*_#${i + 1}_* ${'y'.repeat(60)}`).join('\n'), options);
    assert.equal((html.match(/class="ref issue-ref"/g) ?? []).length, MAX_REFERENCE_LINKS);
  });

  it('the render stops once over its budget: the references and the renderer give up early', () => {
    const md = new MarkdownItClass('default', MARKDOWN_PARSER_OPTIONS);
    installRules(md);
    let texts = 0;
    const text = md.renderer.rules.text!;
    md.renderer.rules.text = (...args) => {
      texts++;
      return text(...args);
    };
    // 2,000 paragraphs of 1 KiB: 2 MB of HTML asked for, 64 KiB allowed.
    const body = Array.from({ length: 2000 }, () => 'a'.repeat(1024)).join('\n\n');
    assert.throws(() => md.render(body, renderEnv({ budget: 64 * KIB })), OverBudget);
    assert.ok(texts > 0 && texts < 100, `${texts} paragraphs rendered of 2,000`);
    // References: the links over the budget stop the core rule before it links the rest.
    const spent = { links: 0, refChars: 0 };
    assert.throws(() => md.parse('#1 '.repeat(100_000), renderEnv({ refs, budget: 64 * KIB, spent })), OverBudget);
    assert.ok(spent.links > 0 && spent.links < 1000, `${spent.links} references linked before it stopped`);
    // Without a budget, the same renders (the budget is the renderer's only stop).
    assert.equal(md.render('a\n\nb', renderEnv({})), '<p>a</p>\n<p>b</p>\n');
  });

  it('one long paragraph stops inside it, not after rendering all of it', () => {
    const md = new MarkdownItClass('default', MARKDOWN_PARSER_OPTIONS);
    installRules(md);
    let emphases = 0;
    md.renderer.rules.em_open = () => {
      emphases++;
      return '<em>';
    };
    assert.throws(() => md.render('*a* '.repeat(100_000), renderEnv({ budget: 64 * KIB })), OverBudget);
    assert.ok(emphases > 0 && emphases < 20_000, `${emphases} emphases rendered of 100,000`);
  });

  it('only an over-budget render becomes plain text: any other failure is the caller’s (the worker answers it as an error)', () => {
    const failing = { get refs(): never { throw new Error('boom'); } };
    assert.throws(() => renderMarkdown('#1', failing as never), /boom/);
  });
});

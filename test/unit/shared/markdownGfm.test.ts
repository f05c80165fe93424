// GitHub Flavored Markdown as Gitea renders it, by the shared renderer: tables with alignment, task lists,
// strikethrough, extended autolinks, fenced code with a language, raw HTML shown as text, bounded nesting.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../../src/shared/markdown';
import { startTags } from '../security/htmlScan';

const refs = { instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'demo' };
const render = (md: string) => renderMarkdown(md, { imageOrigin: refs.instanceUrl, refs });
const tagNames = (html: string) => startTags(html).map((t) => t.name);

describe('GFM', () => {
  it('tables, with each column’s alignment as the align attribute (no style attribute: the CSP refuses those)', () => {
    const html = render('| left | center | right | none |\n|:-----|:------:|------:|------|\n| a | b | c | d |');
    assert.deepEqual(
      startTags(html).filter((t) => t.name === 'th' || t.name === 'td').map((t) => `${t.name}:${t.attrs.get('align') ?? ''}`),
      ['th:left', 'th:center', 'th:right', 'th:', 'td:left', 'td:center', 'td:right', 'td:'],
    );
    assert.ok(!/style=/.test(html), html);
    assert.deepEqual([...new Set(tagNames(html))], ['table', 'thead', 'tr', 'th', 'tbody', 'td']);
  });

  it('task lists: disabled checkboxes, checked for [x] and [X], only at the start of a list item', () => {
    const html = render('- [ ] todo\n- [x] done\n- [X] also done\n  - [ ] nested\n- not [ ] a task\n\n[ ] not in a list');
    const boxes = startTags(html).filter((t) => t.name === 'input');
    assert.deepEqual(boxes.map((b) => [b.attrs.get('type'), b.attrs.has('disabled'), b.attrs.has('checked')]), [
      ['checkbox', true, false],
      ['checkbox', true, true],
      ['checkbox', true, true],
      ['checkbox', true, false],
    ]);
    assert.match(html, /<li>not \[ \] a task<\/li>/);
    assert.match(html, /<p>\[ \] not in a list<\/p>/);
  });

  it('strikethrough is <del>', () => {
    assert.equal(render('~~gone~~ and ~~this~~'), '<p><del>gone</del> and <del>this</del></p>\n');
  });

  it('autolinks: URLs and e-mail addresses; as on Gitea 1.27, neither www. nor a bare domain without a scheme', () => {
    const anchors = startTags(render('https://a.example/x, www.b.example/y and c@d.example; e.example is text')).filter((t) => t.name === 'a');
    assert.deepEqual(anchors.map((a) => a.attrs.get('href')), ['https://a.example/x', 'mailto:c@d.example']);
  });

  it('fenced code: escaped, a language class only for a plain identifier', () => {
    assert.equal(render('```ts\nconst a = b < c;\n```'), '<pre><code class="language-ts">const a = b &lt; c;\n</code></pre>\n');
    assert.match(render('```c++\nx\n```'), /<code class="language-c\+\+">/);
    for (const info of ['x"onclick="y', '{.python}', "x'y", 'a<b', '-x']) {
      const html = render(`\`\`\`${info}\nx\n\`\`\``);
      assert.match(html, /^<pre><code>x\n<\/code><\/pre>\n$/, `${info} → ${html}`);
    }
  });

  it('raw HTML, block or inline, is shown as text', () => {
    const html = render('<details><summary>More</summary>\n\nbody\n</details>\n\ntext <kbd>Ctrl</kbd> <!-- comment -->');
    assert.deepEqual([...new Set(tagNames(html))], ['p', 'br']);
    assert.match(html, /&lt;details&gt;&lt;summary&gt;More&lt;\/summary&gt;/);
    assert.match(html, /&lt;kbd&gt;Ctrl&lt;\/kbd&gt; &lt;!-- comment --&gt;/);
  });

  it('references link in tables and emphasis, not in code blocks, code spans or links', () => {
    const refLinks = (md: string) => startTags(render(md)).filter((t) => t.name === 'a' && /\bref\b/.test(t.attrs.get('class') ?? '')).length;
    assert.equal(refLinks('| issue |\n|---|\n| #3 |'), 1);
    assert.equal(refLinks('*#3* and **@bob**'), 2);
    assert.equal(refLinks('    #3 indented code\n\n```\n#4\n```\n\n`#5` [#6](https://a.example) <https://a.example/#7>'), 0);
  });

  it('line breaks inside a paragraph are kept, as in Gitea comments', () => {
    assert.equal(render('one\ntwo'), '<p>one<br>\ntwo</p>\n');
  });

  it('nesting is bounded: lists 9 deep and quotes 19 deep render, what lies deeper is left out', () => {
    const lists = Array.from({ length: 12 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    const html = render(lists);
    assert.equal((html.match(/<ul>/g) ?? []).length, 10, html);
    assert.match(html, /level 9/);
    assert.doesNotMatch(html, /level 10/);
    const quotes = render(`${'>'.repeat(25)} deep`);
    assert.equal((quotes.match(/<blockquote>/g) ?? []).length, 20, quotes);
    assert.doesNotMatch(quotes, /deep/);
    assert.match(render(`${'>'.repeat(19)} deep`), /<p>deep<\/p>/);
  });
});

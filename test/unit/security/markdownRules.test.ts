// What the renderer's own rules (markdownRules.ts) make of links, images and raw HTML, read as the exact HTML a body
// renders to: a kept link closes where it should, a refused one leaves its text and no stray tag, a refused autolink
// shows as written, bare domains and ftp:/`//host` URLs stay the text the author wrote. Each case fails when a part of
// those rules is taken away (`npm run mutate`, docs/MUTATION.md).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { renderInline, renderMarkdown } from '../../../src/shared/markdown';
import { installRules } from '../../../src/shared/markdownRules';
import { assertInert } from './htmlScan';

const INSTANCE = 'https://git.example.com/sub/';
const render = (md: string) => renderMarkdown(md, { imageOrigin: INSTANCE });
/** The anchor the renderer makes of a kept link: titled with its target, so the reader sees where it goes. */
const anchor = (href: string, text: string) => `<a href="${href}" title="${href}">${text}</a>`;

describe('links as rendered', () => {
  it('a kept link is an anchor around its text, titled with its target in place of the author’s title', () => {
    assert.equal(render('[docs *here*](https://a.example/p "trust me")'), `<p>${anchor('https://a.example/p', 'docs <em>here</em>')}</p>\n`);
  });

  it('a refused link leaves its text, with no anchor and no stray closing tag', () => {
    assert.equal(render('see [x *y*](javascript:alert(1)) z'), '<p>see x <em>y</em> z</p>\n');
  });

  it('a refused autolink shows as written, angle brackets included', () => {
    assert.equal(render('<command:workbench.action.quit>'), '<p>&lt;command:workbench.action.quit&gt;</p>\n');
  });

  it('refused, refused-autolink and kept links in one paragraph each end where they should', () => {
    assert.equal(
      renderInline('[a](command:x) <vscode:y> [b](https://b.example/) <https://c.example/> [c](data:x) <mailto:d@example.com>'),
      `a &lt;vscode:y&gt; ${anchor('https://b.example/', 'b')} ${anchor('https://c.example/', 'https://c.example/')} c ${anchor('mailto:d@example.com', 'mailto:d@example.com')}`,
    );
  });

  it('an autolink inside a link’s text is judged on its own: kept inside a refused link, shown as written inside a kept one', () => {
    assert.equal(renderInline('[a <https://x.example/> b](javascript:y)'), `a ${anchor('https://x.example/', 'https://x.example/')} b`);
    assert.equal(renderInline('[a <command:x> b](https://y.example/)'), anchor('https://y.example/', 'a &lt;command:x&gt; b'));
  });

  it('as on Gitea 1.27, bare www. and domain names stay text; e-mail addresses and http(s) URLs link', () => {
    assert.equal(
      renderInline('www.example.com, example.com, a@example.com and https://example.com/x'),
      `www.example.com, example.com, ${anchor('mailto:a@example.com', 'a@example.com')} and ${anchor('https://example.com/x', 'https://example.com/x')}`,
    );
  });

  it('ftp: and protocol-relative //host URLs are not linked and stay exactly as written (not decoded)', () => {
    assert.equal(renderInline('ftp://a.example/%41%42 and see //b.example/%43'), 'ftp://a.example/%41%42 and see //b.example/%43');
  });
});

describe('images as rendered', () => {
  it('an image of the instance loads, its alt the plain text of its description', () => {
    assert.equal(render('![an *alt* "q"](/sub/a.png)'), '<p><img src="https://git.example.com/sub/a.png" alt="an alt &quot;q&quot;"></p>\n');
  });

  it('an image from elsewhere shows its alt text in brackets, or [image] when it has none', () => {
    assert.equal(render('![a <b>](https://evil.example/t.png)'), '<p><span class="image">[a &lt;b&gt;]</span></p>\n');
    assert.equal(render('![](https://evil.example/t.png)'), '<p><span class="image">[image]</span></p>\n');
  });
});

describe('raw HTML stays text even on a parser that reads it', () => {
  // markdown.ts parses with html: false, which makes no HTML tokens; the rules still show any such token as text.
  const htmlParser = new MarkdownIt('default', { html: true });
  installRules(htmlParser);

  it('an HTML block becomes an escaped paragraph, inline HTML escaped text', () => {
    const body = '<div onclick="x()">\n\nsee <b onmouseover="y()">b</b>';
    const html = htmlParser.render(body);
    assert.equal(html, '<p>&lt;div onclick=&quot;x()&quot;&gt;\n</p>\n<p>see &lt;b onmouseover=&quot;y()&quot;&gt;b&lt;/b&gt;</p>\n');
    assertInert(html, body);
  });
});

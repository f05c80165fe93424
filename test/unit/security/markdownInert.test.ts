// Issue and release bodies come from other people. Rendered by the Markdown renderer the webviews use, no body can
// run script or a command: no executable tag, no event-handler attribute, no link or source whose scheme is
// anything but http(s)/mailto. The checks read the produced HTML with a small tag scanner rather than looking
// for substrings, so escaped text such as `&lt;img onerror&gt;` (harmless, shown as text) does not count.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../../src/shared/markdown';
import { assertInert, startTags } from './htmlScan';

const HOSTILE_BODIES = [
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '[x](command:workbench.action.quit)',
  // variants a sanitizer must also catch
  '[x](JaVaScRiPt:alert(1))',
  '[x]( javascript:alert(1) )',
  '[x](<javascript:alert(1)>)',
  '[x](javascript&colon;alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)',
  '[x](vscode:extension/evil.publisher)',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](https://evil.example/track.png" onerror="alert(1))',
  '<javascript:alert(1)>',
  '<command:workbench.action.quit>',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="command:workbench.action.quit">x</a>',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<details open ontoggle=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '[x](https://ok.example/"onmouseover="alert(1))',
  '[<img src=x onerror=alert(1)>](https://ok.example/)',
  '**<img src=x onerror=alert(1)>**',
  '> <img src=x onerror=alert(1)>',
  '- [x](javascript:alert(1))',
  '# <img src=x onerror=alert(1)>',
  '`<img src=x onerror=alert(1)>`',
  '```html\n<img src=x onerror=alert(1)>\n```',
  'https://ok.example/"><img src=x onerror=alert(1)>',
];

describe('Markdown of issue and release bodies is inert', () => {
  it('the three cases of the issue: <img onerror>, a javascript: link, a command: link', () => {
    const img = renderMarkdown('<img src=x onerror=alert(1)>');
    assertInert(img, '<img onerror>');
    assert.ok(!startTags(img).some((t) => t.name === 'img'), 'the raw <img> survived');
    for (const link of ['[x](javascript:alert(1))', '[x](command:workbench.action.quit)']) {
      const html = renderMarkdown(link);
      assertInert(html, link);
      assert.ok(!startTags(html).some((t) => t.name === 'a'), `${link} became an anchor: ${html}`);
      assert.match(html, /x/, 'the link text is still shown');
    }
  });

  for (const body of HOSTILE_BODIES) {
    it(`inert: ${JSON.stringify(body).slice(0, 80)}`, () => assertInert(renderMarkdown(body), body));
  }

  it('safe links still work (the sanitizer does not just drop everything)', () => {
    const tags = startTags(renderMarkdown('[docs](https://docs.example.com/a?b=1) and <mailto:a@example.com>'));
    assert.deepEqual(
      tags.filter((t) => t.name === 'a').map((t) => t.attrs.get('href')),
      ['https://docs.example.com/a?b=1', 'mailto:a@example.com'],
    );
  });

  it('the tag scanner itself catches what it should (guards the checks above)', () => {
    assert.throws(() => assertInert('<img src=x onerror=alert(1)>', 't'));
    assert.throws(() => assertInert('<a href="jav&#x61;script:alert(1)">x</a>', 't'));
    assert.throws(() => assertInert('<a href=" command:x">x</a>', 't'));
    assert.throws(() => assertInert('<p onclick="x()">x</p>', 't'));
    assert.doesNotThrow(() => assertInert('<p>&lt;img src=x onerror=alert(1)&gt;</p>', 't'));
  });
});

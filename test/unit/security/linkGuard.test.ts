// The link and image guards of rendered bodies (htmlSafety.ts), each case chosen to fail when a part of a guard is
// taken away: isSafeLink without its `^` let `[x](javascript:alert(1)//https://a.example)` become a live link and no
// test noticed (issue #20, item 8). Both the guard itself and what the renderer makes of such a body are checked.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeLanguage, escapeHtml } from '../../../src/shared/htmlSafety';
import { instanceImageUrl, isSafeLink, renderMarkdown } from '../../../src/shared/markdown';
import { assertInert, startTags } from './htmlScan';

const INSTANCE = 'https://git.example.com/sub/';
const render = (md: string) => renderMarkdown(md, { imageOrigin: INSTANCE, refs: { instanceUrl: INSTANCE, owner: 'alice', repo: 'demo' } });
const hrefs = (html: string) => startTags(html).filter((t) => t.name === 'a').map((t) => t.attrs.get('href'));
const images = (html: string) => startTags(html).filter((t) => t.name === 'img').map((t) => t.attrs.get('src'));

/** Targets that must never become a link: [target, what a missing part of the guard would let through]. */
const REFUSED: [string, string][] = [
  ['javascript:alert(1)//https://a.example', 'the ^ anchor: an http(s) URL later in the target'],
  ['javascript:alert(1);https://a.example', 'the ^ anchor'],
  ['x https://a.example', 'the ^ anchor, after text'],
  ['JaVaScRiPt:alert(1)', 'case folding of a refused scheme'],
  ['JAVASCRIPT:alert(1)', 'case folding'],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data:'],
  ['DATA:text/html,x', 'data: in capitals'],
  ['vbscript:msgbox(1)', 'vbscript:'],
  ['VBScript:msgbox(1)', 'vbscript: in mixed case'],
  ['java&#115;cript:alert(1)', 'an entity inside the scheme'],
  ['&#106;avascript:alert(1)', 'an entity at the start'],
  ['javascript&colon;alert(1)', 'a named entity for the colon'],
  ['\u0001javascript:alert(1)', 'a control character before the scheme'],
  ['\u0000https://a.example', 'a NUL before an allowed scheme'],
  ['%20javascript:alert(1)', 'an encoded space before the scheme'],
  ['//evil.example/x', 'a protocol-relative URL'],
  ['/relative/path', 'a relative path'],
  ['https:/a.example', 'one slash'],
  ['http:a.example', 'no slashes'],
  ['ftp://a.example/x', 'another scheme'],
  ['command:workbench.action.quit', 'command:'],
  ['vscode:extension/evil.publisher', 'vscode:'],
  ['file:///etc/passwd', 'file:'],
  ['mailto', 'mailto without its colon'],
];

describe('link guard: only http(s) and mailto targets become links', () => {
  for (const [target, why] of REFUSED) {
    it(`refused: ${JSON.stringify(target)} (${why})`, () => {
      assert.equal(isSafeLink(target), false, target);
      for (const body of [`[x](${target})`, `[x](<${target}>)`, `[x][r]\n\n[r]: <${target}>`]) {
        const html = render(body);
        // Its text stays, not as a link (a URL written inside the target may become a link of its own).
        assert.doesNotMatch(html, /<a [^>]*>x<\/a>/, `${JSON.stringify(body)} → ${html}`);
        assert.match(html, /x/);
        assertInert(html, body);
      }
      const autolink = render(`<${target}>`);
      assertInert(autolink, target);
    });
  }

  it('a target with whitespace is refused by the guard (the renderer percent-encodes it before asking)', () => {
    assert.equal(isSafeLink('https://a.example/ javascript:alert(1)'), false, 'the $ anchor');
    assert.equal(isSafeLink('https://a.example/\tx'), false);
    assert.equal(isSafeLink('  https://a.example/x  '), true, 'surrounding spaces are trimmed');
  });

  it('kept: http, https and mailto, in any case, as anchors titled with their target', () => {
    for (const target of ['https://a.example/x?a=1', 'http://a.example', 'HTTPS://A.EXAMPLE/P', 'mailto:a@example.com', 'MAILTO:a@example.com']) {
      assert.equal(isSafeLink(target), true, target);
      const [a] = startTags(render(`[x](${target})`)).filter((t) => t.name === 'a');
      assert.ok(a, target);
      assert.equal(a.attrs.get('href'), a.attrs.get('title'), a.raw);
      assert.match(a.attrs.get('href')!, /^(https?:\/\/|mailto:)/i, a.raw);
    }
    assert.deepEqual(hrefs(render('<mailto:a@example.com> and b@example.com')), ['mailto:a@example.com', 'mailto:b@example.com']);
  });

  it('bare text that looks like a refused link is never linked', () => {
    for (const body of ['javascript:alert(1)', 'see //evil.example/x', 'data:text/html,x', 'ftp://a.example/x', 'vbscript:x']) {
      assert.deepEqual(hrefs(render(body)), [], body);
    }
  });
});

describe('image guard: only images of the instance load', () => {
  const refused = [
    'https://evil.example/a.png',
    'HTTPS://EVIL.EXAMPLE/a.png',
    '//evil.example/a.png',
    '//git.example.com/a.png',
    'https://git.example.com.evil.example/a.png',
    'https://git.example.com@evil.example/a.png',
    'https://git.example.com:444/a.png',
    'http://git.example.com/a.png',
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'java&#115;cript:alert(1)',
    'relative/a.png',
  ];
  for (const src of refused) {
    it(`refused: ${src}`, () => {
      const html = render(`![alt text](${src})`);
      assert.deepEqual(images(html), [], html);
      assert.match(html, /\[alt text\]/, 'the alt text is shown instead');
      assertInert(html, src);
    });
  }

  it('kept: absolute and root-relative images of the instance', () => {
    assert.deepEqual(images(render('![a](https://git.example.com/sub/attachments/1) ![b](/sub/attachments/2)')), [
      'https://git.example.com/sub/attachments/1',
      'https://git.example.com/sub/attachments/2',
    ]);
    assert.equal(instanceImageUrl('https://git.example.com/a.png', undefined), undefined, 'no instance, no images');
    assert.deepEqual(images(renderMarkdown('![a](https://git.example.com/sub/attachments/1)')), [], 'a render without imageOrigin loads none');
  });
});

describe('the guards themselves, case by case', () => {
  it('an image source is checked before it is resolved: only http(s) URLs and root-relative paths of the instance', () => {
    const at = (src: string) => instanceImageUrl(src, INSTANCE);
    assert.equal(at('  /a.png  '), 'https://git.example.com/a.png', 'surrounding spaces are trimmed');
    for (const src of ['relative/a.png', 'x/a.png', '//git.example.com/a.png', '/a b.png', 'https://git.example.com/a b.png', 'https://[bad/a.png']) {
      assert.equal(at(src), undefined, src);
    }
    assert.equal(instanceImageUrl('http://h.example/a.png', 'http://h.example/sub'), 'http://h.example/a.png', 'an http instance');
    assert.equal(instanceImageUrl('/a.png', ''), undefined, 'no instance, no images');
    assert.equal(instanceImageUrl('/a.png', 'not a url'), undefined, 'an instance that is no URL loads none');
  });

  it('escaping covers the five characters HTML gives a meaning, and only them', () => {
    assert.equal(escapeHtml(`a&b<c>d"e'f`), 'a&amp;b&lt;c&gt;d&quot;e&#39;f');
    assert.equal(escapeHtml('plain (text) #1 `x`'), 'plain (text) #1 `x`');
    // A text made only of characters to escape (the shortcut must not take it for one with none).
    assert.equal(escapeHtml(`<>&"'`), '&lt;&gt;&amp;&quot;&#39;');
    assert.equal(escapeHtml('<'), '&lt;');
  });

  it('a fence language becomes a class only when it is a short plain identifier', () => {
    for (const [info, word] of [['ts', 'ts'], ['  c++ {.x}', 'c++'], ['objective-c', 'objective-c'], ['c#', 'c#'], ['9a.b_c', '9a.b_c'], [`a${'b'.repeat(39)}`, `a${'b'.repeat(39)}`]] as const) {
      assert.equal(codeLanguage(info), word, info);
    }
    for (const info of ['', '-x', '.x', 'x"y', 'x<y', 'x/y', `a${'b'.repeat(40)}`, 'ä']) assert.equal(codeLanguage(info), undefined, info);
  });
});

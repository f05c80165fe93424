// Server text in a trusted MarkdownString (the hover of Show Pull Request for Current Line, the branch item's
// tooltip: both allow some of our commands) goes through escapeMarkdown. Rendered by a CommonMark parser with
// everything on (HTML, autolinks, bare-URL linkify, typographer), the result is exactly the server's text: no link,
// no tag, no entity of the server's, and no `$(` left for VS Code to draw as an icon.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { escapeMarkdown, markdownLinkTarget } from '../../../src/shared/markdownText';
import { escapeMarkdown as viewsEscape } from '../../../src/views/text';

const md = new MarkdownIt({ html: true, linkify: true });

/** The text of markdown-it's HTML of `markdown` (paragraphs apart by a blank line), and its tags. */
function rendered(markdown: string): { text: string; tags: string[] } {
  const html = md.render(markdown);
  const tags = [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase());
  const text = html
    .replace(/<\/p>\n<p>/g, '\n\n')
    .replace(/<br>\n?/g, '\n')
    .replace(/<\/?p>\n?/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\n$/, '');
  return { text, tags };
}

const HOSTILE = [
  '<command:gitea.backToDefaultBranch>',
  '<COMMAND:gitea.openIssue?%5B%5D>',
  '[Open](command:gitea.openIssue?%5B%7B%7D%5D)',
  '[Open][r]\n\n[r]: command:gitea.openIssue',
  '![x](https://evil.example/t.png)',
  '<a href="command:gitea.backToDefaultBranch">x</a>',
  '<img src=x onerror=alert(1)>',
  'https://evil.example/ and www.evil.example and mail@evil.example',
  '&lt;command:gitea.backToDefaultBranch&gt; &#60;command:x&#62; &amp;',
  '$(zap) and \\$(zap) and $(zap~spin)',
  '\\<command:gitea.backToDefaultBranch\\>',
  '# heading\n- item\n1. one\n> quote\n---\n| a | b |\n```\ncode\n```',
  '**bold** _it_ `code` ~~del~~ <b>tag</b>',
  'trailing backslash \\',
  'line\r\nbreaks\rand\nmore',
];

describe('escapeMarkdown: server text in a MarkdownString renders as exactly that text', () => {
  for (const s of HOSTILE) {
    it(`${JSON.stringify(s).slice(0, 70)}`, () => {
      const out = escapeMarkdown(s);
      const { text, tags } = rendered(out);
      assert.deepEqual(tags.filter((t) => t !== 'p' && t !== 'br'), [], `markup formed from ${out}`);
      assert.equal(text, s.replace(/\r\n?/g, '\n'), `rendered differently: ${out}`);
      assert.ok(!out.includes('<') && !out.includes('>'), 'no angle bracket: no autolink, no tag');
      assert.ok(!out.includes('$'), 'no `$`: VS Code draws `$(name)` of the rendered HTML as an icon');
      assert.doesNotMatch(out, /(^|[^\\])(?:\\\\)*:/, 'no unescaped `:` (no scheme)');
    });
  }

  it('the exact escapes: punctuation backslashed, &<>$ as entities, line ends as hard breaks', () => {
    assert.equal(escapeMarkdown('<command:x>'), '&lt;command\\:x&gt;');
    assert.equal(escapeMarkdown('$(zap) & co'), '&#36;\\(zap\\) &amp; co');
    assert.equal(escapeMarkdown('!"#%\'()*+,-./:;=?@[\\]^_`{|}~'), '\\!\\"\\#\\%\\\'\\(\\)\\*\\+\\,\\-\\.\\/\\:\\;\\=\\?\\@\\[\\\\\\]\\^\\_\\`\\{\\|\\}\\~');
    assert.equal(escapeMarkdown('a\r\nb\rc\nd'), 'a  \nb  \nc  \nd');
    assert.equal(escapeMarkdown('plain text 123 é ü 中'), 'plain text 123 é ü 中');
    assert.equal(escapeMarkdown(''), '');
    // The ends of the punctuation ranges: DEL (0x7f), space, digits and letters are no punctuation.
    assert.equal(escapeMarkdown('\x7f 09AZaz\x7f~'), '\x7f 09AZaz\x7f\\~');
  });

  it('the views use the same escaper', () => {
    assert.equal(viewsEscape, escapeMarkdown);
  });

  it('any text, including mixes of the syntax above, renders as itself with no markup (generated)', () => {
    const pieces = fc.constantFrom('<', '>', '&', '$', '(', ')', '[', ']', ':', 'command', 'gitea.openIssue', '\\', '`', '*', '_', '#', '!', '-', '.', '|', '~', '=', '+', '1', 'www', 'http', '//', 'a', ' ', '&#60;', '&lt;', 'x@y.example');
    const text = fc.oneof(fc.array(pieces, { maxLength: 40 }).map((a) => a.join('')), fc.string({ unit: 'grapheme-ascii', maxLength: 60 }));
    fc.assert(
      fc.property(text, (s) => {
        // Leading and trailing spaces are not text a paragraph keeps; the pull request titles the hovers show are single lines.
        const line = s.replace(/[\r\n]/g, ' ').trim();
        const { text: shown, tags } = rendered(escapeMarkdown(line));
        return shown === line && tags.every((t) => t === 'p');
      }),
      { numRuns: 500 },
    );
  });
});

describe('markdownLinkTarget: a URL stays the destination of its link', () => {
  /** The hrefs markdown-it makes of `[label](target)` followed by more text. */
  const hrefs = (target: string): string[] => [...md.render(`[label](${target}) tail`).matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

  it('the characters that could end the link or start syntax are percent-encoded as UTF-8', () => {
    assert.equal(markdownLinkTarget('https://git.example.com/a/b?x=1&y=2#top'), 'https://git.example.com/a/b?x=1&y=2#top', 'an ordinary URL is kept');
    assert.equal(markdownLinkTarget('command:gitea.openIssue?%5B%7B%7D%5D'), 'command:gitea.openIssue?%5B%7B%7D%5D', 'encoded arguments are kept');
    assert.equal(markdownLinkTarget("a)b(c[d]e<f>g h$i!j'k*l\\m\"n`o{p}q|r^s"), "a%29b%28c%5Bd%5De%3Cf%3Eg%20h%24i%21j%27k%2Al%5Cm%22n%60o%7Bp%7Dq%7Cr%5Es");
    assert.equal(markdownLinkTarget('é中😀'), '%C3%A9%E4%B8%AD%F0%9F%98%80');
    assert.equal(markdownLinkTarget('\n\t'), '%0A%09');
    assert.equal(markdownLinkTarget('-._~:/?#@&+,;=%_09azAZ'), '-._~:/?#@&+,;=%_09azAZ');
  });

  it('a hostile URL cannot end the link early and put a command link after it', () => {
    const hostile = 'https://git.example.com/a)[x](command:gitea.backToDefaultBranch) <command:gitea.backToDefaultBranch> $(zap)';
    const links = hrefs(markdownLinkTarget(hostile));
    assert.equal(links.length, 1, `one link only: ${links.join(' ')}`);
    assert.ok(!links[0]!.includes('(') && !links[0]!.includes(' ') && !links[0]!.includes('$'), links[0]);
    assert.equal(decodeURIComponent(links[0]!), hostile, 'and it is the URL itself');
    assert.ok(hrefs(hostile).length > 1, 'the raw URL would have formed a second link');
  });

  it('any text: one link whose target decodes to the text (generated)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (wellFormed) => {
        const links = hrefs(markdownLinkTarget(`https://h.example/${wellFormed.replace(/%/g, '%25')}`));
        return links.length === 1 && decodeURIComponent(links[0]!.replace(/&amp;/g, '&')) === `https://h.example/${wellFormed}`;
      }),
      { numRuns: 300 },
    );
  });
});

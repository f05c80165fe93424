// Server text in tree-item tooltips (issue titles, branch names, label names and colours, commit messages) goes
// through escapeMarkdown into MarkdownStrings that allow a little HTML (label swatches). Hostile text must stay
// literal: no tag, no link or image syntax (so no javascript:/command: link), and a label colour only ever
// becomes a hex colour inside the swatch's style attribute.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escapeMarkdown, labelColor } from '../../../src/views/text';

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '[x](command:workbench.action.quit)',
  '![x](https://evil.example/t.png)',
  '<a href="command:workbench.action.quit">x</a>',
  '[x][1]\n\n[1]: command:workbench.action.quit',
  '<javascript:alert(1)>',
  'title with `code` and **bold** and <b>tag</b> and &lt;entity&gt;',
  '$(zap) codicon lookalike',
  '\\[x\\](command:x)',
];

/** Positions of a character not preceded by an odd number of backslashes (i.e. still Markdown syntax). */
function unescaped(text: string, ch: string): number[] {
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ch) continue;
    let slashes = 0;
    for (let j = i - 1; j >= 0 && text[j] === '\\'; j--) slashes++;
    if (slashes % 2 === 0) at.push(i);
  }
  return at;
}

describe('tooltip text from the server stays literal', () => {
  for (const s of HOSTILE) {
    it(`escapeMarkdown: ${JSON.stringify(s).slice(0, 60)}`, () => {
      const out = escapeMarkdown(s);
      assert.ok(!out.includes('<') && !out.includes('>'), `raw angle bracket survives: ${out}`);
      // `:` escaped too: no autolink or scheme (javascript:, command:) can form.
      for (const ch of ['[', ']', '(', ')', '!', '`', '*', '$', ':']) assert.deepEqual(unescaped(out, ch), [], `unescaped ${ch} in ${out}`);
    });
  }

  it('a label colour is a hex colour or nothing (it is written into a style attribute)', () => {
    assert.equal(labelColor('ee0701'), '#ee0701');
    assert.equal(labelColor('#ABC'), '#abc');
    for (const bad of ['red;background:url(javascript:alert(1))', '#12345g', '"><img src=x onerror=alert(1)>', 'ee0701;', ' ee0701', '', undefined]) {
      assert.equal(labelColor(bad), undefined, `accepted ${JSON.stringify(bad)}`);
    }
  });
});

// Server text in messages, progress, pickers and the status bar: after inertText VS Code finds no link and no icon in
// it, alone or joined to other text, and it reads as written. The two patterns are VS Code's own (1.139:
// src/vs/base/common/linkedText.ts LINK_REGEX, src/vs/base/browser/ui/iconLabel/iconLabels.ts), so the test fails
// the way the editor would render.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inertOptional, inertText, WORD_JOINER } from '../../../src/shared/untrustedText';

/** VS Code's parseLinkedText: the links it would make clickable in `text` (its label class without `[`, which keeps
 * the pattern linear: the same links, a label starting at its last `[`). */
function linksIn(text: string): { label: string; href: string }[] {
  const pattern = /\[([^[\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["']).+?\3)?\)/gi;
  return [...text.matchAll(pattern)].map((m) => ({ label: m[1]!, href: m[2]! }));
}

/** VS Code's renderLabelWithIcons: the icons (an escaped `\$(x)` shows as text) it would draw for `text`. */
function iconsIn(text: string): string[] {
  return [...text.matchAll(/(\\)?\$\(([a-z0-9-]+(?:~[a-z0-9-]*)?)\)/gi)].filter((m) => !m[1]).map((m) => m[2]!);
}

const SHOWN_AS = (text: string): string => text.split(WORD_JOINER).join('');

const HOSTILE = [
  '[Show details](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D)',
  '[x](COMMAND:workbench.action.quit)',
  '[x](https://evil.example/)',
  '[x](file:///etc/passwd)',
  '[x](command:a "a title")',
  "[x](command:a 'a title')",
  '[[nested](command:inner)](command:outer)',
  '[a [b](command:x) c](command:y)',
  '\\[escaped\\](command:x)',
  '\\[x](command:x)',
  'before [x](command:a) between [y](http://b) after',
  '[x](command:a)[y](command:b)',
  '$(zap) $(sync~spin) \\$(escaped)',
  '$($(zap))',
  'line\n[x](command:a)\r\n$(zap)',
];

describe('inertText: no link, no icon', () => {
  it('the hostile texts: VS Code finds links and icons before, none after', () => {
    assert.ok(HOSTILE.every((s) => linksIn(s).length + iconsIn(s).length > 0), 'each sample is something VS Code renders');
    for (const s of HOSTILE) {
      const out = inertText(s);
      assert.deepEqual(linksIn(out), [], `link left in ${JSON.stringify(out)}`);
      assert.deepEqual(iconsIn(out), [], `icon left in ${JSON.stringify(out)}`);
      assert.equal(SHOWN_AS(out), s, 'reads as written');
    }
  });

  it('joined to other inert text or to sentences around it, still nothing', () => {
    const parts = ['[x', '[x]', '](command:a)', '(command:a)', 'a$', '$', '(zap)', 'zap)', ']', '(', ''];
    for (const a of parts) {
      for (const b of parts) {
        for (const joined of [inertText(a) + inertText(b), `${inertText(a)}(${inertText(b)})`, `[${inertText(a)}]${inertText(b)}`]) {
          assert.deepEqual(linksIn(joined), [], `${JSON.stringify(a)} + ${JSON.stringify(b)}: ${JSON.stringify(joined)}`);
          assert.deepEqual(iconsIn(joined), [], `${JSON.stringify(a)} + ${JSON.stringify(b)}: ${JSON.stringify(joined)}`);
        }
      }
    }
  });

  it('random texts of the syntax characters: nothing, alone or joined (seeded)', () => {
    const alphabet = ['[', ']', '(', ')', '$', '\\', ' ', '"', "'", 'command:', 'http://', 'file:', 'x', 'zap', '\n', WORD_JOINER];
    let seed = 20;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const random = (): string => Array.from({ length: 1 + next(14) }, () => alphabet[next(alphabet.length)]).join('');
    for (let i = 0; i < 20_000; i++) {
      const a = random();
      const b = random();
      for (const shown of [inertText(a), inertText(a) + inertText(b), `${inertText(a)} (${inertText(b)})`]) {
        assert.deepEqual(linksIn(shown), [], JSON.stringify(shown));
        assert.deepEqual(iconsIn(shown), [], JSON.stringify(shown));
      }
      assert.equal(SHOWN_AS(inertText(a)), SHOWN_AS(a), 'only word joiners are added');
    }
  });

  it('plain text is left as it is; applying it twice changes nothing more', () => {
    for (const s of ['', 'Fix the parser (again)', 'costs $5 (tax)', '[WIP] title', 'a](b', 'price: 5$ ', '#12 (draft)']) {
      const once = inertText(s);
      assert.equal(inertText(once), once);
    }
    assert.equal(inertText('Fix the parser (again)'), 'Fix the parser (again)');
    assert.equal(inertText('[WIP] title'), '[WIP] title');
    assert.equal(inertText('costs $ 5'), 'costs $ 5');
    assert.equal(inertText('a](b'), `a]${WORD_JOINER}(b`);
    assert.equal(inertText('ends with ]'), `ends with ]${WORD_JOINER}`);
    assert.equal(inertText('ends with $'), `ends with $${WORD_JOINER}`);
    assert.equal(inertText('(starts'), `${WORD_JOINER}(starts`);
    assert.equal(inertText('$(zap)'), `$${WORD_JOINER}(zap)`);
  });

  it('inertOptional: missing stays missing, text is made inert', () => {
    assert.equal(inertOptional(undefined), undefined);
    assert.equal(inertOptional(null), undefined);
    assert.equal(inertOptional(''), '');
    assert.equal(inertOptional('$(zap)'), `$${WORD_JOINER}(zap)`);
  });
});

// What a writing tool's confirmation says of the characters in a text that a reader does not see, or that reorder
// what is shown: every kind found and counted, the first five named; ordinary text, emoji and scripts say nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hiddenCharacters } from '../../../src/lm/hiddenText';

test('bidirectional controls, invisible format characters, tags, supplementary variation selectors and controls are found', () => {
  const hidden = [
    '\u0000', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f', '\u0085', '\u009f', '\u00ad', '\u061c', '\u180e',
    '\u200b', '\u200f', '\u202a', '\u202e', '\u2060', '\u2064', '\u2066', '\u2069', '\ufeff',
    '\u{e0000}', '\u{e0041}', '\u{e007f}', '\u{e0100}', '\u{e01ef}',
  ];
  for (const c of hidden) assert.equal(hiddenCharacters(`a${c}b`)?.count, 1, `U+${c.codePointAt(0)!.toString(16)}`);
  assert.deepEqual(hiddenCharacters('Fix\u202Etxt.exe\u200B\u{E0049}\u{E0047}\u{E004E}\u202E'), { count: 6, names: ['U+202E', 'U+200B', 'U+E0049', 'U+E0047', 'U+E004E'] });
  assert.deepEqual(hiddenCharacters('\u0001'), { count: 1, names: ['U+0001'] });
});

test('ordinary text says nothing: tabs, line breaks, accents, scripts, emoji with their selector and modifiers', () => {
  for (const text of ['', 'plain text\twith\ttabs\r\nand lines\n', 'café, naïve, Ærø', 'Привет, 你好, مرحبا', 'Thanks ❤️ 👍🏽', '\u0009\u000a\u000d', '\u00a0\u2028', '\u2065', '\u{e0080}', '\u{e01f0}', '\u{dffff}']) {
    assert.equal(hiddenCharacters(text), undefined, JSON.stringify(text));
  }
});

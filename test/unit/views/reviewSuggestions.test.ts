// Suggested changes in review comments: the ```suggestion blocks of a body (other code blocks and their contents
// left alone), how a suggestion shows (a diff block that no line of it can close), when applying is refused (the
// copy's line reads differently from the commented line, or already reads as suggested), the edit made, and the
// block Suggest a Change writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkApply, MAX_SUGGESTION_BODY_CHARS, parseSuggestions, renderSuggestions, suggestionBlockOf, suggestionEdit } from '../../../src/views/changedFiles/review/suggestions';

const lines = (...l: string[]) => (n: number) => l[n - 1];

test('parseSuggestions: the lines of each ```suggestion block; other fences and a suggestion inside them are not', () => {
  const body = ['Try this:', '```suggestion', 'const a = 2;', '', 'const b = 3;', '```', 'and', '```ts', '```suggestion', 'x', '```', 'end'].join('\n');
  assert.deepEqual(parseSuggestions(body).map((b) => [b.lines, b.from, b.to]), [[['const a = 2;', '', 'const b = 3;'], 1, 5]]);
  // Longer fences, tildes, CRLF bodies, an empty block (delete the line), an unclosed block (to the end).
  assert.deepEqual(parseSuggestions('````suggestion\r\n```\r\n````').map((b) => b.lines), [['```']]);
  assert.deepEqual(parseSuggestions('~~~ suggestion\nx\n~~~').map((b) => b.lines), [['x']]);
  assert.deepEqual(parseSuggestions('```suggestion\n```').map((b) => b.lines), [[]]);
  assert.deepEqual(parseSuggestions('```suggestion\nrest').map((b) => b.lines), [['rest']]);
  assert.deepEqual(parseSuggestions('```suggestions\nx\n```'), []);
  assert.deepEqual(parseSuggestions('``` `suggestion`\nx\n```'), []);
});

test('renderSuggestions: a diff block, the commented line removed and the suggested lines added; the rest unchanged', () => {
  const shown = renderSuggestions('Rename it:\n```suggestion\nconst total = 1;\n```\nThanks', 'const t = 1;', 'Suggested change');
  assert.equal(shown, 'Rename it:\n\n*Suggested change*\n\n```diff\n- const t = 1;\n+ const total = 1;\n```\nThanks');
  assert.equal(renderSuggestions('No block', 'x', 'Suggested change'), 'No block');
  // Unknown commented line (no diff hunk): only the added lines.
  assert.equal(renderSuggestions('```suggestion\ny\n```', undefined, 'S'), '*S*\n\n```diff\n+ y\n```');
});

test('renderSuggestions: a suggestion holding fences and HTML stays inside its code block', () => {
  const shown = renderSuggestions('`````suggestion\n````\n<img src=x onerror=alert(1)>\n`````', '`', 'S');
  const fence = /^(`+)diff$/m.exec(shown)![1]!;
  assert.ok(fence.length >= 5, 'the fence is longer than the backtick runs inside');
  const inside = shown.slice(shown.indexOf(`${fence}diff`) + fence.length + 5, shown.lastIndexOf(fence));
  assert.ok(inside.split('\n').filter(Boolean).every((l) => l.startsWith('- ') || l.startsWith('+ ')), inside);
  assert.ok(shown.endsWith(fence));
});

test('checkApply: only while the line reads as the commented line did', () => {
  const body = '```suggestion\nconst total = 1;\n```';
  assert.deepEqual(checkApply(body, 'const t = 1;', 2, lines('a', 'const t = 1;', 'c')), { kind: 'ok', lines: ['const total = 1;'] });
  assert.deepEqual(checkApply(body, 'const t = 1;', 2, lines('a', 'const t = 1;\r', 'c')), { kind: 'ok', lines: ['const total = 1;'] });
  assert.deepEqual(checkApply(body, 'const t = 1;', 2, lines('a', 'const t = 2;', 'c')), { kind: 'changed' });
  assert.deepEqual(checkApply(body, 'const t = 1;', 2, lines('a', 'const t = 1; ', 'c')), { kind: 'changed' }, 'whitespace counts');
  assert.deepEqual(checkApply(body, 'const t = 1;', 4, lines('a', 'const t = 1;')), { kind: 'changed' }, 'the line is gone');
  assert.deepEqual(checkApply(body, 'const t = 1;', 2, lines('a', 'const total = 1;')), { kind: 'applied' });
  assert.deepEqual(checkApply(body, undefined, 2, lines('a', 'const t = 1;')), { kind: 'unknown' });
  assert.deepEqual(checkApply('No block', 'x', 1, lines('x')), { kind: 'none' });
  assert.deepEqual(checkApply(`${body}\n${body}`, 'x', 1, lines('x')), { kind: 'several' });
});

test('suggestionEdit: the line\'s text replaced by the lines (joined with the file\'s line break); no lines delete the line', () => {
  const len = (n: number) => ['one', 'two', 'three'][n - 1]!.length;
  assert.deepEqual(suggestionEdit(2, 3, len, ['2a', '2b'], '\r\n'), { start: { line: 1, character: 0 }, end: { line: 1, character: 3 }, text: '2a\r\n2b' });
  assert.deepEqual(suggestionEdit(2, 3, len, [], '\n'), { start: { line: 1, character: 0 }, end: { line: 2, character: 0 }, text: '' });
  assert.deepEqual(suggestionEdit(3, 3, len, [], '\n'), { start: { line: 1, character: 3 }, end: { line: 2, character: 5 }, text: '' });
  assert.deepEqual(suggestionEdit(1, 1, () => 3, [], '\n'), { start: { line: 0, character: 0 }, end: { line: 0, character: 3 }, text: '' });
});

test('suggestionBlockOf: the lines in a suggestion block whose fence they cannot close', () => {
  assert.equal(suggestionBlockOf(['const t = 1;']), '```suggestion\nconst t = 1;\n```\n');
  const block = suggestionBlockOf(['a ``` b']);
  assert.equal(block, '````suggestion\na ``` b\n````\n');
  assert.deepEqual(parseSuggestions(block).map((b) => b.lines), [['a ``` b']]);
});

test('a suggestion of 130,000 backtick runs, or 100,000 lines, is drawn (no spread into Math.max or push)', () => {
  const runs = '` '.repeat(130_000);
  const body = `\`\`\`suggestion\n${runs}\n\`\`\``;
  const shown = renderSuggestions(body, 'old', 'Suggested change');
  assert.ok(shown.includes(`\`\`\`diff\n- old\n+ ${runs}\n\`\`\``), 'a fence of three: no run is longer than one');
  assert.equal(suggestionBlockOf(['`'.repeat(100_000)]).split('\n')[0], `${'`'.repeat(100_001)}suggestion`);
  const lines = Array.from({ length: 100_000 }, (_, i) => `l${i}`);
  const many = renderSuggestions(`before\n\`\`\`suggestion\n${lines.join('\n')}\n\`\`\`\nafter`, undefined, 'S');
  assert.equal(many.split('\n').length, 100_000 + 7);
  assert.ok(many.startsWith('before\n\n*S*\n\n```diff\n+ l0\n') && many.endsWith('+ l99999\n```\nafter'));
});

test('a fence line of 100,000 tildes or backticks and a line break inside is read in linear time', () => {
  assert.deepEqual(parseSuggestions(`${'~'.repeat(100_000)}\u2028x`), []);
  assert.deepEqual(parseSuggestions(`${'`'.repeat(100_000)}suggestion\nx`), [{ lines: ['x'], from: 0, to: 1 }]);
});

test('a body over the cap is not read for suggestions and is shown as it is', () => {
  const body = `\`\`\`suggestion\nx\n\`\`\`\n${'y'.repeat(MAX_SUGGESTION_BODY_CHARS)}`;
  assert.deepEqual(parseSuggestions(body), []);
  assert.equal(renderSuggestions(body, 'old', 'S'), body);
  assert.equal(parseSuggestions(body.slice(0, MAX_SUGGESTION_BODY_CHARS)).length, 1);
});

// Suggestion blocks (src/views/changedFiles/review/suggestions.ts) are in review comments other people wrote: any
// body is parsed and shown without throwing, a block written by Suggest a Change reads back as the lines it holds,
// and the diff shown for a block keeps all of its lines inside its fence, whatever backtick runs they hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { parseSuggestions, renderSuggestions, suggestionBlockOf } from '../../../src/views/changedFiles/review/suggestions';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'suggestion blocks')!.tokens;
/** Lines as a document has them: no line breaks inside. */
const linesOf = (text: string) => text.replace(/\r/g, '').split('\n');

test('fuzz: any review comment body parses into blocks within its lines', () => {
  checkHostile((size) => hostileText(TOKENS, size), (body) => {
    const count = body.replace(/\r\n?/g, '\n').split('\n').length;
    for (const b of parseSuggestions(body)) assert.ok(b.from >= 0 && b.from <= b.to && b.to < count && b.lines.length <= count);
    assert.equal(typeof renderSuggestions(body, 'old line', 'Suggested change'), 'string');
  });
});

test('fuzz: a suggestion block made of any lines reads back as exactly those lines', () => {
  checkHostile((size) => hostileText(TOKENS, size).map(linesOf), (lines) => {
    const blocks = parseSuggestions(suggestionBlockOf(lines));
    assert.equal(blocks.length, 1);
    assert.deepEqual(blocks[0]!.lines, lines);
  });
});

test("fuzz: the diff shown for a suggestion holds all its lines inside one fence, backtick runs or not", () => {
  checkHostile((size) => fc.tuple(hostileText(TOKENS, size).map(linesOf), fc.constantFrom('`', '``', 'a`b')), ([lines, commented]) => {
    const shown = renderSuggestions(suggestionBlockOf(lines), commented, 'Suggested change').split('\n');
    const open = shown.findIndex((l) => /^`{3,}diff$/.test(l));
    assert.ok(open >= 0, 'a diff block');
    const fence = shown[open]!.slice(0, -'diff'.length);
    const close = shown.indexOf(fence, open + 1);
    assert.deepEqual(shown.slice(open + 1, close), [`- ${commented}`, ...lines.map((l) => `+ ${l}`)]);
  });
});

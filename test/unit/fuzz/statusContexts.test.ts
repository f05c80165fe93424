// Required status contexts (src/commands/merge/mergeModel.ts) are glob patterns a repository administrator wrote,
// matched against context names CI systems chose, with gobwas/glob's syntax as Gitea reads them (statusGlob.ts:
// `*`, `?`, `[…]`, `{a,b}`, `\`). For patterns of `*` and plain characters, of any shape and length, the verdict is
// the one a plain wildcard matcher gives; a pattern of any shape with every special character escaped matches
// exactly its text; and any pattern at all gives a verdict without throwing (the syntax itself is tested case by
// case in test/unit/commands/merge/). Names are one line (a line break in a context name is no case a CI system makes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { requiredChecks } from '../../../src/commands/merge/mergeModel';
import { MAX_GLOB_LENGTH } from '../../../src/commands/merge/statusGlob';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS, statusContexts } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'required status context patterns')!.tokens;

/** The reference: a greedy wildcard matcher with one backtrack point, linear in practice (`*` only). */
function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

type Statuses = Parameters<typeof requiredChecks>[0];

const oneLine = (size: fc.Arbitrary<number> | number) => hostileText(TOKENS, size).map((s) => s.replace(/[\n\r\u2028\u2029]/g, ' '));
/** The same text with gobwas/glob's other special characters made plain letters: `*` is the only wildcard left. */
const starsOnly = (size: fc.Arbitrary<number> | number) => oneLine(size).map((s) => s.replace(/[?[{\\]/g, 'q'));

function verdict(pattern: string, context: string) {
  return requiredChecks({ statuses: [{ context, status: 'success' }] } as Statuses, [pattern]);
}

test('fuzz: a required context pattern of any shape matches the contexts a wildcard matcher matches', () => {
  checkHostile((size) => fc.tuple(starsOnly(size), fc.array(oneLine(40), { maxLength: 3 })), ([pattern, others]) => {
    const contexts = [...statusContexts(pattern), ...others];
    for (const context of contexts) {
      const v = verdict(pattern, context);
      // Past the length Gitea's contexts can have (statusGlob.ts MAX_GLOB_LENGTH), both are compared as plain text.
      const plain = pattern.length > MAX_GLOB_LENGTH || context.length > MAX_GLOB_LENGTH;
      const expected = plain ? context === pattern : globMatches(pattern, context);
      assert.equal(v.state, expected ? 'success' : 'pending', `${JSON.stringify(pattern.slice(0, 60))} vs ${JSON.stringify(context.slice(0, 60))}`);
      assert.deepEqual(v.missing, expected ? [] : [pattern]);
    }
  });
});

test('fuzz: a required context pattern with its special characters escaped matches exactly its text', () => {
  checkHostile((size) => oneLine(size), (text) => {
    const pattern = text.replace(/[*?[\]{},\\]/g, '\\$&');
    for (const [context, expected] of [[text, true], [`${text}!`, false], [`!${text}`, false]] as const) {
      // Past the length Gitea's contexts can have (statusGlob.ts MAX_GLOB_LENGTH), a pattern is compared as plain text.
      const matches = pattern.length > MAX_GLOB_LENGTH ? context === pattern : expected;
      assert.equal(verdict(pattern, context).state, matches ? 'success' : 'pending', JSON.stringify(text.slice(0, 60)));
    }
  });
});

test('fuzz: a required context pattern of any shape gives a verdict, never throws', () => {
  checkHostile((size) => fc.tuple(oneLine(size), fc.array(oneLine(40), { maxLength: 3 })), ([pattern, others]) => {
    for (const context of [...statusContexts(pattern), ...others]) {
      const v = verdict(pattern, context);
      assert.ok(['success', 'pending'].includes(v.state), v.state);
      assert.ok(v.missing.length === 0 || (v.missing.length === 1 && v.missing[0] === pattern));
    }
  });
});

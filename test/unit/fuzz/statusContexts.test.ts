// Required status contexts (src/commands/merge/mergeModel.ts) are glob patterns a repository administrator wrote,
// matched against context names CI systems chose: the verdict is the one a plain wildcard matcher gives (`*` any
// run of characters, everything else itself, as mergeModel reads them), for patterns of any shape and length. Names
// are one line (a line break in a context name is no case a CI system makes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { requiredChecks } from '../../../src/commands/merge/mergeModel';
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

test('fuzz: a required context pattern of any shape matches the contexts a wildcard matcher matches', () => {
  const oneLine = (size: fc.Arbitrary<number> | number) => hostileText(TOKENS, size).map((s) => s.replace(/[\n\r\u2028\u2029]/g, ' '));
  checkHostile((size) => fc.tuple(oneLine(size), fc.array(oneLine(40), { maxLength: 3 })), ([pattern, others]) => {
    const contexts = [...statusContexts(pattern), ...others];
    for (const context of contexts) {
      const verdict = requiredChecks({ statuses: [{ context, status: 'success' }] } as Statuses, [pattern]);
      const expected = globMatches(pattern, context);
      assert.equal(verdict.state, expected ? 'success' : 'pending', `${JSON.stringify(pattern.slice(0, 60))} vs ${JSON.stringify(context.slice(0, 60))}`);
      assert.deepEqual(verdict.missing, expected ? [] : [pattern]);
    }
  });
});

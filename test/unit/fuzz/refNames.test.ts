// Ref names (src/shared/refName.ts) are what a server calls its branches and tags, checked before git sees them:
// the check accepts exactly the names git's check-ref-format rules accept (here written out again, rule by rule,
// from git's documentation), and the message about a refused name quotes at most 80 characters of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkServerRefName, quotedRefName, refNameProblem } from '../../../src/shared/refName';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'ref names')!.tokens;

/** `git check-ref-format --branch` (one-level names allowed), from its manual page. */
function gitAccepts(name: string): boolean {
  if (name === '' || name === '@' || name === 'HEAD' || name.startsWith('-')) return false;
  if (name.endsWith('.') || name.startsWith('/') || name.endsWith('/')) return false;
  for (const bad of ['..', '@{', '//']) if (name.includes(bad)) return false;
  for (const ch of name) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || ' ~^:?*[\\'.includes(ch)) return false;
  }
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
}

test("fuzz: a server's ref name passes the check exactly when git's rules accept it", () => {
  checkHostile((size) => hostileText(TOKENS, size), (name) => {
    assert.equal(refNameProblem(name) === undefined, gitAccepts(name), JSON.stringify(name.slice(0, 120)));
  });
});

test('fuzz: the message about a refused name quotes at most 80 characters of it, as JSON that reads back', () => {
  checkHostile((size) => hostileText(TOKENS, size), (name) => {
    const quoted = quotedRefName(name);
    const shown = JSON.parse(quoted) as string;
    assert.ok(shown.length <= 80);
    assert.ok(name.length <= 80 ? shown === name : shown === `${name.slice(0, 79)}…`);
    const sentence = checkServerRefName(name, 'the default branch');
    if (sentence !== undefined) assert.ok(sentence.includes(quoted) && sentence.length <= 400 + quoted.length - 80, `${sentence.length} characters`);
  });
});

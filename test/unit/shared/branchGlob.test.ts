// Gitea's branch protection rule names as picomatch patterns: each pattern matches, through picomatch as VS Code's
// git extension calls it, the branch names Gitea's rule matches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_RULE_NAME_LENGTH, picomatchPatternOfRule } from '../../../src/shared/branchGlob';

// The matcher VS Code's git extension builds from the patterns (picomatch 2, default options); a dependency of the
// dev tools here, without type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped package, loaded as VS Code's git loads it
const picomatch = require('picomatch') as (pattern: string) => (branch: string) => boolean;

const matches = (rule: string, branch: string): boolean => {
  const pattern = picomatchPatternOfRule(rule);
  assert.ok(pattern !== undefined, rule);
  return picomatch(pattern)(branch);
};

test('plain names stay as they are; picomatch syntax in them is literal', () => {
  assert.equal(picomatchPatternOfRule('main'), 'main');
  assert.ok(matches('main', 'main'));
  assert.ok(!matches('main', 'main2'));
  assert.ok(matches('fix+(x)', 'fix+(x)'));
  assert.ok(!matches('fix+(x)', 'fixx'));
  assert.ok(matches('!wip', '!wip'));
  assert.ok(matches('a@b|c$d^e', 'a@b|c$d^e'));
});

test('globs: * within a part, ** across parts, ?, classes, braces, escapes', () => {
  assert.ok(matches('release/*', 'release/1.0'));
  assert.ok(!matches('release/*', 'release/1.0/hotfix'));
  assert.ok(matches('release/**', 'release/1.0/hotfix'));
  assert.ok(matches('v?', 'v1'));
  assert.ok(!matches('v?', 'v/'));
  assert.ok(matches('fix-[0-9]', 'fix-3'));
  assert.ok(matches('fix-[!0-9]', 'fix-a'));
  assert.ok(!matches('fix-[!0-9]', 'fix-3'));
  assert.ok(matches('{main,develop}', 'develop'));
  assert.ok(!matches('{main,develop}', 'feature'));
  assert.ok(matches('a\\*b', 'a*b'));
  assert.ok(!matches('a\\*b', 'axb'));
  assert.ok(matches('hot+fix/*', 'hot+fix/1'));
});

test('a rule Gitea cannot compile is matched literally, as Gitea does', () => {
  assert.ok(matches('bad[', 'bad['));
  assert.ok(!matches('bad[', 'bad'));
  assert.ok(matches('x{y', 'x{y'));
  assert.ok(matches('x}y', 'x}y'));
  assert.ok(matches('end\\', 'end\\'));
});

test('empty and overlong rules are left out', () => {
  assert.equal(picomatchPatternOfRule(''), undefined);
  assert.equal(picomatchPatternOfRule('a'.repeat(MAX_RULE_NAME_LENGTH + 1)), undefined);
});

test('hostile rule names: linear, and the pattern matches the rule literally where it has no glob syntax', () => {
  const pieces = ['*', '**', '?', '[', ']', '{', '}', ',', '\\', '!', '(', ')', '+', '@', '|', '$', '^', 'a', '/', '.'];
  let seed = 7;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let n = 0; n < 2000; n++) {
    let rule = '';
    const length = 1 + (next() % 40);
    for (let k = 0; k < length; k++) rule += pieces[next() % pieces.length];
    const pattern = picomatchPatternOfRule(rule);
    assert.ok(pattern !== undefined && pattern.length <= rule.length * 2 + 2, rule);
  }
  const long = '[!'.repeat(MAX_RULE_NAME_LENGTH / 2);
  assert.ok(picomatchPatternOfRule(long) !== undefined);
});

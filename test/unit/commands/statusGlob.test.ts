// Required status contexts matched as Gitea matches them (gobwas/glob without separators), in linear time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compileStatusGlob, MAX_GLOB_LENGTH } from '../../../src/commands/merge/statusGlob';
import { requiredChecks } from '../../../src/commands/merge/mergeModel';

const matches = (pattern: string, context: string) => {
  const glob = compileStatusGlob(pattern);
  assert.ok(glob, `${pattern} compiles`);
  return glob(context);
};

describe('status context globs', () => {
  it('`*` and `**` any text, `?` one character, plain text whole', () => {
    assert.equal(matches('ci/*', 'ci/build'), true);
    assert.equal(matches('ci/*', 'ci/'), true);
    assert.equal(matches('ci/*', 'xci/build'), false);
    assert.equal(matches('ci/**', 'ci/a/b'), true);
    assert.equal(matches('*/build', 'ci/x/build'), true, 'no separators: `*` crosses `/`');
    assert.equal(matches('ci/?', 'ci/a'), true);
    assert.equal(matches('ci/?', 'ci/ab'), false);
    assert.equal(matches('ci/?', 'ci/é'), true, 'one character, not one UTF-16 unit');
    assert.equal(matches('a*b*c', 'aXbYbZc'), true);
    assert.equal(matches('a*b*c', 'aXbYbZ'), false);
    assert.equal(matches('lint', 'lint '), false);
    assert.equal(matches('ci (push)', 'ci (push)'), true, 'regular-expression characters are plain');
    assert.equal(matches('a.b', 'axb'), false);
  });

  it('sets, ranges, negation, alternatives and escapes', () => {
    assert.equal(matches('node-[0-9]', 'node-7'), true);
    assert.equal(matches('node-[0-9]', 'node-x'), false);
    assert.equal(matches('node-[!0-9]', 'node-x'), true);
    assert.equal(matches('[abc]x', 'bx'), true);
    assert.equal(matches('[!abc]x', 'bx'), false);
    assert.equal(matches('ci/{build,test}', 'ci/test'), true);
    assert.equal(matches('ci/{build,test}', 'ci/lint'), false);
    assert.equal(matches('{a,b{c,d}}-*', 'bd-1'), true);
    assert.equal(matches('a\\*b', 'a*b'), true);
    assert.equal(matches('a\\*b', 'axb'), false);
    assert.equal(matches('a]b}c,d', 'a]b}c,d'), true, '`]`, `}` and `,` outside a set or alternatives are plain');
  });

  it('a pattern gobwas/glob refuses is left out of the required set, as Gitea does', () => {
    assert.equal(compileStatusGlob('ci/[abc'), undefined);
    assert.equal(compileStatusGlob('ci/{a,b'), undefined);
    const status = { statuses: [{ context: 'ci/build', status: 'success' }] } as Parameters<typeof requiredChecks>[0];
    assert.deepEqual(requiredChecks(status, ['ci/*', 'ci/[x']), { state: 'success', missing: [] });
  });

  it('`**********x` and its like on long contexts end, with the right answer', () => {
    const context = 'a'.repeat(MAX_GLOB_LENGTH);
    assert.equal(matches('**********x', context), false);
    assert.equal(matches('*a*a*a*a*a*a*a*a*a*a*a*a*x', context), false);
    assert.equal(matches('*a*a*a*a*a*a*a*a*a*a*a*a*', context), true);
    assert.equal(matches(`${'a*'.repeat(400)}b`, context), false);
    const statuses = Array.from({ length: 2_000 }, (_, i) => ({ context: `${'a'.repeat(MAX_GLOB_LENGTH - 5)}${i}`, status: 'success' }));
    assert.deepEqual(requiredChecks({ statuses } as Parameters<typeof requiredChecks>[0], ['**********x', '*?*?*?*?*?*?*?*?*?*?z']), {
      state: 'pending',
      missing: ['**********x', '*?*?*?*?*?*?*?*?*?*?z'],
    });
  });

  it('a pattern or context above the length cap is compared as plain text; too many alternatives too', () => {
    const long = `${'*'.repeat(MAX_GLOB_LENGTH)}x`;
    assert.equal(matches(long, 'x'), false);
    assert.equal(matches(long, long), true);
    assert.equal(matches('*', 'a'.repeat(MAX_GLOB_LENGTH + 1)), false);
    const many = '{a,b}'.repeat(7);
    assert.equal(matches(many, 'abababa'), false, '128 alternatives: plain text');
    assert.equal(matches(many, many), true);
    assert.equal(matches('{a,b}'.repeat(6), 'ababab'), true);
  });
});

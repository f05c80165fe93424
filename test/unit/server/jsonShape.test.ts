// The shape comparison behind matchesGitea.test.ts: keys at every depth, JSON types, null, array elements.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeDifference, shapeDifferences } from './jsonShape';

describe('JSON shape comparison', () => {
  it('ignores values but not types', () => {
    assert.deepEqual(shapeDifferences({ a: 1, b: 'x', c: [1] }, { a: 2, b: 'y', c: [3, 4] }), []);
    assert.deepEqual(shapeDifferences({ a: 1 }, { a: '1' }), [{ path: '$.a', expected: 'number', actual: 'string' }]);
  });

  it('reports missing and extra keys at every depth, once per path for array elements', () => {
    const recorded = [{ user: { login: 'a', username: 'a' } }, { user: { login: 'b', username: 'b' } }];
    const ours = [{ user: { login: 'a', extra: 1 } }, { user: { login: 'b', extra: 2 } }];
    assert.deepEqual(shapeDifferences(recorded, ours).map(describeDifference), [
      '$[].user.username: Gitea sends string, the test server leaves it out',
      '$[].user.extra: the test server sends number, Gitea leaves it out',
    ]);
  });

  it('null is a type of its own; an empty array says nothing about element shapes', () => {
    assert.deepEqual(shapeDifferences({ assignees: null }, { assignees: [] }), [{ path: '$.assignees', expected: 'null', actual: 'array' }]);
    assert.deepEqual(shapeDifferences({ milestone: null }, { milestone: { id: 1 } }), [{ path: '$.milestone', expected: 'null', actual: 'object' }]);
    assert.deepEqual(shapeDifferences({ labels: [] }, { labels: [{ id: 1 }] }), []);
    assert.deepEqual(shapeDifferences([{ a: 1 }, { b: 1 }], [{ a: 1 }]), []);
  });
});

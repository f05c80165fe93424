// The per-SHA cache of pull request lookups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LruCache } from '../../../src/commands/pullRequestForLine/lruCache';

test('evicts the least recently used entry; a read refreshes an entry', () => {
  const cache = new LruCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  assert.equal(cache.get('a'), 1); // a is now the most recent
  cache.set('c', 3); // evicts b
  assert.equal(cache.has('b'), false);
  assert.equal(cache.get('a'), 1);
  assert.equal(cache.get('c'), 3);
  assert.equal(cache.size, 2);
});

test('setting an existing key replaces it without growing', () => {
  const cache = new LruCache<string, number>(2);
  cache.set('a', 1);
  cache.set('a', 2);
  assert.equal(cache.size, 1);
  assert.equal(cache.get('a'), 2);
});

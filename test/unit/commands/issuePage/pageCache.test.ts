// The page cache is bounded in bytes, not only in pages, and frees expired pages when they expire (#41): 20 pages of
// 100 comments of 1 MiB each stayed in the extension host's heap until each was looked up again.
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { approximateBytes, PAGE_CACHE_MAX_BYTES, PAGE_CACHE_SIZE, PAGE_CACHE_TTL_MS, PageCache } from '../../../../src/commands/issuePage/pageCache';

const MIB = 1024 * 1024;

describe('page cache: bytes', () => {
  it('approximateBytes counts two bytes a character of every string reached, each object once', () => {
    assert.equal(approximateBytes('abcd'), 8);
    assert.equal(approximateBytes(7), 16);
    assert.equal(approximateBytes(null), 16);
    // The object, its two keys and values: 16 + (2 + 16) + 16 + (2 + 16) + 2 * 1000.
    assert.equal(approximateBytes({ a: 1, b: 'x'.repeat(1000) }), 16 + 18 + 16 + 18 + 2000);
    const shared = { html: 'h'.repeat(500) };
    const cyclic: Record<string, unknown> = { one: shared, two: shared };
    cyclic.self = cyclic;
    assert.equal(approximateBytes(cyclic), 16 + (6 + 16) + (6 + 16) + (8 + 16) + 16 + (8 + 16) + 2 * 500, 'shared and cyclic objects once');
    // Deep values are walked without recursion.
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.ok(approximateBytes(deep) > 100_000 * 16);
  });

  it('a page of 100 rendered comments of 1 MiB each (about 200 MB) is not kept; the pages before it stay', () => {
    const cache = new PageCache<{ html: string[] }>();
    cache.set('small', { html: ['<p>hello</p>'] }, 0);
    const body = '#1 '.repeat(MIB / 3);
    cache.set('huge', { html: Array.from({ length: 100 }, (_, i) => body + String(i)) }, 1);
    assert.equal(cache.get('huge', 2), undefined);
    assert.deepEqual(cache.get('small', 2), { html: ['<p>hello</p>'] });
    assert.ok(cache.heldBytes() < 1000);
  });

  it('past its bytes the oldest pages go, whatever their count', () => {
    const cache = new PageCache<string>(60_000, 20, 10 * MIB);
    for (let i = 0; i < 8; i++) cache.set(`p${i}`, String(i).repeat(MIB), i);
    // Each is 2 MB (two bytes a character): five fit in 10 MiB.
    assert.equal(cache.count(), 5);
    assert.ok(cache.heldBytes() <= 10 * MIB, `${cache.heldBytes()}`);
    assert.equal(cache.get('p2', 10), undefined);
    assert.equal(cache.get('p3', 10), '3'.repeat(MIB));
    assert.equal(cache.get('p7', 10), '7'.repeat(MIB));
    // A page replaced by a larger one counts its new size only; one deleted frees its bytes.
    cache.delete('p7');
    assert.equal(cache.heldBytes(), 4 * 2 * MIB);
    cache.clear();
    assert.equal(cache.heldBytes(), 0);
  });

  it('an update re-weighs the page: grown past the bytes, the oldest go', () => {
    const cache = new PageCache<string>(60_000, 20, 4 * MIB);
    cache.set('a', 'a', 0);
    cache.set('b', 'b', 0);
    cache.update('b', 'b'.repeat(MIB + MIB / 2));
    assert.equal(cache.get('a', 1), 'a');
    cache.update('a', 'a'.repeat(MIB));
    assert.equal(cache.get('b', 1), undefined, 'b was stored first');
    assert.equal(cache.heldBytes(), 2 * MIB);
  });

  it('a page of exactly the bytes left is kept; one byte more is not', () => {
    const cache = new PageCache<string>(60_000, 20, 1000, (v) => v.length);
    cache.set('a', 'x'.repeat(1000), 0);
    assert.equal(cache.count(), 1);
    cache.set('b', 'y'.repeat(1001), 0);
    assert.equal(cache.get('b', 1), undefined);
    assert.equal(cache.get('a', 1), 'x'.repeat(1000), 'a page too large to keep pushes nothing out');
    cache.set('c', 'z'.repeat(400), 0);
    assert.equal(cache.count(), 1, 'a went: 1,400 bytes');
    assert.equal(cache.heldBytes(), 400);
  });

  it('past its page count the oldest goes, and the count is exact', () => {
    const cache = new PageCache<string>(1000, 2);
    cache.set('a', '1', 0);
    cache.set('b', '2', 0);
    assert.equal(cache.count(), 2);
    cache.set('c', '3', 0);
    assert.equal(cache.count(), 2);
    assert.equal(cache.get('a', 1), undefined);
  });

  it('an entry stored "later" than now (the clock went back) is stale', () => {
    const cache = new PageCache<string>(1000);
    cache.set('a', 'x', 10_000);
    assert.equal(cache.get('a', 9_000), undefined);
    assert.equal(cache.count(), 0);
  });

  it('the bounds: 20 pages, 64 MiB', () => {
    assert.equal(PAGE_CACHE_SIZE, 20);
    assert.equal(PAGE_CACHE_MAX_BYTES, 64 * MIB);
  });
});

describe('page cache: expired pages are freed on time', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  it('a page is freed when its lifetime ends, without being looked up', () => {
    const cache = new PageCache<string>(1000);
    cache.set('a', 'x'.repeat(1000));
    mock.timers.tick(500);
    cache.set('b', 'y');
    assert.equal(cache.count(), 2);
    mock.timers.tick(501);
    assert.equal(cache.count(), 1, 'a expired and was freed');
    assert.equal(cache.heldBytes(), 2);
    mock.timers.tick(500);
    assert.equal(cache.count(), 0, 'then b');
    assert.equal(cache.heldBytes(), 0);
  });

  it('storing a page frees the expired ones first', () => {
    const cache = new PageCache<string>(1000);
    cache.set('a', 'x', 0);
    cache.set('b', 'y', 500);
    cache.set('c', 'z', 1_200);
    assert.equal(cache.count(), 2, 'a expired at 1,000');
    assert.equal(cache.get('b', 1_200), 'y');
  });

  it('the issue page cache lives as long as the views’ lists', () => {
    const cache = new PageCache<string>();
    cache.set('a', 'x');
    mock.timers.tick(PAGE_CACHE_TTL_MS);
    assert.equal(cache.count(), 1);
    mock.timers.tick(2);
    assert.equal(cache.count(), 0);
  });
});

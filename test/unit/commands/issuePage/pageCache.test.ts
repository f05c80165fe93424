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

  it('approximateBytes counts every value that is no string or object, equal ones too (numbers, booleans, undefined)', () => {
    // The array, its two keys and values; then the object, its two keys and values.
    assert.equal(approximateBytes([1, 1]), 16 + (2 + 16) + 16 + (2 + 16) + 16);
    assert.equal(approximateBytes({ a: true, b: undefined }), 16 + (2 + 16) + 16 + (2 + 16) + 16);
  });

  it('a page is fresh through its whole lifetime, to the millisecond; storedAt says when it was stored while fresh', () => {
    const cache = new PageCache<string>(1000);
    cache.set('a', 'x', 5_000);
    assert.equal(cache.storedAt('a', 6_000), 5_000, 'exactly its lifetime old');
    assert.equal(cache.get('a', 6_000), 'x');
    assert.equal(cache.get('a', 6_001), undefined, 'one millisecond past it');
    assert.equal(cache.count(), 0, 'dropped when found stale');
    assert.equal(cache.storedAt('a', 6_001), undefined);
    assert.equal(cache.storedAt('never', 0), undefined);
  });

  it('update replaces a kept page and keeps its time; a page not kept is not stored by it', () => {
    const cache = new PageCache<string>(1000);
    cache.update('missing', 'x');
    assert.equal(cache.count(), 0);
    cache.set('a', 'x', 100);
    cache.update('a', 'longer');
    assert.equal(cache.get('a', 200), 'longer');
    assert.equal(cache.storedAt('a', 200), 100);
    assert.equal(cache.heldBytes(), 12);
  });

  it('the bounds: 20 pages, 64 MiB', () => {
    assert.equal(PAGE_CACHE_SIZE, 20);
    assert.equal(PAGE_CACHE_MAX_BYTES, 64 * MIB);
  });
});

/** Counts the timers set and not yet fired or cleared, over the mocked setTimeout; `restore` puts the mocks back. */
function pendingTimers(): { count(): number; restore(): void } {
  const set = globalThis.setTimeout;
  const clear = globalThis.clearTimeout;
  const pending = new Set<unknown>();
  globalThis.setTimeout = ((fn: () => void, ms?: number) => {
    const handle = set(() => {
      pending.delete(handle);
      fn();
    }, ms);
    pending.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(handle);
    clear(handle);
  }) as typeof clearTimeout;
  return {
    count: () => pending.size,
    restore: () => {
      globalThis.setTimeout = set;
      globalThis.clearTimeout = clear;
    },
  };
}

describe('page cache: expired pages are freed on time', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  it('one timer while pages are kept, none once the cache is empty (deleted, expired, cleared, or nothing kept)', () => {
    const timers = pendingTimers();
    try {
      const cache = new PageCache<string>(1000, 20, 1000);
      assert.equal(timers.count(), 0);
      cache.set('a', 'x');
      mock.timers.tick(100);
      cache.set('b', 'y');
      assert.equal(timers.count(), 1, 'one timer, for the oldest');
      cache.delete('a');
      assert.equal(timers.count(), 1, 'b is still kept: its timer stays');
      mock.timers.tick(1001);
      assert.equal(cache.count(), 0, 'b freed on time');
      assert.equal(timers.count(), 0, 'nothing kept, no timer');
      cache.set('c', 'z');
      cache.delete('c');
      assert.equal(timers.count(), 0, 'the last page deleted');
      cache.set('d', 'z');
      cache.clear();
      assert.equal(timers.count(), 0, 'cleared');
      cache.set('huge', 'x'.repeat(1000));
      assert.equal(cache.count(), 0);
      assert.equal(timers.count(), 0, 'a page too large is not kept, and nothing waits for it');
    } finally {
      timers.restore();
    }
  });

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

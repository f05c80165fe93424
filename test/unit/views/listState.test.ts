// The bookkeeping of one paged list (src/views/listState.ts): pages appended without duplicates, superseded
// requests ignored, lead items first, client-side filtering, silent reload of page 1, and the cache lifetime.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ListState } from '../../../src/views/listState';
import type { ListSpec, PageResult, TreeNode } from '../../../src/views/treeNode';

interface Item {
  id: number;
  name: string;
}

function spec(extra: Partial<ListSpec<Item>> = {}): ListSpec<Item> {
  return {
    key: 'items',
    fetch: () => Promise.reject(new Error('not used')),
    render: (i) => ({ label: i.name }) as unknown as TreeNode,
    emptyLabel: 'none',
    identity: (i) => i.id,
    ...extra,
  };
}

const items = (from: number, to: number): Item[] => Array.from({ length: to - from + 1 }, (_, k) => ({ id: from + k, name: `i${from + k}` }));
const page = (n: number, list: Item[], hasMore: boolean): PageResult<Item> => ({ items: list, page: n, hasMore, ...(hasMore ? { nextPage: n + 1 } : {}) });

test('pages are appended in order; the next page comes from the answer', () => {
  const s = new ListState(spec());
  s.append(page(1, items(1, 30), true));
  assert.equal(s.nextPage, 2);
  assert.equal(s.hasMore, true);
  assert.equal(s.firstPageCount, 30);
  s.append(page(2, items(31, 45), false));
  assert.deepEqual(s.items.map((i) => i.id), items(1, 45).map((i) => i.id));
  assert.equal(s.hasMore, false);
});

test('an item that shifted onto the next page (new items arrived meanwhile) is not shown twice', () => {
  const s = new ListState(spec());
  s.append(page(1, items(1, 30), true));
  s.append(page(2, items(30, 59), true));
  assert.equal(s.items.length, 59);
  assert.equal(new Set(s.items.map((i) => i.id)).size, 59);
});

test('a request superseded by abort or reset is recognised when it settles', () => {
  const s = new ListState(spec());
  const first = s.begin();
  assert.equal(s.inFlight, true);
  s.status = 'loading';
  s.abort();
  assert.equal(first.signal.aborted, true);
  assert.equal(s.isCurrent(first.token), false);
  assert.equal(s.status, 'idle', 'nothing was loaded, so the list loads again when shown');
  const second = s.begin();
  assert.equal(s.isCurrent(second.token), true);
  s.reset();
  assert.equal(s.isCurrent(second.token), false);
  assert.equal(second.signal.aborted, true);
});

test('aborting a "Load more" keeps the loaded items and goes back to loaded', () => {
  const s = new ListState(spec());
  s.append(page(1, items(1, 30), true));
  s.status = 'loaded';
  s.loadedAt = Date.now();
  s.begin();
  s.status = 'loading';
  s.abort();
  assert.equal(s.status, 'loaded');
  assert.equal(s.items.length, 30);
});

test('lead items come first and their copies in the pages are hidden', () => {
  const s = new ListState(spec());
  s.append(page(1, items(1, 5), false));
  s.lead = [{ id: 4, name: 'i4' }];
  assert.deepEqual(s.visibleItems().map((i) => i.id), [4, 1, 2, 3, 5]);
});

test('a client-side filter hides non-matching items without dropping them', () => {
  const s = new ListState(spec({ filter: (i) => i.id % 2 === 0 }));
  s.append(page(1, items(1, 6), true));
  assert.deepEqual(s.visibleItems().map((i) => i.id), [2, 4, 6]);
  assert.equal(s.items.length, 6);
});

test('a node is built once per item object, with the clock of the render that built it', () => {
  const clocks: number[] = [];
  const s = new ListState(spec({ render: (i, now) => (clocks.push(now), { label: i.name } as unknown as TreeNode) }));
  s.append(page(1, items(1, 3), true));
  const a = s.visibleItems().map((i) => s.nodeFor(i, 1_000));
  const b = s.visibleItems().map((i) => s.nodeFor(i, 2_000));
  assert.deepEqual(clocks, [1_000, 1_000, 1_000]);
  assert.deepEqual(a, b);
  assert.ok(a.every((n, k) => n === b[k]));
  // The next page's items are rendered with the clock of the render they first appear in.
  s.append(page(2, items(4, 4), false));
  s.visibleItems().forEach((i) => s.nodeFor(i, 3_000));
  assert.deepEqual(clocks, [1_000, 1_000, 1_000, 3_000]);
});

test('a silent reload of page 1 replaces it and keeps later pages that are not in it', () => {
  const s = new ListState(spec());
  s.append(page(1, items(11, 20).reverse(), true)); // newest first: 20..11
  s.append(page(2, items(1, 10).reverse(), false)); // 10..1
  // Two new items (21, 22) arrived: page 1 is now 22..13, and 12, 11 moved to page 2.
  s.replaceFirstPage(page(1, items(13, 22).reverse(), true));
  assert.deepEqual(
    s.items.map((i) => i.id),
    [...items(13, 22).reverse(), ...items(11, 12).reverse(), ...items(1, 10).reverse()].map((i) => i.id),
  );
  assert.equal(s.nextPage, 3, 'the loaded depth is kept');
  assert.equal(s.firstPageCount, 10);
});

test('the cache lifetime: loaded lists become stale after ttl, other states never', () => {
  const s = new ListState(spec());
  assert.equal(s.isStale(60_000), false);
  s.append(page(1, items(1, 3), false));
  s.status = 'loaded';
  s.loadedAt = 1_000;
  assert.equal(s.isStale(60_000, 60_999), false);
  assert.equal(s.isStale(60_000, 61_001), true);
  s.status = 'error';
  assert.equal(s.isStale(60_000, 61_001), false);
});

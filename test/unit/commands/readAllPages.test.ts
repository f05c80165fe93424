// Reading every page through X-HasMore / X-PageCount.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAllPages, type PageLike } from '../../../src/api/paging';

function pagedServer(total: number, perPage: number, opts: { withCount?: boolean; delay?: (page: number) => number } = {}) {
  const requested: number[] = [];
  const fetch = async (page: number): Promise<PageLike<number>> => {
    requested.push(page);
    await new Promise((r) => setTimeout(r, opts.delay?.(page) ?? 0));
    const items = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) => (page - 1) * perPage + i);
    const pageCount = Math.ceil(total / perPage);
    return { items, hasMore: page < pageCount, pageCount: opts.withCount === false ? undefined : pageCount };
  };
  return { fetch, requested };
}

test('1,500 files in 30 pages of 50: every page read once, items in order, pages delivered in order', async () => {
  // Later pages answer faster: delivery must still be in page order.
  const server = pagedServer(1500, 50, { delay: (p) => (31 - p) % 5 });
  const delivered: number[][] = [];
  const { items: all } = await readAllPages(server.fetch, { onPage: (items) => delivered.push([...items]) });
  assert.equal(all.length, 1500);
  assert.deepEqual(all, Array.from({ length: 1500 }, (_, i) => i));
  assert.deepEqual([...server.requested].sort((a, b) => a - b), Array.from({ length: 30 }, (_, i) => i + 1));
  assert.equal(delivered.length, 30);
  assert.equal(delivered[1]![0], 50);
});

test('without X-PageCount, X-HasMore is followed page by page', async () => {
  const server = pagedServer(120, 50, { withCount: false });
  const { items: all } = await readAllPages(server.fetch);
  assert.equal(all.length, 120);
  assert.deepEqual(server.requested, [1, 2, 3]);
});

test('one page: one request', async () => {
  const server = pagedServer(10, 50);
  assert.equal((await readAllPages(server.fetch)).items.length, 10);
  assert.deepEqual(server.requested, [1]);
});

test('a failing page fails the whole read', async () => {
  const fetch = async (page: number): Promise<PageLike<number>> => {
    if (page === 3) throw new Error('boom');
    return { items: [page], hasMore: true, pageCount: 5 };
  };
  await assert.rejects(readAllPages(fetch), /boom/);
});

test('a server that always says "more" but sends nothing is not asked forever', async () => {
  let calls = 0;
  const { items: all } = await readAllPages(async () => {
    calls++;
    return { items: calls === 1 ? [1] : [], hasMore: true };
  });
  assert.deepEqual(all, [1]);
  assert.equal(calls, 2);
});

// A server that always answers "there is more" (full pages, rel=next, X-HasMore) is not paged without end: every
// loop over pages stops at its cap and says so (onCapped). The fake servers below count the pages they were asked
// for and give up (throw) after far more than any cap, so a loop without one fails here instead of hanging.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MAX_PAGES, iteratePages, readAllPages, type Page } from '../../../src/api/paging';
import { MAX_PROBED_PAGES, TimelinePaging } from '../../../src/commands/issuePage/timelinePaging';

const GIVE_UP = 1_000;

/** A server whose every page is full and says more follows; `pageCount`, when given, is what it claims. */
function endless(pageCount?: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<Page<number>> => {
    asked.push(page);
    if (asked.length > GIVE_UP) throw new Error(`still paging after ${GIVE_UP} pages`);
    return { items: Array.from({ length: 50 }, (_, i) => page * 50 + i), page, limit: 50, hasMore: true, nextPage: page + 1, ...(pageCount ? { pageCount } : {}) };
  };
  return { asked, fetchPage };
}

describe('page caps', () => {
  it('readAllPages: an endless list stops at DEFAULT_MAX_PAGES, comes back truncated and says so once', async () => {
    assert.ok(DEFAULT_MAX_PAGES <= 500, 'a cap a user can wait for');
    const server = endless();
    const capped: [number, number][] = [];
    const all = await readAllPages(server.fetchPage, { onCapped: (pages, items) => capped.push([pages, items]) });
    assert.equal(server.asked.length, DEFAULT_MAX_PAGES);
    assert.equal(all.truncated, true);
    assert.equal(all.items.length, DEFAULT_MAX_PAGES * 50);
    assert.deepEqual(capped, [[DEFAULT_MAX_PAGES, DEFAULT_MAX_PAGES * 50]]);
  });

  it('readAllPages: a server claiming a huge page count is read up to the cap (in parallel), truncated', async () => {
    const server = endless(1_000_000);
    let told = 0;
    const all = await readAllPages(server.fetchPage, { maxPages: 30, concurrency: 4, onCapped: () => told++ });
    assert.deepEqual([...server.asked].sort((a, b) => a - b), Array.from({ length: 30 }, (_, i) => i + 1));
    assert.equal(all.truncated, true);
    assert.equal(told, 1);
  });

  it('readAllPages: a list that ends is not truncated and says nothing', async () => {
    let told = 0;
    const all = await readAllPages(async (page) => ({ items: [page], hasMore: page < 3 }), { onCapped: () => told++ });
    assert.deepEqual(all, { items: [1, 2, 3], truncated: false });
    assert.equal(told, 0);
  });

  it('iteratePages (client.paginate): an endless list stops at DEFAULT_MAX_PAGES and says so', async () => {
    const server = endless();
    const capped: number[] = [];
    let items = 0;
    for await (const _ of iteratePages((p: { page?: number }) => server.fetchPage(p.page ?? 1), {}, undefined, { onCapped: (pages) => capped.push(pages) })) items++;
    assert.equal(server.asked.length, DEFAULT_MAX_PAGES);
    assert.equal(items, DEFAULT_MAX_PAGES * 50);
    assert.deepEqual(capped, [DEFAULT_MAX_PAGES]);
  });

  it('the issue timeline: a server that always answers full pages is probed MAX_PROBED_PAGES past the hint, then taken to end there', async () => {
    const asked: number[] = [];
    let capped: number | undefined;
    const { items, paging } = await TimelinePaging.newest<number>(
      async (page, limit) => {
        asked.push(page);
        if (asked.length > GIVE_UP) throw new Error(`still probing after ${GIVE_UP} pages`);
        return { items: Array.from({ length: limit }, (_, i) => page * limit + i), limit };
      },
      async () => ({ atLeast: 120, isPull: false }),
      (n) => n,
      (pages) => (capped = pages),
    );
    const start = Math.ceil(120 / 50);
    assert.equal(capped, start + MAX_PROBED_PAGES - 1);
    assert.ok(asked.length <= MAX_PROBED_PAGES + 3, `${asked.length} requests`);
    // The newest two pages read are shown; the rest load with "Load earlier".
    assert.equal(items.length, 100);
    assert.equal(items.at(-1), capped! * 50 + 49);
    assert.equal(paging.earlierPages, capped! - 2);
  });
});

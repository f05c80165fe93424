// Timeline paging against a fake of Gitea 1.27's GET …/timeline: pages sliced oldest first, X-Total-Count = the
// count of the page (no Link), code comments dropped after slicing. Long histories load their newest pages first,
// "Load earlier" goes back one page at a time (page 1 from memory), short ones load whole.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NEWEST_PAGES, TIMELINE_PAGE_LIMIT, TimelinePaging, timelineHints, type TimelinePageLike } from '../../../../src/commands/issuePage/timelinePaging';
import { PAGE_CACHE_TTL_MS, PageCache } from '../../../../src/commands/issuePage/pageCache';
import { LIST_CACHE_TTL_MS } from '../../../../src/shared/cacheLifetime';

interface Entry {
  readonly id: number;
  readonly code?: boolean;
}

function giteaTimeline(entries: readonly Entry[]) {
  const asked: number[] = [];
  const fetchPage = (page: number, limit: number): Promise<TimelinePageLike<Entry>> => {
    asked.push(page);
    const effective = Math.min(limit, 50);
    const items = entries.slice((page - 1) * effective, page * effective).filter((e) => !e.code);
    return Promise.resolve({ items, limit: effective, totalCount: items.length });
  };
  return { fetchPage, asked };
}

const entries = (n: number, code: (i: number) => boolean = () => false): Entry[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, code: code(i) }));
const ids = (items: readonly Entry[]) => items.map((e) => e.id);
const hints = (atLeast: number, isPull = false) => () => Promise.resolve({ atLeast, isPull });

describe('timeline paging', () => {
  it('a short history loads whole in one request', async () => {
    const server = giteaTimeline(entries(12));
    const { paging, items } = await TimelinePaging.newest(server.fetchPage, hints(10), (e) => e.id);
    assert.deepEqual(ids(items), ids(entries(12)));
    assert.equal(paging.earlierPages, 0);
    assert.deepEqual(server.asked, [1]);
  });

  it('up to three pages load whole', async () => {
    const server = giteaTimeline(entries(140));
    const { paging, items } = await TimelinePaging.newest(server.fetchPage, hints(100), (e) => e.id);
    assert.equal(items.length, 140);
    assert.equal(paging.earlierPages, 0);
    assert.deepEqual(new Set(server.asked), new Set([1, 2, 3]));
  });

  it('500 comments and 30 events: the newest two pages first, found from the issue’s comment count', async () => {
    const all = entries(530);
    const server = giteaTimeline(all);
    const { paging, items } = await TimelinePaging.newest(server.fetchPage, hints(500), (e) => e.id);
    // 530 entries in pages of 50: the last is page 11 (30 entries); shown: pages 10 and 11.
    assert.deepEqual(ids(items), ids(all.slice(450)));
    assert.equal(paging.earlierPages, 11 - NEWEST_PAGES);
    assert.deepEqual(server.asked, [1, 9, 10, 11], 'page 1, then pages 9 to 11 at once: no walk through the middle');

    // Load earlier: page 9 (kept from the probe), then 8 … then page 1 from memory.
    let shown = items;
    for (let page = 9; page >= 1; page--) {
      const before = server.asked.length;
      const earlier = await paging.loadEarlier(server.fetchPage, shown);
      assert.ok(earlier);
      assert.deepEqual(ids(earlier), ids(all.slice((page - 1) * 50, page * 50)), `page ${page}`);
      const kept = page === 1 || page === 9;
      assert.equal(server.asked.length - before, kept ? 0 : 1, kept ? `page ${page} is kept from the first requests` : `one request for page ${page}`);
      shown = [...earlier, ...shown];
      assert.equal(paging.earlierPages, page - 1);
    }
    assert.deepEqual(ids(shown), ids(all));
    assert.equal(await paging.loadEarlier(server.fetchPage, shown), undefined, 'nothing before page 1');
  });

  it('a lower bound far below the length probes forward two pages, then four, then eight at once', async () => {
    const server = giteaTimeline(entries(480));
    const { paging, items } = await TimelinePaging.newest(server.fetchPage, hints(0), (e) => e.id);
    assert.deepEqual(ids(items), ids(entries(480).slice(400)));
    assert.equal(paging.earlierPages, 8);
    // Three rounds after page 1 (two pages at a time took five); the pages past the end are empty answers.
    assert.deepEqual(server.asked, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it("a pull request's reviews count toward the lower bound (timelineHints): its long timeline is read from there", async () => {
    const issue = Promise.resolve({ comments: 10, pull_request: { merged: false } });
    // A server whose `comments` leaves the reviews out (10 plain comments, 290 reviews): the reviews' count is larger.
    const hinted = await timelineHints(issue, Promise.resolve({ review_comments: 290 }));
    assert.deepEqual(hinted, { atLeast: 290, isPull: true });
    assert.deepEqual(await timelineHints(issue, Promise.resolve(undefined)), { atLeast: 10, isPull: true }, 'no answer: the issue alone');
    assert.deepEqual(await timelineHints(issue, Promise.reject(new Error('refused'))), { atLeast: 10, isPull: true }, 'a failed read: the issue alone');
    const plain = Promise.resolve({ comments: 10 });
    assert.deepEqual(await timelineHints(plain, new Promise(() => undefined)), { atLeast: 10, isPull: false }, 'an issue waits for no pull request');
    const server = giteaTimeline(entries(480));
    await TimelinePaging.newest(server.fetchPage, () => Promise.resolve(hinted), (e) => e.id);
    assert.deepEqual(server.asked, [1, 5, 6, 7, 8, 9, 10, 11], 'pages before 5 exist: not asked, not walked through');
  });

  it("a pull request's code comments (its reviews' comments_count) count toward the lower bound too", async () => {
    const issue = Promise.resolve({ comments: 10, pull_request: { merged: false } });
    const reviews = [{ comments_count: 200 }, { comments_count: 0 }, {}, { comments_count: null }, { comments_count: 40 }];
    // Gitea 1.27.0, checked: a pull request with 1 plain comment and 2 reviews of 3 code comments answers comments 3,
    // review_comments 2, comments_count 3 and 3, and its timeline has 10 entries (1 push, 6 code, 2 reviews, 1 comment):
    // the reviews are in `comments` already, so they are not added twice.
    assert.deepEqual(await timelineHints(Promise.resolve({ comments: 3, pull_request: {} }), Promise.resolve({ review_comments: 2, reviews: [{ comments_count: 3 }, { comments_count: 3 }] })), { atLeast: 9, isPull: true });
    assert.deepEqual(await timelineHints(issue, Promise.resolve({ review_comments: 5, reviews })), { atLeast: 250, isPull: true });
    assert.deepEqual(await timelineHints(issue, Promise.resolve({ reviews: [{ comments_count: -3 }] })), { atLeast: 10, isPull: true }, 'a negative count counts nothing');
  });

  it('a bound that falls on the last page: its newest two pages are in hand after one round (the page before is asked with it)', async () => {
    // 495 entries: page 10 (45) is the last; the bound says 480 (start at page 10).
    const server = giteaTimeline(entries(495));
    const { paging, items } = await TimelinePaging.newest(server.fetchPage, hints(480), (e) => e.id);
    assert.deepEqual(ids(items), ids(entries(495).slice(400)), 'pages 9 and 10');
    assert.equal(paging.earlierPages, 8);
    assert.deepEqual(server.asked, [1, 9, 10, 11], 'one round after page 1, nothing asked after it');
  });

  it("a pull request's page of code comments only (answered empty) within the bound is not its end", async () => {
    // Pages 3 and 4 hold a review's 100 code comments in a row: Gitea answers them empty.
    const all = entries(330, (i) => i >= 100 && i < 200);
    const server = giteaTimeline(all);
    const { items, paging } = await TimelinePaging.newest(server.fetchPage, hints(300, true), (e) => e.id);
    assert.deepEqual(ids(items), ids(all.slice(250)), 'pages 6 and 7, the newest');
    assert.equal(paging.earlierPages, 5);
    // Without the code comments in the bound, an empty page is taken for the end (what the bound protects against).
    const unbounded = await TimelinePaging.newest(giteaTimeline(all).fetchPage, hints(0, true), (e) => e.id);
    assert.deepEqual(ids(unbounded.items), ids(all.slice(0, 100)), 'pages 1 and 2 only');
  });

  it('a history that ends exactly at a page boundary ends at the empty page after it', async () => {
    const server = giteaTimeline(entries(500));
    const { paging, items } = await TimelinePaging.newest(server.fetchPage, hints(500), (e) => e.id);
    assert.deepEqual(ids(items), ids(entries(500).slice(400)));
    assert.equal(paging.earlierPages, 8);
  });

  it('a pull request’s page made short by code comments is not taken for the end', async () => {
    // Pages 5 and 6 hold code comments (dropped after slicing): short, yet not the last.
    const all = entries(400, (i) => i >= 200 && i < 300 && i % 2 === 0);
    const server = giteaTimeline(all);
    const { items, paging } = await TimelinePaging.newest(server.fetchPage, hints(150, true), (e) => e.id);
    assert.deepEqual(ids(items), ids(all.slice(300)), 'pages 7 and 8, the newest');
    assert.equal(paging.earlierPages, 6);
  });

  it('a pull request whose first page is short of its code comments goes on; one that is short indeed ends', async () => {
    const all = entries(120, (i) => i < 50 && i % 5 === 0);
    const server = giteaTimeline(all);
    const { items, paging } = await TimelinePaging.newest(server.fetchPage, hints(0, true), (e) => e.id);
    assert.deepEqual(ids(items), ids(all.filter((e) => !e.code)), 'pages 1–3, whole');
    assert.equal(paging.earlierPages, 0);
    const short = giteaTimeline(entries(7));
    assert.equal((await TimelinePaging.newest(short.fetchPage, hints(3, true), (e) => e.id)).items.length, 7);
    assert.deepEqual(short.asked, [1, 2, 3], 'a pull request asks two pages more (at once) to be sure');
  });

  it('a server that sends the real total is taken at its word', async () => {
    const all = entries(300);
    const asked: number[] = [];
    const fetchPage = (page: number, limit: number) => {
      asked.push(page);
      return Promise.resolve({ items: all.slice((page - 1) * limit, page * limit), limit, totalCount: all.length });
    };
    const { items, paging } = await TimelinePaging.newest(fetchPage, () => Promise.reject(new Error('not asked')), (e) => e.id);
    assert.deepEqual(ids(items), ids(all.slice(200)));
    assert.equal(paging.earlierPages, 4);
    assert.deepEqual(asked, [1, 5, 6]);
    assert.equal(TIMELINE_PAGE_LIMIT, 50);
  });

  it('entries already shown are not shown twice when the bounds moved (a comment was deleted)', async () => {
    const all = entries(400);
    const server = giteaTimeline(all);
    const { paging, items } = await TimelinePaging.newest(server.fetchPage, hints(400), (e) => e.id);
    all.splice(10, 1); // page 6 now starts with what was the first entry of page 7
    const earlier = await paging.loadEarlier(giteaTimeline(all).fetchPage, items);
    assert.ok(earlier);
    assert.ok(!earlier.some((e) => items.some((s) => s.id === e.id)));
  });
});

describe('page cache', () => {
  it('keeps an entry for the lifetime, then drops it', () => {
    const cache = new PageCache<string>(1000);
    cache.set('a', 'x', 10_000);
    assert.equal(cache.get('a', 10_999), 'x');
    assert.equal(cache.storedAt('a', 10_500), 10_000);
    assert.equal(cache.get('a', 11_001), undefined);
    assert.equal(cache.get('a', 10_100), undefined, 'a dropped entry stays dropped');
  });

  it('update keeps the time of the load; the oldest entries go beyond the size', () => {
    const cache = new PageCache<string>(1000, 2);
    cache.set('a', 'x', 0);
    cache.update('a', 'y');
    assert.equal(cache.get('a', 999), 'y');
    assert.equal(cache.get('a', 1001), undefined);
    cache.set('b', '1', 0);
    cache.set('c', '2', 0);
    cache.set('d', '3', 0);
    assert.equal(cache.get('b', 1), undefined);
    assert.equal(cache.get('d', 1), '3');
  });

  it('the lifetime is the views’ (PagedTreeBase.DEFAULT_TTL_MS)', () => {
    const source = readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'src', 'views', 'pagedTree.ts'), 'utf8');
    assert.match(source, /DEFAULT_TTL_MS = LIST_CACHE_TTL_MS;/);
    assert.equal(PAGE_CACHE_TTL_MS, LIST_CACHE_TTL_MS);
  });
});

it('the page cache forgets everything on clear (a merge or a review elsewhere may concern any page)', () => {
  const cache = new PageCache<string>(60_000, 10);
  cache.set('a', 'A', 1_000);
  cache.set('b', 'B', 1_000);
  cache.clear();
  assert.equal(cache.get('a', 1_001), undefined);
  assert.equal(cache.get('b', 1_001), undefined);
});

// Paging: Link / X-Total-Count / PR-files headers / total_count bodies, page size limits from /settings/api,
// and iterating all pages.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseLinkHeader } from '../../../src/api';
import { buildPage, effectivePaging } from '../../../src/api/paging';
import { clientFor, requestsTo, startStub, type Stub } from './stub';

describe('Link header', () => {
  it('takes only the page numbers, not the host (built from ROOT_URL)', () => {
    const link =
      '<https://public.example.com/git/api/v1/repos/a/b/issues?limit=2&page=3>; rel="next",' +
      '<https://public.example.com/git/api/v1/repos/a/b/issues?limit=2&page=7>; rel="last",' +
      '<https://public.example.com/git/api/v1/repos/a/b/issues?limit=2&page=1>; rel="first",' +
      '<https://public.example.com/git/api/v1/repos/a/b/issues?limit=2&page=1>; rel="prev"';
    assert.deepEqual(parseLinkHeader(link), { next: 3, last: 7, first: 1, prev: 1 });
  });
  it('ignores garbage and links without a page', () => {
    assert.deepEqual(parseLinkHeader('nonsense, <x?page=abc>; rel="next", <y>; rel="last"'), {});
    assert.deepEqual(parseLinkHeader(undefined), {});
  });
});

describe('buildPage', () => {
  const items = [1, 2, 3];
  it('Link rel=next → hasMore with nextPage and lastPage', () => {
    const p = buildPage(items, { link: '<h?page=3>; rel="next", <h?page=5>; rel="last"', 'x-total-count': '14' }, { page: 2, limit: 3 });
    assert.deepEqual(p, { items, page: 2, limit: 3, hasMore: true, nextPage: 3, lastPage: 5, totalCount: 14, pageCount: 5 });
  });
  it('a Link without next is the last page', () => {
    const p = buildPage(items, { link: '<h?page=1>; rel="first", <h?page=4>; rel="prev"', 'x-total-count': '99' }, { page: 5, limit: 3 });
    assert.equal(p.hasMore, false);
    assert.equal(p.nextPage, undefined);
  });
  it('only X-Total-Count (hooks, keys, labels…)', () => {
    assert.equal(buildPage(items, { 'x-total-count': '7' }, { page: 2, limit: 3 }).hasMore, true);
    assert.equal(buildPage(items, { 'x-total-count': '6' }, { page: 2, limit: 3 }).hasMore, false);
  });
  it('PR files: X-Page, X-PerPage, X-PageCount, X-HasMore, X-Total', () => {
    const p = buildPage(items, { 'x-page': '2', 'x-perpage': '3', 'x-pagecount': '4', 'x-hasmore': 'true', 'x-total': '11' }, { page: 9, limit: 9 });
    assert.deepEqual(p, { items, page: 2, limit: 3, hasMore: true, nextPage: 3, totalCount: 11, pageCount: 4, lastPage: 4 });
    assert.equal(buildPage(items, { 'x-hasmore': 'false' }, { page: 1, limit: 3 }).hasMore, false);
  });
  it('no headers at all (issue blocks): a full page may continue, a short one ends', () => {
    assert.equal(buildPage(items, {}, { page: 1, limit: 3 }).hasMore, true);
    assert.equal(buildPage([1, 2], {}, { page: 1, limit: 3 }).hasMore, false);
    assert.equal(buildPage([], {}, { page: 1, limit: 3 }).hasMore, false);
  });
  it('a total from the body (actions jobs)', () => {
    assert.equal(buildPage(items, {}, { page: 1, limit: 3 }, 3).hasMore, false);
    assert.equal(buildPage(items, {}, { page: 1, limit: 3 }, 4).totalCount, 4);
  });
});

describe('effectivePaging', () => {
  const limits = { defaultLimit: 30, maxLimit: 50 };
  it('clamps like the server', () => {
    assert.deepEqual(effectivePaging({}, limits), { page: 1, limit: 30 });
    assert.deepEqual(effectivePaging({ page: 0, limit: 0 }, limits), { page: 1, limit: 30 });
    assert.deepEqual(effectivePaging({ page: 3, limit: 500 }, limits), { page: 3, limit: 50 });
  });
});

describe('paging over HTTP', () => {
  let stub: Stub;
  const branches = Array.from({ length: 7 }, (_, i) => ({ name: `b${i}`, commit: { id: `${i}`.repeat(40) } }));
  let settingsCalls = 0;
  before(async () => {
    stub = await startStub((r) => {
      const url = new URL(r.url, 'http://x');
      if (url.pathname === '/api/v1/settings/api') {
        settingsCalls++;
        return { body: { max_response_items: 3, default_paging_num: 2, default_git_trees_per_page: 1000 } };
      }
      if (url.pathname === '/api/v1/repos/a/empty/branches') return { body: null, headers: { 'x-total-count': '0' } };
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const slice = branches.slice((page - 1) * limit, page * limit);
      const last = Math.ceil(branches.length / limit);
      const link = page < last ? `<https://elsewhere.example/api/v1/x?page=${page + 1}&limit=${limit}>; rel="next"` : '';
      return { body: slice, headers: { 'x-total-count': String(branches.length), ...(link ? { link } : {}) } };
    });
  });
  after(() => stub.close());

  it('reads /settings/api once per client and clamps limit to max_response_items', async () => {
    const c = clientFor(stub);
    const p1 = await c.repoListBranches({ owner: 'a', repo: 'b', limit: 100 });
    const p2 = await c.repoListBranches({ owner: 'a', repo: 'b' });
    assert.equal(settingsCalls, 1);
    assert.equal(p1.limit, 3);
    assert.equal(p2.limit, 2, 'default_paging_num when no limit is given');
    const urls = requestsTo(stub, '/api/v1/repos/a/b/branches').map((r) => r.url);
    assert.ok(urls[0]!.includes('limit=3') && urls[1]!.includes('limit=2'), urls.join(' '));
    assert.equal(p1.hasMore, true);
    assert.equal(p1.nextPage, 2);
    assert.equal(p1.totalCount, 7);
  });

  it('limits kept from an earlier session are used at once; /settings/api is read again beside the first list and kept', async () => {
    const told: unknown[] = [];
    const before = settingsCalls;
    const c = clientFor(stub, { pagingLimits: { defaultLimit: 4, maxLimit: 5 }, onPagingLimits: (l) => told.push(l) });
    const first = await c.repoListBranches({ owner: 'a', repo: 'b', limit: 100 });
    assert.equal(first.limit, 5, 'the kept max_response_items, not the one /settings/api will say');
    for (let i = 0; i < 50 && told.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(told, [{ defaultLimit: 2, maxLimit: 3 }], 'the limits read in the background are handed back to be kept');
    const second = await c.repoListBranches({ owner: 'a', repo: 'b', limit: 100 });
    assert.equal(second.limit, 3, 'later lists use what the server says now');
    assert.equal(settingsCalls - before, 1, 'read once, in the background');
  });

  it('kept limits that are not limits (another version wrote them) are ignored: the first list waits for /settings/api', async () => {
    const c = clientFor(stub, { pagingLimits: { defaultLimit: '4', maxLimit: -5 } });
    assert.equal((await c.repoListBranches({ owner: 'a', repo: 'b', limit: 100 })).limit, 3);
  });

  it('paginate iterates every page, by name or by method', async () => {
    const c = clientFor(stub);
    const byName: string[] = [];
    for await (const b of c.paginate('repoListBranches', { owner: 'a', repo: 'b', limit: 3 })) byName.push(b.name);
    assert.deepEqual(byName, branches.map((b) => b.name));
    const byMethod: string[] = [];
    for await (const b of c.paginate(c.repoListBranches, { owner: 'a', repo: 'b', page: 2, limit: 2 })) byMethod.push(b.name);
    assert.deepEqual(byMethod, ['b2', 'b3', 'b4', 'b5', 'b6']);
  });

  it('never spends a one-time code on /settings/api', async () => {
    const c = clientFor(stub, { auth: { kind: 'basic', username: 'bob', password: 'pw', otp: '111111' } });
    await c.repoListBranches({ owner: 'a', repo: 'b' }, { otp: '222222' });
    const [settings] = requestsTo(stub, '/api/v1/settings/api').slice(-1);
    const [list] = requestsTo(stub, '/api/v1/repos/a/b/branches').slice(-1);
    assert.equal(settings!.headers['x-gitea-otp'], undefined);
    assert.ok(settings!.headers.authorization, 'still authenticated');
    assert.equal(list!.headers['x-gitea-otp'], '222222');
  });

  it('a null body (empty repository) is an empty page', async () => {
    const p = await clientFor(stub).repoListBranches({ owner: 'a', repo: 'empty' });
    assert.deepEqual(p.items, []);
    assert.equal(p.hasMore, false);
  });
});

// Paging of the test server: Gitea's defaults and clamps, Link built from ROOT_URL (sub-path included)
// with only the rels that apply, X-Total-Count, the lists with only X-Total-Count, and the blocks list.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

function rels(link: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (link ?? '').split(',').filter(Boolean)) {
    const m = /<([^<>]+)>; rel="(\w+)"/.exec(part);
    if (m) out[m[2]] = m[1];
  }
  return out;
}

describe('test server: paging', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ subPath: '/git' });
  });
  after(() => server?.close());

  it('answers a middle page with next/last/first/prev links under the sub-path', async () => {
    const res = await api(server, '/repos/alice/demo/branches?limit=2&page=2');
    assert.equal(res.status, 200);
    assert.equal(res.json.length, 2);
    assert.equal(res.headers.get('x-total-count'), '7');
    const links = rels(res.headers.get('link'));
    assert.deepEqual(Object.keys(links).sort(), ['first', 'last', 'next', 'prev']);
    assert.equal(links.next, `${server.url}api/v1/repos/alice/demo/branches?limit=2&page=3`);
    assert.ok(links.last.startsWith(`http://127.0.0.1:${server.port}/git/api/v1/`));
    assert.ok(links.last.endsWith('page=4'));
    assert.ok(links.first.endsWith('page=1'));
    assert.ok(links.prev.endsWith('page=1'));
  });

  it('first page has only next/last; the last page only first/prev; a single page no Link', async () => {
    assert.deepEqual(Object.keys(rels((await api(server, '/repos/alice/demo/branches?limit=2')).headers.get('link'))).sort(), ['last', 'next']);
    assert.deepEqual(Object.keys(rels((await api(server, '/repos/alice/demo/branches?limit=2&page=4')).headers.get('link'))).sort(), ['first', 'prev']);
    const single = await api(server, '/repos/alice/demo/branches');
    assert.equal(single.headers.get('link'), null);
    assert.equal(single.json.length, 7);
  });

  it('clamps limit > 50 silently, treats limit <= 0 as 30 and page < 1 as 1', async () => {
    const big = await api(server, '/users/alice/activities/feeds?limit=500', { as: 'alice' });
    assert.equal(big.json.length, 50);
    assert.ok(Number(big.headers.get('x-total-count')) > 50);
    const zero = await api(server, '/users/alice/activities/feeds?limit=0', { as: 'alice' });
    assert.equal(zero.json.length, 30);
    const neg = await api(server, '/users/alice/activities/feeds?limit=-4&page=-2', { as: 'alice' });
    assert.equal(neg.json.length, 30);
    assert.deepEqual(neg.json.map((a: { id: number }) => a.id), zero.json.map((a: { id: number }) => a.id));
  });

  it('sends only X-Total-Count on hooks, deploy keys, user feeds, collaborators, milestones and labels', async () => {
    for (const path of ['/repos/alice/demo/hooks?limit=1', '/repos/alice/demo/keys?limit=1', '/users/alice/activities/feeds?limit=1',
      '/repos/alice/demo/collaborators?limit=1', '/repos/alice/demo/milestones?state=all&limit=1', '/repos/alice/demo/labels?limit=1']) {
      const res = await api(server, path, { as: 'alice' });
      assert.equal(res.status, 200, path);
      assert.equal(res.json.length, 1, path);
      assert.ok(Number(res.headers.get('x-total-count')) > 1, path);
      assert.equal(res.headers.get('link'), null, path);
    }
  });

  it('blocks sends no paging headers and [] when nothing is blocked', async () => {
    const res = await api(server, '/repos/alice/demo/issues/1/blocks?limit=1000');
    assert.deepEqual(res.json.map((i: { number: number }) => i.number).sort(), [2, 7]);
    assert.equal(res.headers.get('x-total-count'), null);
    assert.equal(res.headers.get('link'), null);
    const none = await api(server, '/repos/alice/demo/issues/9/blocks');
    assert.equal(none.text.trim(), '[]');
  });

  it('pull request files send X-Page, X-PerPage, X-PageCount and X-HasMore', async () => {
    const res = await api(server, '/repos/alice/demo/pulls/6/files?limit=2&page=2');
    assert.equal(res.json.length, 2);
    assert.equal(res.headers.get('x-page'), '2');
    assert.equal(res.headers.get('x-perpage'), '2');
    assert.equal(res.headers.get('x-pagecount'), '3');
    assert.equal(res.headers.get('x-hasmore'), 'true');
    assert.equal(res.headers.get('x-total-count'), '6');
  });
});

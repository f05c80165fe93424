// seed: 'big' — 10,000 branches, 5,000 issues, 2,000 jobs and a 1,500-file pull request, within budget.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: big seed', () => {
  let server: TestServer;
  let startMs = 0;
  before(async () => {
    const t = Date.now();
    server = await startTestServer({ seed: 'big', log: () => undefined });
    startMs = Date.now() - t;
  });
  after(() => server?.close());

  it('starts within the budget', () => {
    assert.ok(startMs < 15_000, `big seed took ${startMs} ms`);
  });

  it('has 10,000 numbered branches (plus main and feature/big-change) as real refs', async () => {
    const res = await api(server, '/repos/alice/big/branches?limit=50&page=3');
    assert.equal(res.headers.get('x-total-count'), '10002');
    assert.equal(res.json.length, 50);
    assert.match(res.headers.get('link') ?? '', /page=201>; rel="last"/);
    const q = await api(server, '/repos/alice/big/branches?q=branch/0999');
    assert.equal(q.json.length, 10);
  });

  it('has 5,000 issues and an unclamped issue search', async () => {
    const issues = await api(server, '/repos/alice/big/issues?state=all&type=issues&limit=1');
    assert.equal(issues.headers.get('x-total-count'), '5000');
    const search = await api(server, '/repos/issues/search?owner=alice&state=all&limit=120', { as: 'alice' });
    assert.equal(search.json.length, 120);
    const text = await api(server, '/repos/issues/search?owner=alice&state=all&limit=120&q=module', { as: 'alice' });
    assert.equal(text.json.length, 50);
  });

  it('has 2,000 CI jobs', async () => {
    const res = await api(server, '/repos/alice/big/actions/jobs?limit=50');
    assert.equal(res.json.total_count, 2000);
    assert.equal(res.json.jobs.length, 50);
    assert.equal(res.json.jobs[0].id < res.json.jobs[1].id, true);
  });

  it('has a pull request changing 1,500 files, paged with X-PageCount', async () => {
    const res = await api(server, '/repos/alice/big/pulls/1/files?limit=50&page=30');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-total-count'), '1500');
    assert.equal(res.headers.get('x-pagecount'), '30');
    assert.equal(res.headers.get('x-hasmore'), 'false');
    assert.equal(res.json.length, 50);
    const all = await api(server, '/repos/alice/big/pulls/1');
    assert.equal(all.json.changed_files, 1500);
    const renamed = await api(server, '/repos/alice/big/pulls/1/files?limit=50&skip-to=renamed/file-1100.ts');
    assert.equal(renamed.json[0].status, 'renamed');
    assert.equal(renamed.json[0].previous_filename, 'src/mod/file-1100.ts');
  });
});

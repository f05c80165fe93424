// Paging and server differences in the views: "Load more" fetches exactly the next page (never all pages, never
// a request per item); Forgejo gets the CI Jobs explanation instead of an error and the branch filter on this
// side; a failing server (502) shows an error item whose Retry recovers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ViewsRegistry } from '../../src/views/registry';
import type { TreeNode } from '../../src/views/treeNode';
import { startTestServer, type TestServer } from '../server/index';
import { api, dataNodes, describeNodes, hasContext, isError, isLoadMore, label, proxiedSession, type ProxiedSession, registry, requestsTo, settled, signInAndSelect, signOut, startSwitchableProxy, type SwitchableProxy } from './viewsSupport';

const UNSUPPORTED = 'This server does not provide the CI jobs API (Gitea 1.25+)';

describe('views: Load more', function () {
  this.timeout(180_000);
  let server: TestServer;
  let views: ViewsRegistry;
  let accountId: string | undefined;

  before(async () => {
    server = await startTestServer();
    // 31 more open issues: 35 in all, more than the server's page of 30.
    for (let i = 1; i <= 31; i++) await api(server, 'POST', '/repos/alice/demo/issues', { title: `Paging issue ${i}` });
    views = await registry();
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('page 1 and a Load more item after one request; Load more appends page 2 only', async () => {
    const truth = await api<{ number: number }[]>(server, 'GET', '/repos/alice/demo/issues?state=open&type=issues&limit=50');
    assert.equal(truth.length, 35);
    const from = server.requests.length;
    views.issues.refresh();
    const first = await settled(views.issues);
    const issuesOf = (nodes: TreeNode[]) => nodes.filter((n) => hasContext(n, 'issue'));
    assert.equal(issuesOf(first).length, 30, describeNodes(first));
    const more = first.at(-1)!;
    assert.ok(isLoadMore(more), `the last item is Load more: ${describeNodes(first.slice(-2))}`);
    assert.equal(more.item.command?.command, 'gitea.views.loadMore');
    assert.deepEqual(
      requestsTo(server, '/repos/alice/demo/issues', from).map((r) => r.query.page),
      ['1'],
      'one request for the first page',
    );
    const perItem = server.requests.slice(from).filter((r) => /^\/repos\/alice\/demo\/issues\/\d+/.test(r.apiPath ?? ''));
    assert.deepEqual(perItem.map((r) => r.apiPath), [], 'no request per item');

    await vscode.commands.executeCommand('gitea.views.loadMore', more);
    const all = await settled(views.issues);
    const items = issuesOf(all);
    assert.equal(items.length, 35, describeNodes(all.slice(-3)));
    assert.ok(!all.some(isLoadMore), 'no Load more after the last page');
    assert.deepEqual(items.slice(0, 30).map(label), issuesOf(first).map(label), 'page 1 kept, page 2 appended');
    assert.equal(new Set(items.map(label)).size, 35, 'no duplicates');
    const pages = requestsTo(server, '/repos/alice/demo/issues', from).map((r) => r.query.page);
    assert.deepEqual(pages, ['1', '2']);
  });
});

describe('views: Forgejo', function () {
  this.timeout(180_000);
  let server: TestServer;
  let views: ViewsRegistry;
  let accountId: string | undefined;

  before(async () => {
    server = await startTestServer({ flavor: 'forgejo' });
    views = await registry();
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('CI Jobs explains that the server has no jobs API, and asks nothing', async () => {
    const from = server.requests.length;
    views.ciJobs.refresh();
    const nodes = await settled(views.ciJobs);
    assert.deepEqual(nodes.map(label), [UNSUPPORTED]);
    assert.ok(!nodes.some(isError));
    assert.equal(server.requests.slice(from).filter((r) => r.apiPath?.startsWith('/repos/alice/demo/actions/')).length, 0);
  });

  it('the branch filter works on loaded pages and says so (no q on Forgejo)', async () => {
    const from = server.requests.length;
    views.branches.setFilter('feature');
    try {
      const names = dataNodes(await settled(views.branches)).map(label);
      assert.deepEqual([...names].sort(), ['feature/login', 'feature/search']);
      for (const r of requestsTo(server, '/repos/alice/demo/branches', from)) assert.equal(r.query.q, undefined);
      assert.match(views.branches.filterNotice ?? '', /cannot search branches/);
    } finally {
      views.branches.setFilter('');
    }
    assert.equal(views.branches.filterNotice, undefined);
  });
});

describe('views: a server without the jobs endpoint, and a failing server', function () {
  this.timeout(180_000);
  let server: TestServer;
  let proxy: SwitchableProxy;
  let views: ViewsRegistry;
  let session: ProxiedSession<SwitchableProxy> | undefined;

  before(async () => ({ server, proxy, views } = session = await proxiedSession(startSwitchableProxy)));
  after(() => session?.close());

  it('a 404 from the Actions endpoints shows the explanation, not an error, and no Workflows section', async () => {
    proxy.intercept = (_m, url) => (url.includes('/actions/') ? { status: 404, body: '{"message":"not found","url":""}' } : undefined);
    try {
      views.ciJobs.refresh();
      const nodes = await settled(views.ciJobs);
      assert.deepEqual(nodes.map(label), [UNSUPPORTED], describeNodes(nodes));
    } finally {
      proxy.intercept = undefined;
    }
  });

  it('a failing server (502): an error item with Retry in each view; Retry recovers', async () => {
    proxy.failing = true;
    try {
      for (const [id, p] of views.byId) {
        if (!['gitea.branches', 'gitea.issues', 'gitea.pullRequests', 'gitea.releases', 'gitea.ciJobs', 'gitea.deployKeys'].includes(id)) continue;
        p.refresh();
        const nodes = await settled(p);
        const errors = nodes.filter(isError);
        assert.equal(errors.length, 1, `${id}: ${describeNodes(nodes)}`);
        assert.ok(label(errors[0]!).length > 0);
        assert.equal(errors[0]!.item.command?.command, 'gitea.views.retry');
      }
    } finally {
      proxy.failing = false;
    }
    proxy.failing = true;
    views.branches.refresh();
    const [error] = (await settled(views.branches)).filter(isError);
    assert.ok(error, 'the error item');
    proxy.failing = false;
    await vscode.commands.executeCommand('gitea.views.retry', error);
    const recovered = await settled(views.branches);
    assert.ok(!recovered.some(isError), describeNodes(recovered));
    assert.equal(dataNodes(recovered).length, server.fixtures.repos.demo.branches.length);
  });
});

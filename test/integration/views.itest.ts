// The six sidebar views filled from a Gitea 1.27 test server (started in this process, so its requests can be
// counted): the items of every view compared with what the server holds, one request per list, and the cache.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ViewsRegistry } from '../../src/views/registry';
import { startTestServer, type TestServer } from '../server/index';
import {
  api,
  contextOf,
  dataNodes,
  describeNodes,
  find,
  hasContext,
  label,
  registry,
  requestsTo,
  selectRepo,
  settled,
  signInAndSelect,
  signOut,
} from './viewsSupport';

interface ApiIssue {
  number: number;
  title: string;
}

describe('views: items of every view (Gitea 1.27)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let views: ViewsRegistry;
  let accountId: string | undefined;

  before(async () => {
    server = await startTestServer();
    views = await registry();
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('Branches: every branch, default first and marked, protection and push rights, one request (the default branch from the first page)', async () => {
    const from = server.requests.length;
    views.branches.refresh();
    const nodes = await settled(views.branches);
    const names = dataNodes(nodes).map(label);
    assert.deepEqual([...names].sort(), [...server.fixtures.repos.demo.branches].sort(), describeNodes(nodes));
    assert.equal(names[0], 'main', 'the default branch comes first');
    const main = nodes[0]!;
    assert.ok(hasContext(main, 'default') && hasContext(main, 'protected'), describeNodes([main]));
    assert.match(String(main.item.description), /default, protected/);
    assert.ok(hasContext(main, 'hasUrl'), 'Open in Browser applies');
    assert.equal(main.url, `${server.url}alice/demo/src/branch/main`);
    const tip = views.branches.resolveTreeItem(main.item, main).tooltip as vscode.MarkdownString;
    assert.match(tip.value, /You can push/);
    assert.match(tip.value, /You can merge/);
    assert.equal(tip.isTrusted, false);
    const lists = requestsTo(server, '/repos/alice/demo/branches', from);
    assert.equal(lists.length, 1, 'one request for the list');
    assert.equal(lists[0]!.query.q, undefined);
    assert.equal(lists[0]!.query.page, '1');
    // The default branch is on that page: it is taken from there, not asked for after the repository's answer.
    assert.equal(requestsTo(server, '/repos/alice/demo/branches/main', from).length, 0, 'no request for the default branch');
  });

  it('Branches: the filter is sent to the server as q (Gitea 1.27)', async () => {
    const from = server.requests.length;
    views.branches.setFilter('feature');
    try {
      const names = dataNodes(await settled(views.branches)).map(label);
      assert.deepEqual([...names].sort(), ['feature/login', 'feature/search']);
      const lists = requestsTo(server, '/repos/alice/demo/branches', from);
      assert.equal(lists.length, 1);
      assert.equal(lists[0]!.query.q, 'feature');
    } finally {
      views.branches.setFilter('');
    }
  });

  it('Issues: My Issues, then the open issues of the repository with labels; Blocks and Depends on', async () => {
    views.issues.refresh();
    const top = await settled(views.issues);
    const mine = top[0]!;
    const issues = top.filter((n) => hasContext(n, 'issue'));
    assert.equal(issues.length, top.length - 1, describeNodes(top));
    const truth = await api<ApiIssue[]>(server, 'GET', '/repos/alice/demo/issues?state=open&type=issues');
    assert.deepEqual(
      issues.map(label).sort(),
      truth.map((i) => `#${i.number} ${i.title}`).sort(),
      describeNodes(issues),
    );
    const crash = find(issues, '#1 ');
    const tip = views.issues.resolveTreeItem(crash.item, crash).tooltip as vscode.MarkdownString;
    assert.equal(tip.isTrusted, false);
    assert.match(String(crash.item.description), /\bbug\b/, 'label names follow the title');
    assert.match(tip.value, /<span style="color:#ee0701;">&#x25CF;<\/span> bug/, 'each label with its colour');
    assert.equal(tip.supportHtml, true);

    const [blocks, dependsOn] = await settled(views.issues, crash);
    assert.equal(label(blocks!), 'Blocks');
    assert.deepEqual(dataNodes(await settled(views.issues, blocks)).map((n) => label(n).split(' ')[0]).sort(), ['#2', '#7']);
    assert.deepEqual(dataNodes(await settled(views.issues, dependsOn)).map(label), []);
    const seven = find(issues, '#7 ');
    const [, sevenDeps] = await settled(views.issues, seven);
    const deps = dataNodes(await settled(views.issues, sevenDeps));
    assert.deepEqual(deps.map((n) => label(n).split(' ')[0]).sort(), ['#1', '#5']);
    assert.ok(deps.every((n) => hasContext(n, 'dependency')), 'Remove Dependency applies');

    assert.equal(label(mine), 'My Issues');
    const groups = await settled(views.issues, mine);
    assert.deepEqual(groups.map(label), ['Assigned to Me', 'Created by Me', 'Mentioning Me', 'Review Requested']);
    const assigned = await api<ApiIssue[]>(server, 'GET', '/repos/issues/search?state=open&assigned=true');
    assert.deepEqual(
      dataNodes(await settled(views.issues, groups[0])).map(label).sort(),
      assigned.map((i) => `#${i.number} ${i.title}`).sort(),
    );
    const created = await api<ApiIssue[]>(server, 'GET', '/repos/issues/search?state=open&created=true');
    assert.equal(dataNodes(await settled(views.issues, groups[1])).length, created.length);
  });

  it('Pull Requests: open by default, all on request; merged state, merge commit and changed files', async () => {
    views.pullRequests.setPullState('open');
    views.pullRequests.refresh();
    // The "Review Requested" group comes first, then the repository's pull requests.
    const [group, ...open] = dataNodes(await settled(views.pullRequests));
    assert.equal(group && contextOf(group), 'reviewRequestedGroup');
    assert.deepEqual(open.map((n) => label(n).split(' ')[0]), [`#${server.fixtures.repos.demo.pulls.open}`]);
    views.pullRequests.setPullState('all');
    try {
      const all = dataNodes(await settled(views.pullRequests)).slice(1);
      assert.equal(all.length, 4, describeNodes(all));
      const merged = find(all, `#${server.fixtures.repos.demo.pulls.mergedMerge} `);
      const pr = await api<{ merge_commit_sha: string; merged_by: { login: string } }>(
        server,
        'GET',
        `/repos/alice/demo/pulls/${server.fixtures.repos.demo.pulls.mergedMerge}`,
      );
      const children = await settled(views.pullRequests, merged);
      assert.equal(label(children[0]!), `Merged by ${pr.merged_by.login}`);
      assert.equal(label(children[1]!), `Merge commit ${pr.merge_commit_sha.slice(0, 10)}`);
      const openPr = find(all, `#${server.fixtures.repos.demo.pulls.open} `);
      const files = await api<{ filename: string }[]>(server, 'GET', `/repos/alice/demo/pulls/${server.fixtures.repos.demo.pulls.open}/files`);
      const fileNodes = (await settled(views.pullRequests, openPr)).filter((n) => hasContext(n, 'changedFile'));
      assert.deepEqual(
        fileNodes.map((n) => label(n)).sort(),
        files.map((f) => f.filename.slice(f.filename.lastIndexOf('/') + 1)).sort(),
      );
      assert.equal(fileNodes[0]!.item.command?.command, 'gitea.pullRequests.openChangedFile');
    } finally {
      views.pullRequests.setPullState('open');
    }
  });

  it('Pull Requests of an empty repository (the server answers 404 until the first push): none, not an error', async () => {
    const { empty, demo } = server.fixtures.repos;
    const headers = { Authorization: `token ${server.fixtures.users.alice.tokens.all}` };
    assert.equal((await fetch(`${server.url}api/v1/repos/${empty.fullName}`, { headers })).status, 200);
    const status = (await fetch(`${server.url}api/v1/repos/${empty.fullName}/pulls`, { headers })).status;
    assert.equal(status, 404, 'the test server answers as Gitea does (BEHAVIOR.md)');
    await selectRepo(server.url, empty.owner, empty.name);
    try {
      views.pullRequests.refresh();
      const nodes = await settled(views.pullRequests);
      assert.deepEqual(nodes.slice(1).map(label), ['No open pull requests'], describeNodes(nodes));
    } finally {
      await selectRepo(server.url, demo.owner, demo.name);
    }
  });

  it('Releases: tags with draft and pre-release badges, assets and source archives', async () => {
    views.releases.refresh();
    const nodes = dataNodes(await settled(views.releases));
    const { published, prerelease, draft } = server.fixtures.repos.demo.releases;
    assert.deepEqual(nodes.map(label).sort(), [published, prerelease, draft].sort());
    assert.match(String(find(nodes, draft).item.description), /\[draft\]/);
    assert.match(String(find(nodes, prerelease).item.description), /\[pre-release\]/);
    assert.doesNotMatch(String(find(nodes, published).item.description), /\[(draft|pre-release)\]/);
    const children = await settled(views.releases, find(nodes, published));
    assert.ok(children.some((n) => label(n) === 'Source code (zip)' && hasContext(n, 'hasUrl')), describeNodes(children));
  });

  it('CI Jobs: workflow runs newest first, one request; a run expands to its jobs, a job to its steps', async () => {
    // More on runs, the filter and polling: viewsLikeGitea.itest.ts and viewsActions.itest.ts.
    const from = server.requests.length;
    views.ciJobs.refresh();
    const runs = dataNodes(await settled(views.ciJobs));
    assert.equal(requestsTo(server, '/repos/alice/demo/actions/runs', from).length, 1);
    const truth = await api<{ workflow_runs: { id: number; display_title: string }[] }>(server, 'GET', '/repos/alice/demo/actions/runs');
    assert.deepEqual(runs.map(label), truth.workflow_runs.map((r) => r.display_title));
    assert.ok(runs.every((r) => hasContext(r, 'ciRun')));
    const jobs = dataNodes(await settled(views.ciJobs, runs[runs.length - 1]));
    assert.ok(jobs.length > 0 && jobs.every((j) => hasContext(j, 'ciJob')), describeNodes(jobs));
    const steps = await settled(views.ciJobs, jobs[0]);
    assert.ok(steps.length > 0 && steps.every((s) => hasContext(s, 'ciStep')), describeNodes(steps));
  });

  it('Deploy Keys: title, read-only flag and fingerprint', async () => {
    views.deployKeys.refresh();
    const keys = dataNodes(await settled(views.deployKeys));
    const truth = await api<{ title: string; fingerprint: string; read_only: boolean }[]>(server, 'GET', '/repos/alice/demo/keys');
    assert.deepEqual(keys.map(label).sort(), truth.map((k) => k.title).sort());
    for (const k of truth) {
      const node = find(keys, k.title);
      assert.ok(String(node.item.description).includes(k.fingerprint));
      assert.ok(hasContext(node, k.read_only ? 'readOnly' : 'readWrite'));
    }
  });

  it('a list visited again within the cache lifetime sends no request', async () => {
    views.branches.refresh();
    await settled(views.branches);
    const from = server.requests.length;
    await selectRepo(server.url, 'alice', 'empty');
    const empty = await settled(views.branches);
    assert.deepEqual(empty.map((n) => n.item.contextValue), ['empty'], describeNodes(empty));
    await selectRepo(server.url, 'alice', 'demo');
    const again = await settled(views.branches);
    assert.equal(dataNodes(again).length, server.fixtures.repos.demo.branches.length);
    assert.equal(requestsTo(server, '/repos/alice/demo/branches', from).length, 0, 'served from the cache');
    assert.equal(requestsTo(server, '/repos/alice/empty/branches', from).length, 1);
  });
});

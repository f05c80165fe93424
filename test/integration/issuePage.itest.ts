// The issue page inside a real VS Code, against a Gitea 1.27 test server started in this process (so the exact
// requests it received can be read). The page is driven through the messages its webview sends (`page.handle`),
// which go through the same validation as the webview's; `gitea.openIssue` resolves to the page.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IssuePage } from '../../src/commands/issuePage/issuePagePanel';
import type { RepoRef } from '../../src/core/services';
import { FIXTURES, type TestServer } from '../server/index';
import { api, find, registry, replaceMessage, requestsTo, settled } from './viewsSupport';
import { closeEditors, issuePageTabs, waitFor } from './workflowsSupport';
import { demoSession } from './demoSession';

const demo = FIXTURES.repos.demo;
const crash = demo.issues.crash;

describe('issue page (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let repo: RepoRef;

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });

  const open = async (number: number): Promise<IssuePage> => {
    const page = await vscode.commands.executeCommand<IssuePage | undefined>('gitea.openIssue', { repo, number });
    assert.ok(page, `gitea.openIssue #${number} opened no page`);
    return page;
  };

  it('opens #1 in one tab with its title, state and timeline; opening it again reuses that tab', async () => {
    const page = await open(crash);
    const data = await page.whenLoaded();
    assert.ok(data, 'the page loaded');
    const issue = await api<{ title: string; state: string }>(server, 'GET', `/repos/alice/demo/issues/${crash}`);
    assert.equal(data.header.title, issue.title);
    assert.equal(data.header.state, issue.state);
    assert.equal(data.timeline[0]?.kind, 'comment', 'the description comes first');
    // A strict policy: nothing by default, the one script by its nonce, images only from the instance.
    const attribute = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page.panel.webview.html)?.[1] ?? '';
    const csp = attribute.replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-[^']+'(;|$)/);
    const images = /img-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    assert.ok(images.includes(new URL(server.url).origin), csp);
    assert.ok(!images.some((s) => s === '*' || s === 'https:' || s === 'http:' || s === 'data:'), csp);
    await waitFor('the page tab', () => issuePageTabs().length === 1);
    const again = await open(crash);
    assert.equal(again, page, 'the same page');
    assert.equal(issuePageTabs().length, 1, 'no second tab');
  });

  it('a click on an issue row or a pull request row opens its page; the rows still expand', async () => {
    const views = await registry();
    views.issues.refresh();
    const issueRow = find(await settled(views.issues), `#${crash} `);
    views.pullRequests.refresh();
    const pullRow = find(await settled(views.pullRequests), `#${demo.pulls.open} `);
    for (const [row, number, isPull] of [[issueRow, crash, false], [pullRow, demo.pulls.open, true]] as const) {
      const command = row.item.command;
      assert.equal(command?.command, 'gitea.openIssue');
      assert.notEqual(row.item.collapsibleState, vscode.TreeItemCollapsibleState.None, 'the row still expands');
      const page = await vscode.commands.executeCommand<IssuePage>(command.command, ...(command.arguments ?? []));
      assert.equal(page.ref.number, number);
      assert.equal((await page.whenLoaded())?.header.isPull, isPull);
    }
    // The tab model follows the panels asynchronously.
    await waitFor('two page tabs', () => issuePageTabs().length === 2);
  });

  it('shows what the issue blocks beside what it depends on, read from …/blocks and …/dependencies', async () => {
    const from = server.requests.length;
    const blocker = await (await open(crash)).reload();
    assert.ok(blocker);
    assert.deepEqual(blocker.dependencies, [], '#1 depends on nothing');
    assert.deepEqual(blocker.blocks.map((d) => d.number).sort((a, b) => a - b), [demo.issues.darkMode, demo.issues.refactor]);
    assert.equal(requestsTo(server, `/repos/alice/demo/issues/${crash}/blocks`, from).length, 1, 'asked once');
    const blocked = await (await open(demo.issues.refactor)).whenLoaded();
    assert.ok(blocked);
    assert.deepEqual(blocked.dependencies.map((d) => [d.number, d.state]).sort(), [[crash, 'open'], [demo.issues.docs, 'closed']].sort());
    assert.deepEqual(blocked.blocks, [], '#7 blocks nothing');
  });

  it('a pull request opens the same page with base ← head and its merged state', async () => {
    const page = await open(demo.pulls.mergedMerge);
    const data = await page.whenLoaded();
    assert.ok(data);
    assert.equal(data.header.isPull, true);
    assert.equal(data.header.state, 'merged');
    assert.equal(data.header.base, 'main');
    assert.ok(data.header.head, 'the head branch is shown');
  });

  it('Comment sends exactly { body } and clears the draft once the server accepted it', async () => {
    const page = await open(crash);
    await page.whenLoaded();
    const body = 'Reproduced on **1.27** <img src=x onerror=alert(1)>';
    await page.handle({ type: 'draft', body });
    const from = server.requests.length;
    const outcome = await page.handle({ type: 'comment', body });
    assert.deepEqual(outcome, { ok: true });
    const posts = requestsTo(server, `/repos/alice/demo/issues/${crash}/comments`, from).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1);
    assert.deepEqual(posts[0]!.body, { body });
    assert.equal(posts[0]!.status, 201);
    assert.equal(page.draft, '', 'the draft is gone');
    const data = await page.whenLoaded();
    const mine = data?.timeline.find((e) => e.kind === 'comment' && e.own && e.source === body);
    assert.ok(mine && mine.kind === 'comment' && typeof mine.html === 'string', 'the new comment shows, as the user’s own');
    assert.ok(!/<img/.test(mine.html), `the raw <img> stayed text: ${mine.html}`);

    // Edit, then delete (after confirming) the user's own comment.
    let mark = server.requests.length;
    assert.deepEqual(await page.handle({ type: 'editComment', id: mine.id, body: 'Edited' }), { ok: true });
    assert.deepEqual(requestsTo(server, `/repos/alice/demo/issues/comments/${mine.id}`, mark).find((r) => r.method === 'PATCH')?.body, { body: 'Edited' });
    const decline = replaceMessage('showWarningMessage', () => undefined);
    try {
      assert.deepEqual(await page.handle({ type: 'deleteComment', id: mine.id }), { ok: false, message: 'cancelled' });
    } finally {
      decline.restore();
    }
    mark = server.requests.length;
    const confirm = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === 'Delete'));
    try {
      assert.deepEqual(await page.handle({ type: 'deleteComment', id: mine.id }), { ok: true });
    } finally {
      confirm.restore();
    }
    assert.equal(requestsTo(server, `/repos/alice/demo/issues/comments/${mine.id}`, mark).find((r) => r.method === 'DELETE')?.status, 204);
  });

  it('Close sends { state: "closed" } and Reopen { state: "open" }; a malformed message sends nothing', async () => {
    const page = await open(crash);
    await page.whenLoaded();
    const path = `/repos/alice/demo/issues/${crash}`;
    let from = server.requests.length;
    assert.equal(await page.handle({ type: 'setState', state: 'closed', extra: 1 }), undefined);
    assert.equal(await page.handle({ type: 'setState', state: 'merged' }), undefined);
    assert.equal(requestsTo(server, path, from).filter((r) => r.method === 'PATCH').length, 0);
    assert.deepEqual(await page.handle({ type: 'setState', state: 'closed' }), { ok: true });
    const patch = requestsTo(server, path, from).filter((r) => r.method === 'PATCH');
    assert.equal(patch.length, 1);
    assert.deepEqual(patch[0]!.body, { state: 'closed' });
    assert.equal((await page.whenLoaded())?.header.state, 'closed');
    from = server.requests.length;
    assert.deepEqual(await page.handle({ type: 'setState', state: 'open' }), { ok: true });
    assert.deepEqual(requestsTo(server, path, from).find((r) => r.method === 'PATCH')?.body, { state: 'open' });
  });

  it('a refused comment (archived repository, 423) keeps the draft, also after the tab is closed', async () => {
    const page = await open(crash);
    await page.whenLoaded();
    await api(server, 'PATCH', '/repos/alice/demo', { archived: true });
    try {
      const body = 'Every word kept';
      await page.handle({ type: 'draft', body });
      const from = server.requests.length;
      const outcome = await page.handle({ type: 'comment', body });
      assert.equal(outcome?.ok, false);
      assert.match(outcome.ok ? '' : outcome.message, /archived/i);
      assert.equal(requestsTo(server, `/repos/alice/demo/issues/${crash}/comments`, from).find((r) => r.method === 'POST')?.status, 423);
      assert.equal(page.draft, body);
      await closeEditors();
      const reopened = await open(crash);
      assert.notEqual(reopened, page, 'a new page after the tab was closed');
      assert.equal(reopened.draft, body, 'the draft survived closing the tab');
      await reopened.handle({ type: 'draft', body: '' });
    } finally {
      await api(server, 'PATCH', '/repos/alice/demo', { archived: false });
    }
  });
});

// The issue page's references, timeline paging and cache inside a real VS Code, against a Gitea 1.27 test server
// started in this process (its request log says exactly what was asked). Driven through the messages the webview
// sends (`page.handle`), which go through the same validation.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IssuePage } from '../../src/commands/issuePage/issuePagePanel';
import type { ShownCommentEntry } from '../../src/commands/issuePage/pageModel';
import type { RepoRef } from '../../src/core/services';
import { FIXTURES, type TestServer } from '../server/index';
import { api } from './viewsSupport';
import { closeEditors, issuePageTabs, waitFor } from './workflowsSupport';
import { demoSession } from './demoSession';

const demo = FIXTURES.repos.demo;
const crash = demo.issues.crash;

describe('issue page references, paging and cache (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let repo: RepoRef;

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });

  const apiSince = (from: number) => server.requests.slice(from).filter((r) => r.kind === 'api');
  /** What a page of #n asks for: every load starts with the issue and its timeline. (The repository itself is left
   * out: other features — the views, the checked-out pull request's status — read it in the background too.) */
  const pageRequests = (from: number, n: number) =>
    apiSince(from).filter((r) => new RegExp(`^/repos/alice/demo/(issues|pulls)/${n}(/|$)`).test(r.apiPath ?? '')).map((r) => r.apiPath);
  const open = async (arg: Record<string, unknown>): Promise<IssuePage> => {
    const page = await vscode.commands.executeCommand<IssuePage | undefined>('gitea.openIssue', { repo, ...arg });
    assert.ok(page, 'gitea.openIssue opened no page');
    return page;
  };

  it('shows the row’s title at once; opening or revealing it again within the cache lifetime sends no request; Refresh does', async () => {
    const created = await api<{ number: number; title: string }>(server, 'POST', '/repos/alice/demo/issues', { title: 'Cached page', body: 'Body' });
    const page = await open({ number: created.number, title: 'Title from the row', state: 'open' });
    assert.equal(page.panel.title, `#${created.number} Title from the row`, 'the stub shows before any answer');
    assert.equal((await page.whenLoaded())?.header.title, 'Cached page');
    // The reactions and tracked times are read after the page painted: those requests belong to the first open.
    await page.reactions.settled();
    await page.timesSettled();

    let from = server.requests.length;
    assert.equal(await open({ number: created.number }), page, 'revealed, not opened twice');
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(pageRequests(from, created.number), [], 'revealing sent nothing');

    await closeEditors();
    from = server.requests.length;
    const again = await open({ number: created.number });
    assert.notEqual(again, page, 'a new tab');
    assert.equal((await again.whenLoaded())?.header.title, 'Cached page', 'shown from the cache');
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(pageRequests(from, created.number), [], 'reopening within the lifetime sent nothing');

    from = server.requests.length;
    await api(server, 'PATCH', `/repos/alice/demo/issues/${created.number}`, { title: 'Renamed elsewhere' });
    await again.handle({ type: 'refresh' });
    assert.equal((await again.whenLoaded())?.header.title, 'Renamed elsewhere', 'Refresh goes to the server');
    assert.ok(apiSince(from).some((r) => r.method === 'GET' && r.apiPath === `/repos/alice/demo/issues/${created.number}`));

    // An action goes to the server too, and what it brings back is what a reopen shows.
    assert.deepEqual(await again.handle({ type: 'setState', state: 'closed' }), { ok: true });
    await closeEditors();
    from = server.requests.length;
    assert.equal((await (await open({ number: created.number })).whenLoaded())?.header.state, 'closed');
    assert.deepEqual(pageRequests(from, created.number), []);
  });

  it('a long timeline shows its newest pages; Load earlier puts the page before on top (page 1 from memory)', async () => {
    const created = await api<{ number: number }>(server, 'POST', '/repos/alice/demo/issues', { title: 'Long history' });
    for (let i = 1; i <= 160; i++) await api(server, 'POST', `/repos/alice/demo/issues/${created.number}/comments`, { body: `Comment ${i}` });
    const timelinePath = `/repos/alice/demo/issues/${created.number}/timeline`;
    let from = server.requests.length;
    const page = await open({ number: created.number });
    const data = await page.whenLoaded();
    assert.ok(data);
    const pagesAsked = () => apiSince(from).filter((r) => r.apiPath === timelinePath).map((r) => `${r.query?.page}/${r.query?.limit}`);
    // 160 comments in pages of 50: page 1 tells it is long, the issue's comment count points at page 4, page 3 fills the view.
    assert.deepEqual(new Set(pagesAsked()), new Set(['1/50', '4/50', '5/50', '3/50']));
    const comments = (d: typeof data) => d.timeline.filter((e): e is ShownCommentEntry => e.kind === 'comment' && !e.description).map((c) => c.html);
    assert.equal(data.earlier, 2);
    assert.equal(comments(data).length, 60);
    assert.match(comments(data)[0]!, /Comment 101</);
    assert.match(comments(data).at(-1)!, /Comment 160</);
    assert.equal(data.timeline[0]?.kind === 'comment' && data.timeline[0].description, true, 'the description stays on top');

    from = server.requests.length;
    assert.deepEqual(await page.handle({ type: 'loadEarlier' }), { ok: true });
    assert.deepEqual(pagesAsked(), ['2/50']);
    let now = await page.whenLoaded();
    assert.ok(now);
    from = server.requests.length;
    assert.deepEqual(await page.handle({ type: 'loadEarlier' }), { ok: true });
    assert.deepEqual(pagesAsked(), [], 'page 1 came with the first request');
    // whenLoaded is the load's promise: read the page's data through a reopen from the cache (no request).
    await closeEditors();
    now = await (await open({ number: created.number })).whenLoaded();
    assert.ok(now);
    assert.equal(now.earlier, 0);
    assert.deepEqual(comments(now).map((h) => /Comment (\d+)/.exec(h)?.[1]), Array.from({ length: 160 }, (_, i) => String(i + 1)));
    assert.deepEqual(pageRequests(from, created.number), []);
  });

  it('a reference in a body opens that issue’s page; only the instance’s addresses are opened', async () => {
    const crashTitle = (await api<{ title: string }>(server, 'GET', `/repos/alice/demo/issues/${crash}`)).title;
    const created = await api<{ number: number }>(server, 'POST', '/repos/alice/demo/issues', { title: 'Refers', body: `Same as #${crash}, ask @bob` });
    const page = await open({ number: created.number });
    const html = ((await page.whenLoaded())?.timeline[0] as ShownCommentEntry).html;
    assert.match(html, new RegExp(`data-owner="alice" data-repo="demo" data-number="${crash}"`));
    assert.match(html, new RegExp(`href="${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}bob"`));

    assert.deepEqual(await page.handle({ type: 'openRef', owner: 'alice', repo: 'demo', number: crash }), { ok: true });
    await waitFor('the referenced issue’s tab', () => issuePageTabs().some((t) => t.label === `#${crash} ${crashTitle}`));
    assert.equal(await page.handle({ type: 'openRef', owner: '../..', repo: 'demo', number: crash }), undefined, 'a malformed reference is dropped');
    assert.equal(await page.handle({ type: 'openUrl', url: 'javascript:alert(1)' }), undefined);
    assert.deepEqual(await page.handle({ type: 'openUrl', url: 'https://evil.example/bob' }), { ok: false, message: 'not an address of the instance' });
  });
});

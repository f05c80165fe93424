// The issue page's edits inside a real VS Code against the Gitea 1.27 test server: title and description, the
// label / assignee / milestone / due date pickers (the host's QuickPick and InputBox, answered here), and the pull
// request details and buttons. Each action asserts the exact method, path and body the server received.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IssuePage } from '../../src/commands/issuePage/issuePagePanel';
import type { RepoRef } from '../../src/core/services';
import { FIXTURES, type TestServer } from '../server/index';
import { api, find, registry, requestsTo, settled, signInAndSelect, signOut, startSwitchableProxy } from './viewsSupport';
import { closeEditors } from './workflowsSupport';
import { demoSession } from './demoSession';

const demo = FIXTURES.repos.demo;
const issueNumber = demo.issues.darkMode;
const issuePath = `/repos/alice/demo/issues/${issueNumber}`;

type Item = vscode.QuickPickItem;

/** Answers vscode.window's `fn` with `answer(items)` until restore(); records what it was offered. */
function answerWindow(fn: 'showQuickPick' | 'showInputBox', answer: (items: readonly Item[], options: Record<string, unknown>) => unknown) {
  const win = vscode.window as unknown as Record<string, (...a: unknown[]) => unknown>;
  const original = win[fn]!;
  const offered: { items: readonly Item[]; options: Record<string, unknown> }[] = [];
  win[fn] = async (...args: unknown[]) => {
    const items = fn === 'showQuickPick' ? await (args[0] as Thenable<Item[]> | Item[]) : [];
    const options = ((fn === 'showQuickPick' ? args[1] : args[0]) ?? {}) as Record<string, unknown>;
    offered.push({ items, options });
    return answer(items, options);
  };
  return { offered, restore: () => (win[fn] = original) };
}

describe('issue page edits (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let accountId: string | undefined;
  let repo: RepoRef;

  demoSession((s) => ({ server, accountId, repo } = s), { closeEditors: true });

  const open = async (number: number): Promise<IssuePage> => {
    const page = await vscode.commands.executeCommand<IssuePage | undefined>('gitea.openIssue', { repo, number });
    assert.ok(page, `gitea.openIssue #${number} opened no page`);
    assert.ok(await page.whenLoaded(), 'the page loaded');
    return page;
  };
  const patches = (from: number) => requestsTo(server, issuePath, from).filter((r) => r.method === 'PATCH');

  it('Edit title sends exactly { title }; Edit description exactly { body }; the page shows both', async () => {
    const page = await open(issueNumber);
    let from = server.requests.length;
    assert.deepEqual(await page.handle({ type: 'editTitle', title: 'Dark mode everywhere' }), { ok: true });
    assert.deepEqual(patches(from).map((r) => r.body), [{ title: 'Dark mode everywhere' }]);
    assert.equal((await page.whenLoaded())?.header.title, 'Dark mode everywhere');
    from = server.requests.length;
    assert.deepEqual(await page.handle({ type: 'editBody', body: 'Now with **steps**' }), { ok: true });
    assert.deepEqual(patches(from).map((r) => r.body), [{ body: 'Now with **steps**' }]);
    const description = (await page.whenLoaded())?.timeline[0];
    assert.ok(description?.kind === 'comment' && description.description && typeof description.html === 'string');
    assert.equal(description.source, 'Now with **steps**');
    assert.match(description.html, /<strong>steps<\/strong>/);
    assert.equal(await page.handle({ type: 'editTitle', title: '' }), undefined, 'an empty title is dropped');
  });

  it('a refused description edit (403: carol may only read) reports the error and changes nothing', async () => {
    const signedIn = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string } }>('gitea.signIn', {
      url: server.url,
      username: 'carol',
      token: FIXTURES.users.carol.tokens.all,
    });
    assert.ok(signedIn?.ok && signedIn.account);
    const carolId = signedIn.account.id;
    try {
      const before = (await api<{ body: string }>(server, 'GET', issuePath)).body;
      const page = await vscode.commands.executeCommand<IssuePage>('gitea.openIssue', { repo: { ...repo, accountId: carolId }, number: issueNumber });
      await page.whenLoaded();
      const from = server.requests.length;
      const outcome = await page.handle({ type: 'editBody', body: 'Not carol’s to change' });
      assert.equal(outcome?.ok, false);
      assert.equal(patches(from)[0]?.status, 403);
      assert.equal((await api<{ body: string }>(server, 'GET', issuePath)).body, before);
    } finally {
      await signOut(carolId);
    }
  });

  it('Labels: the picker offers names with current ones picked, and sends PUT …/labels { labels: [ids] }', async () => {
    const page = await open(issueNumber);
    const labels = await api<{ id: number; name: string }[]>(server, 'GET', '/repos/alice/demo/labels');
    const current = await api<{ labels: { id: number; name: string }[] }>(server, 'GET', issuePath);
    const wanted = labels.find((l) => !current.labels.some((c) => c.id === l.id));
    assert.ok(wanted, 'a label the issue does not carry');
    const pick = answerWindow('showQuickPick', (items) => [...items.filter((i) => i.picked), items.find((i) => i.label === wanted.name)!]);
    const from = server.requests.length;
    try {
      assert.deepEqual(await page.handle({ type: 'pick', field: 'labels' }), { ok: true });
    } finally {
      pick.restore();
    }
    const offered = pick.offered[0]!;
    assert.equal(offered.options.canPickMany, true);
    assert.deepEqual(offered.items.filter((i) => i.picked).map((i) => i.label).sort(), current.labels.map((l) => l.name).sort(), 'the current labels are picked');
    const puts = requestsTo(server, `${issuePath}/labels`, from);
    assert.deepEqual(puts.map((r) => [r.method, r.body]), [['PUT', { labels: [...current.labels.map((l) => l.id), wanted.id] }]]);
    const shown = (await page.whenLoaded())?.labels.map((l) => (l.scope ? `${l.scope}/${l.name}` : l.name));
    assert.ok(shown?.includes(wanted.name), `the page shows ${wanted.name}: ${shown?.join(', ')}`);
  });

  it('Labels of an organization repository include the organization’s (archived ones left out)', async () => {
    const site = { ...repo, owner: 'acme', repo: 'site' };
    const created = await api<{ number: number }>(server, 'POST', '/repos/acme/site/issues', { title: 'Scoped labels' });
    const page = await vscode.commands.executeCommand<IssuePage>('gitea.openIssue', { repo: site, number: created.number });
    await page.whenLoaded();
    const pick = answerWindow('showQuickPick', (items) => items.filter((i) => i.label === 'priority/high'));
    const from = server.requests.length;
    try {
      assert.deepEqual(await page.handle({ type: 'pick', field: 'labels' }), { ok: true });
    } finally {
      pick.restore();
    }
    const names = pick.offered[0]!.items.map((i) => i.label);
    assert.ok(names.includes('priority/high') && names.includes('kind/bug'), names.join(', '));
    assert.ok(!names.includes('legacy'), 'an archived label is not offered');
    const put = requestsTo(server, `/repos/acme/site/issues/${created.number}/labels`, from);
    assert.deepEqual(put.map((r) => [r.method, r.body]), [['PUT', { labels: [FIXTURES.orgs.acme.labels.priorityHigh.id] }]]);
    const label = (await page.whenLoaded())?.labels[0];
    assert.deepEqual({ scope: label?.scope, name: label?.name }, { scope: 'priority', name: 'high' }, 'an exclusive label shows scope and name');
  });

  it('Assignees send { assignees: [logins] }; Milestone { milestone: id } and 0 to clear; cancelling sends nothing', async () => {
    const page = await open(issueNumber);
    let pick = answerWindow('showQuickPick', (items) => items.filter((i) => i.label === 'bob'));
    let from = server.requests.length;
    try {
      assert.deepEqual(await page.handle({ type: 'pick', field: 'assignees' }), { ok: true });
    } finally {
      pick.restore();
    }
    assert.deepEqual(patches(from).map((r) => r.body), [{ assignees: ['bob'] }]);
    assert.deepEqual((await page.whenLoaded())?.assignees, ['bob']);

    const milestones = await api<{ id: number; title: string }[]>(server, 'GET', '/repos/alice/demo/milestones?state=open');
    const target = milestones[0]!;
    pick = answerWindow('showQuickPick', (items) => items.find((i) => i.label === target.title));
    from = server.requests.length;
    try {
      assert.deepEqual(await page.handle({ type: 'pick', field: 'milestone' }), { ok: true });
    } finally {
      pick.restore();
    }
    assert.deepEqual(patches(from).map((r) => r.body), [{ milestone: target.id }]);
    assert.equal((await page.whenLoaded())?.milestone, target.title);
    pick = answerWindow('showQuickPick', (items) => items[0]);
    from = server.requests.length;
    try {
      assert.deepEqual(await page.handle({ type: 'pick', field: 'milestone' }), { ok: true });
    } finally {
      pick.restore();
    }
    assert.deepEqual(patches(from).map((r) => r.body), [{ milestone: 0 }]);
    assert.equal((await page.whenLoaded())?.milestone, undefined);

    pick = answerWindow('showQuickPick', () => undefined);
    from = server.requests.length;
    try {
      assert.deepEqual(await page.handle({ type: 'pick', field: 'assignees' }), { ok: false, message: 'cancelled' });
    } finally {
      pick.restore();
    }
    assert.equal(patches(from).length, 0);
  });

  it('Due date sends { due_date } and an empty answer { unset_due_date: true }', async () => {
    const page = await open(issueNumber);
    let box = answerWindow('showInputBox', () => '2027-03-04');
    let from = server.requests.length;
    try {
      assert.deepEqual(await page.handle({ type: 'pick', field: 'dueDate' }), { ok: true });
    } finally {
      box.restore();
    }
    assert.deepEqual(patches(from).map((r) => r.body), [{ due_date: '2027-03-04T00:00:00Z' }]);
    assert.match((await page.whenLoaded())?.dueDate ?? '', /^2027-03-04/);
    box = answerWindow('showInputBox', () => '');
    from = server.requests.length;
    try {
      assert.deepEqual(await page.handle({ type: 'pick', field: 'dueDate' }), { ok: true });
    } finally {
      box.restore();
    }
    assert.deepEqual(patches(from).map((r) => r.body), [{ unset_due_date: true }]);
    assert.equal((await page.whenLoaded())?.dueDate, undefined);
  });

  it('a pull request shows base ← head, mergeability, commits, changed files, reviews and the head’s CI state', async () => {
    const head = await api<{ head: { sha: string } }>(server, 'GET', `/repos/alice/demo/pulls/${demo.pulls.open}`);
    await api(server, 'POST', `/repos/alice/demo/statuses/${head.head.sha}`, { state: 'failure', context: 'page-test' });
    const page = await open(demo.pulls.open);
    const pull = (await page.whenLoaded())?.pull;
    assert.ok(pull, 'pull request details');
    const truth = await api<{ mergeable: boolean; changed_files: number; head: { ref: string; sha: string }; requested_reviewers: { login: string }[] | null }>(
      server,
      'GET',
      `/repos/alice/demo/pulls/${demo.pulls.open}`,
    );
    assert.equal(pull.base, 'main');
    assert.equal(pull.head, truth.head.ref);
    assert.equal(pull.mergeable, truth.mergeable);
    assert.equal(pull.changedFiles, truth.changed_files);
    const commits = await api<unknown[]>(server, 'GET', `/repos/alice/demo/pulls/${demo.pulls.open}/commits?limit=50`);
    assert.equal(pull.commits, commits.length);
    const status = await api<{ state: string; total_count: number }>(server, 'GET', `/repos/alice/demo/commits/${truth.head.sha}/status`);
    assert.equal(status.state, 'failure');
    assert.deepEqual(pull.status, { state: 'failure', total: status.total_count });
    assert.deepEqual(pull.requestedReviewers, (truth.requested_reviewers ?? []).map((u) => u.login));
    const reviews = await api<{ user?: { login: string }; state: string; dismissed?: boolean }[]>(server, 'GET', `/repos/alice/demo/pulls/${demo.pulls.open}/reviews`);
    const reviewers = new Set(reviews.filter((r) => ['APPROVED', 'REQUEST_CHANGES', 'COMMENT'].includes(r.state) && !r.dismissed).map((r) => r.user?.login));
    assert.deepEqual(new Set(pull.reviews.map((r) => r.reviewer)), reviewers, 'one verdict per reviewer');
    const merged = (await (await open(demo.pulls.mergedMerge)).whenLoaded())?.pull;
    assert.equal(merged?.merged, true);
    assert.ok(merged?.mergedBy, 'merged by');
    assert.ok(merged?.mergedAt, 'merged at');
  });

  it('a pull request row’s head sha: its status is read for that sha; a stale or malformed one is not what shows', async () => {
    const views = await registry();
    views.pullRequests.refresh();
    const row = find(await settled(views.pullRequests), `#${demo.pulls.open} `);
    const args = row.item.command?.arguments?.[0] as { headSha?: string; isPull?: boolean } | undefined;
    const truth = await api<{ head: { sha: string } }>(server, 'GET', `/repos/alice/demo/pulls/${demo.pulls.open}`);
    assert.equal(args?.headSha, truth.head.sha, 'the row hands over the head it shows');
    const statusPath = (sha: string) => `/repos/alice/demo/commits/${sha}/status`;
    await api(server, 'POST', `/repos/alice/demo/statuses/${truth.head.sha}`, { state: 'success', context: 'hint-test' });
    const state = (await api<{ state: string }>(server, 'GET', statusPath(truth.head.sha))).state;
    const statusReads = (from: number) => server.requests.slice(from).filter((r) => r.kind === 'api' && /\/commits\/[^/]+\/status$/.test(r.apiPath ?? ''));
    let from = server.requests.length;
    const page = await vscode.commands.executeCommand<IssuePage>('gitea.openIssue', args);
    // (A page of this pull request shown within the cache lifetime comes from the cache: Refresh reads it.)
    await page.handle({ type: 'refresh' });
    assert.equal((await page.whenLoaded())?.pull?.status?.state, state);
    // (Other features may read the same head's status meanwhile: the page asked about no other commit.)
    assert.deepEqual(new Set(statusReads(from).map((r) => r.apiPath)), new Set([statusPath(truth.head.sha)]), 'the row’s sha');
    await closeEditors();

    // A row drawn before a push names the old head: the answer's head is read and shown.
    const stale = 'f'.repeat(40);
    for (const headSha of [stale, 'main', `../${truth.head.sha.slice(3)}`]) {
      from = server.requests.length;
      const again: IssuePage = await vscode.commands.executeCommand<IssuePage>('gitea.openIssue', { ...args, headSha });
      await again.handle({ type: 'refresh' });
      assert.equal((await again.whenLoaded())?.pull?.status?.state, state, headSha);
      const asked = new Set(statusReads(from).map((r) => r.apiPath));
      // A full sha is asked about at once (then corrected); anything else is not asked about at all.
      const expected = headSha === stale ? [statusPath(stale), statusPath(truth.head.sha)] : [statusPath(truth.head.sha)];
      assert.deepEqual(asked, new Set(expected), `${headSha}: ${[...asked].join(', ')}`);
      await closeEditors();
    }
  });

  it('the Changed Files button runs gitea.showChangedFiles with { repo, index }', async () => {
    const page = await open(demo.pulls.open);
    const commands = vscode.commands as unknown as Record<string, (...a: unknown[]) => unknown>;
    const original = commands.executeCommand!;
    const ran: unknown[][] = [];
    commands.executeCommand = (...args: unknown[]) => (ran.push(args), Promise.resolve(undefined));
    try {
      assert.deepEqual(await page.handle({ type: 'pullAction', action: 'changedFiles' }), { ok: true });
      assert.deepEqual(await page.handle({ type: 'pullAction', action: 'ciJobs' }), { ok: true });
    } finally {
      commands.executeCommand = original;
    }
    assert.deepEqual(ran[0], ['gitea.showChangedFiles', { repo: { instanceUrl: server.url, owner: 'alice', repo: 'demo', accountId }, index: demo.pulls.open }]);
    assert.deepEqual(ran[1], ['gitea.ciJobs.focus']);
  });

  it('a pull request whose reviews and status fail (500) still shows, with the rest of its details', async () => {
    const proxy = await startSwitchableProxy(server);
    const proxyAccount = await signInAndSelect(proxy.url);
    proxy.intercept = (method, url) =>
      method === 'GET' && (/\/pulls\/\d+\/reviews/.test(url) || /\/commits\/[^/]+\/status/.test(url)) ? { status: 500, body: '{"message":"","url":""}' } : undefined;
    try {
      const page = await vscode.commands.executeCommand<IssuePage>('gitea.openIssue', {
        repo: { instanceUrl: proxy.url, owner: demo.owner, repo: demo.name, accountId: proxyAccount },
        number: demo.pulls.open,
      });
      const data = await page.whenLoaded();
      assert.ok(data, 'the page loaded');
      assert.ok(data.timeline.length > 0, 'the timeline shows');
      assert.equal(data.pull?.base, 'main');
      assert.deepEqual(data.pull?.reviews, []);
      assert.equal(data.pull?.status, undefined);
      assert.equal(typeof data.pull?.commits, 'number', 'the commit count still shows');
    } finally {
      proxy.intercept = undefined;
      await closeEditors();
      await signOut(proxyAccount);
      await proxy.close();
    }
  });
});

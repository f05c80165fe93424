// Review in the diff editor, in the extension host against a Gitea 1.27 test server started here (its requests
// are read): the review comments of every review as comment threads on their side and line of a changed file's
// diff (outdated and resolved ones marked), new comments and replies kept as a pending review that survives a
// reload, Submit Review as Approve and Request Changes (the exact bodies the server received), resolve / unresolve.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { parseDiffRanges } from '../../src/views/changedFiles/review/threadModel';
import { wrapClients } from './clientWrap';
import { registry, replaceMessage, requestsTo, selectRepo, signOut } from './viewsSupport';
import { services } from './workflowsSupport';

interface ThreadSnapshot {
  uri: string;
  path: string;
  side: 'new' | 'old';
  line: number;
  label?: string;
  contextValue?: string;
  state?: string;
  collapsed: boolean;
  comments: { author: string; body: string; label?: string }[];
}

type User = 'alice' | 'bob' | 'carol';

async function as<T = unknown>(server: TestServer, user: User, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { authorization: `token ${FIXTURES.users[user].tokens.all}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path} as ${user}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const MAIN = { filename: 'src/main.ts', status: 'changed' };
const REVIEWS = '/repos/alice/demo/pulls/6/reviews';

describe('review in the diff editor: threads, pending review, submit (Gitea 1.27)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let accountId: string | undefined;
  let ref: { instanceUrl: string; owner: string; repo: string; accountId?: string };
  let head: string;
  let sides: { left: vscode.Uri; right: vscode.Uri };

  const threadsOf = async (path: string) =>
    ((await vscode.commands.executeCommand<ThreadSnapshot[]>('gitea.review.threads')) ?? []).filter((t) => t.path === path);
  const at = (threads: ThreadSnapshot[], side: 'new' | 'old', line: number) => {
    const t = threads.find((x) => x.side === side && x.line === line);
    assert.ok(t, `no thread on ${side} line ${line}: ${JSON.stringify(threads.map((x) => [x.side, x.line, x.label]))}`);
    return t;
  };
  const openMain = async () => {
    const opened = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>('gitea.openChangedFile', ref, 6, MAIN);
    assert.ok(opened, 'the diff opened');
    return opened;
  };

  before(async () => {
    server = await startTestServer();
    await registry();
    // bob reviews alice's pull request #6 (one cannot approve one's own).
    const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: server.url,
      username: 'bob',
      token: FIXTURES.users.bob.tokens.all,
    });
    assert.ok(result?.ok, result?.message);
    accountId = result.account!.id;
    await selectRepo(server.url, 'alice', 'demo');
    ref = { instanceUrl: server.url, owner: 'alice', repo: 'demo', accountId };
    head = (await as<{ head: { sha: string } }>(server, 'alice', 'GET', '/repos/alice/demo/pulls/6')).head.sha;
    // carol's review: a new-side and an old-side comment; alice answers the first and resolves the second.
    await as(server, 'carol', 'POST', REVIEWS, {
      event: 'COMMENT',
      comments: [
        { path: 'src/main.ts', body: 'Why the **new** module?', new_position: 1 },
        { path: 'src/main.ts', body: 'The old import', old_position: 1 },
        { path: 'src/main.ts', body: 'Was this on purpose?', new_position: 6 },
      ],
    });
    await as(server, 'alice', 'POST', REVIEWS, { event: 'COMMENT', comments: [{ path: 'src/main.ts', body: 'It groups the string helpers.', new_position: 1 }] });
    const old = server.state.comments.find((c) => c.body === 'The old import')!;
    await as(server, 'alice', 'POST', `/repos/alice/demo/pulls/comments/${old.id}/resolve`);
    // A comment made on an earlier head of the pull request, whose line read differently then (its diff hunk ends
    // with the line as it was; Gitea's commit_id, the line's blame commit, says nothing of that).
    const earlier = server.state.comments.find((c) => c.body === 'Was this on purpose?')!;
    earlier.diffHunk = `${earlier.diffHunk!.replace(/\n[^\n]*$/, '')}\n+// this line read differently on an earlier head`;
  });
  // Each test starts with the diff of src/main.ts open (its own `sides`), so that it passes alone as well as after
  // the others (GITEA_ITEST_GREP on one title); a test that needs it closed or reloaded does that itself.
  beforeEach(async () => {
    sides = await openMain();
  });
  after(async () => {
    await vscode.commands.executeCommand('gitea.discardReview', { repo: ref, index: 6, confirm: false }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOut(accountId);
    await server?.close();
  });

  it('shows the comments of every review as threads on their side and line; resolved collapsed, outdated marked', async () => {
    sides = await openMain();
    const threads = await threadsOf('src/main.ts');
    const first = at(threads, 'new', 1);
    assert.equal(first.uri, sides.right.toString(), 'new-side comments are on the right document');
    assert.deepEqual(first.comments.map((c) => [c.author, c.body]), [['carol', 'Why the **new** module?'], ['alice', 'It groups the string helpers.']]);
    assert.equal(first.state, 'unresolved');
    assert.match(first.contextValue ?? '', /\bcanResolve\b/);
    assert.equal(first.collapsed, false);
    const old = at(threads, 'old', 1);
    assert.equal(old.uri, sides.left.toString(), 'comments on removed lines are on the left document');
    assert.equal(old.state, 'resolved');
    assert.equal(old.collapsed, true);
    assert.equal(old.label, 'Resolved by alice');
    const outdated = at(threads, 'new', 6);
    assert.equal(outdated.label, 'Outdated');
    assert.equal(outdated.comments[0]!.label, 'Outdated');
  });

  it('the lines that take a comment are the server diff\'s hunks, worked out from the two sides (the whole pull request\'s diff is not read)', async () => {
    const from = server.requests.length;
    sides = await openMain();
    const lines = (uri: vscode.Uri) => vscode.commands.executeCommand<[number, number][]>('gitea.review.threads', { commentLines: uri.toString() });
    const [right, left] = [await lines(sides.right), await lines(sides.left)];
    assert.deepEqual(requestsTo(server, '/repos/alice/demo/pulls/6.diff', from), [], 'opening a changed file reads only its two sides');
    const res = await fetch(`${server.apiUrl}/repos/alice/demo/pulls/6.diff`, { headers: { authorization: `token ${FIXTURES.users.bob.tokens.all}` } });
    const hunks = parseDiffRanges(await res.text()).get('src/main.ts');
    assert.ok(hunks && hunks.new.length > 0, 'the server\'s diff has hunks of src/main.ts');
    assert.deepEqual(right, hunks.new);
    assert.deepEqual(left, hunks.old);
  });

  it('a side that shows a note instead of the file\'s text (an added binary file) takes no comment: its lines are not the file\'s', async () => {
    const opened = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>('gitea.openChangedFile', ref, 6, { filename: 'media/logo.png', status: 'added' });
    assert.ok(opened, 'the diff opened');
    assert.equal((await vscode.workspace.openTextDocument(opened.right)).getText(), 'Binary file not shown.');
    assert.deepEqual(await vscode.commands.executeCommand('gitea.review.threads', { commentLines: opened.right.toString() }), []);
  });

  it('a diff opens with its threads already drawn when the reviews come within the wait, and without them when they do not', async () => {
    const reviewComments = 'repoGetPullReviewComments';
    const draws = async () => ((await vscode.commands.executeCommand<ThreadSnapshot[]>('gitea.review.threads', { wait: false })) ?? []).filter((t) => t.path === 'src/main.ts');
    const cold = async () => {
      // As after a reload: no editor, no review data held.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('gitea.review.reset');
    };
    // Each review's comments come 150 ms late (a slow network): the diff waits for them.
    let restore = wrapClients(await services(), (method, call) =>
      method === reviewComments ? async (...args) => (await new Promise((resolve) => setTimeout(resolve, 150)), call(...args)) : undefined,
    );
    try {
      await cold();
      // What is drawn when the diff's editors first show (before the command has returned).
      let atShow: Promise<ThreadSnapshot[]> | undefined;
      const shown = vscode.window.onDidChangeVisibleTextEditors((editors) => {
        if (!atShow && editors.some((e) => e.document.uri.scheme === 'gitea-file' && e.document.uri.path.endsWith('src/main.ts'))) atShow = draws();
      });
      try {
        sides = await openMain();
      } finally {
        shown.dispose();
      }
      assert.ok(atShow, 'the diff\'s editors showed');
      const drawn = await atShow;
      for (const [side, line] of [['new', 1], ['old', 1], ['new', 6]] as const) at(drawn, side, line);
      assert.equal(at(drawn, 'new', 1).uri, sides.right.toString());
    } finally {
      restore();
    }
    // The comments held until released: the diff opens without its threads (the wait is bounded), which follow.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    restore = wrapClients(await services(), (method, call) => (method === reviewComments ? async (...args) => (await released, call(...args)) : undefined));
    try {
      await cold();
      sides = await openMain();
      assert.deepEqual(await draws(), [], 'no thread while the comments are held');
      release();
      assert.deepEqual(at(await threadsOf('src/main.ts'), 'new', 1).comments.map((c) => c.author), ['carol', 'alice']);
    } finally {
      release();
      restore();
    }
  });

  it('a diff editor restored after a reload gets its threads from its documents\' URIs (nothing kept in memory)', async () => {
    // A reload: every document place, thread and loaded review forgotten, then the open documents (the editors stay
    // open, as VS Code restores them) placed from their URIs alone.
    await vscode.commands.executeCommand('gitea.review.reset', { restore: true });
    const threads = await threadsOf('src/main.ts');
    assert.equal(at(threads, 'new', 1).uri, sides.right.toString());
    assert.deepEqual(at(threads, 'new', 1).comments.map((c) => c.author), ['carol', 'alice']);
    assert.equal(at(threads, 'old', 1).uri, sides.left.toString());
    assert.equal(at(threads, 'old', 1).label, 'Resolved by alice');
    // The head commit's lines come from the right side's document: the comment on an earlier head is still outdated.
    assert.equal(at(threads, 'new', 6).label, 'Outdated');
    // A comment written there joins the same pending review.
    await vscode.commands.executeCommand('gitea.review.addComment', { uri: sides.left, line: 2, text: 'After the reload' });
    assert.equal(at(await threadsOf('src/main.ts'), 'old', 2).label, 'Pending');
    assert.equal(await vscode.commands.executeCommand('gitea.discardReview', { repo: ref, index: 6, confirm: false }), true);
  });

  it('renders bodies as untrusted Markdown without HTML', async () => {
    const markdown = await vscode.commands.executeCommand<{ isTrusted: unknown; supportHtml: unknown }[]>('gitea.review.threads', { markdown: true });
    assert.ok(markdown.length > 0);
    for (const m of markdown) assert.deepEqual([m.isTrusted, m.supportHtml], [false, false]);
  });

  it('a new comment and a reply are pending (nothing sent), survive a reload, and go with Approve in one request', async () => {
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.review.addComment', { uri: sides.right, line: 2, text: 'Nit: keep this blank line' });
    await vscode.commands.executeCommand('gitea.review.addComment', { uri: sides.right, line: 1, text: 'Fine by me' });
    let threads = await threadsOf('src/main.ts');
    const created = at(threads, 'new', 2);
    assert.equal(created.label, 'Pending');
    assert.deepEqual(created.comments, [{ author: 'bob', body: 'Nit: keep this blank line', label: 'Pending' }]);
    assert.deepEqual(at(threads, 'new', 1).comments.map((c) => [c.author, c.label]), [['carol', undefined], ['alice', undefined], ['bob', 'Pending']]);
    assert.equal(server.requests.slice(from).filter((r) => r.method === 'POST').length, 0, 'pending comments stay here until submitted');

    // A window reload: the threads and loaded reviews are gone; the pending review is read back from the state.
    // (Editors closed first: an open diff would get its threads back from its URIs, as a restored one does.)
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('gitea.review.reset');
    assert.equal((await threadsOf('src/main.ts')).length, 0);
    sides = await openMain();
    threads = await threadsOf('src/main.ts');
    assert.equal(at(threads, 'new', 2).comments[0]!.body, 'Nit: keep this blank line');
    assert.equal(at(threads, 'new', 1).comments[2]!.label, 'Pending');

    const review = await vscode.commands.executeCommand<{ state: string; user: { login: string } }>('gitea.submitReview', { repo: ref, index: 6, event: 'APPROVED', body: '' });
    assert.equal(review?.state, 'APPROVED');
    const posts = requestsTo(server, '/repos/alice/demo/pulls/6/reviews', from).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1, 'one request submits the review with its comments');
    assert.deepEqual(posts[0]!.body, {
      event: 'APPROVED',
      body: '',
      commit_id: head,
      comments: [
        { path: 'src/main.ts', body: 'Nit: keep this blank line', new_position: 2, old_position: 0 },
        { path: 'src/main.ts', body: 'Fine by me', new_position: 1, old_position: 0 },
      ],
    });
    threads = await threadsOf('src/main.ts');
    assert.ok(!threads.some((t) => t.comments.some((c) => c.label === 'Pending')), 'nothing pending after the server took the review');
    assert.deepEqual(at(threads, 'new', 1).comments.map((c) => c.author), ['carol', 'alice', 'bob']);
  });

  it('Request Changes: refused before sending without a summary (nothing lost), then sent with it', async () => {
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.review.addComment', { uri: sides.left, line: 6, text: 'Keep the indentation' });
    const errors = replaceMessage('showErrorMessage', () => undefined);
    try {
      const refused = await vscode.commands.executeCommand('gitea.submitReview', { repo: ref, index: 6, event: 'REQUEST_CHANGES', body: '  ' });
      assert.equal(refused, undefined);
    } finally {
      errors.restore();
    }
    assert.deepEqual(errors.shown, ['Gitea needs a summary to request changes.']);
    assert.equal(requestsTo(server, '/repos/alice/demo/pulls/6/reviews', from).filter((r) => r.method === 'POST').length, 0);
    assert.equal(at(await threadsOf('src/main.ts'), 'old', 6).comments[0]!.label, 'Pending', 'the draft is kept');

    const review = await vscode.commands.executeCommand<{ state: string }>('gitea.submitReview', { repo: ref, index: 6, event: 'REQUEST_CHANGES', body: 'Please keep the old indentation.' });
    assert.equal(review?.state, 'REQUEST_CHANGES');
    const posts = requestsTo(server, '/repos/alice/demo/pulls/6/reviews', from).filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((p) => p.body), [{
      event: 'REQUEST_CHANGES',
      body: 'Please keep the old indentation.',
      commit_id: head,
      comments: [{ path: 'src/main.ts', body: 'Keep the indentation', new_position: 0, old_position: 6 }],
    }]);
    const reviews = await as<{ state: string; body: string; user: { login: string } }[]>(server, 'alice', 'GET', REVIEWS);
    assert.ok(reviews.some((r) => r.state === 'REQUEST_CHANGES' && r.user.login === 'bob' && r.body === 'Please keep the old indentation.'));
    assert.equal(at(await threadsOf('src/main.ts'), 'old', 6).comments[0]!.label, undefined);
  });

  it('a refused submit keeps the comments and the summary for the next try', async () => {
    await vscode.commands.executeCommand('gitea.review.addComment', { uri: sides.right, line: 3, text: 'One more thing' });
    // The server refuses the review (a closed pull request cannot be approved) after taking its comments as pending.
    const issue = server.state.issues.find((i) => i.repoId === server.fixtures.repos.demo.id && i.index === 6)!;
    issue.state = 'closed';
    const errors = replaceMessage('showErrorMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.submitReview', { repo: ref, index: 6, event: 'APPROVED', body: 'Typed summary' }), undefined);
    } finally {
      errors.restore();
      issue.state = 'open';
    }
    assert.match(errors.shown[0] ?? '', /Could not submit the review of #6 \(your comments and summary are kept\).*closed or merged/);
    // The comment is in bob's pending review on the server now: shown once, as pending.
    const t = at(await threadsOf('src/main.ts'), 'new', 3);
    assert.deepEqual(t.comments.map((c) => [c.body, c.label]), [['One more thing', 'Pending']]);
    // Submitting again sends the server's pending review; the summary box offers what was typed before.
    const from = server.requests.length;
    const win = vscode.window as unknown as { showInputBox: (o?: vscode.InputBoxOptions) => Thenable<string | undefined> };
    const original = win.showInputBox;
    const offered: (string | undefined)[] = [];
    win.showInputBox = (o) => {
      offered.push(o?.value);
      return Promise.resolve(o?.value);
    };
    let review: { id: number; state: string } | undefined;
    try {
      review = await vscode.commands.executeCommand<{ id: number; state: string }>('gitea.submitReview', { repo: ref, index: 6, event: 'COMMENT' });
    } finally {
      win.showInputBox = original;
    }
    assert.deepEqual(offered, ['Typed summary']);
    assert.equal(review?.state, 'COMMENT');
    const submits = server.requests.slice(from).filter((r) => r.method === 'POST' && /\/pulls\/6\/reviews\/\d+$/.test(r.apiPath ?? ''));
    assert.deepEqual(submits.map((r) => r.body), [{ event: 'COMMENT', body: 'Typed summary' }]);
  });

  it('Discard Pending Review drops the comments kept here and the pending review on the server', async () => {
    await vscode.commands.executeCommand('gitea.review.addComment', { uri: sides.right, line: 4, text: 'Never mind' });
    // A pending review on the server too (as Gitea's web page makes one).
    await as(server, 'bob', 'POST', REVIEWS, { event: 'PENDING', comments: [{ path: 'src/main.ts', body: 'From the web page', new_position: 5 }] });
    await vscode.commands.executeCommand('gitea.review.reset');
    sides = await openMain();
    assert.equal(at(await threadsOf('src/main.ts'), 'new', 5).label, 'Pending');
    const from = server.requests.length;
    assert.equal(await vscode.commands.executeCommand('gitea.discardReview', { repo: ref, index: 6, confirm: false }), true);
    const deletes = server.requests.slice(from).filter((r) => r.method === 'DELETE');
    assert.equal(deletes.length, 1);
    assert.match(deletes[0]!.apiPath ?? '', /^\/repos\/alice\/demo\/pulls\/6\/reviews\/\d+$/);
    const threads = await threadsOf('src/main.ts');
    assert.ok(!threads.some((t) => t.line === 4 || t.line === 5), JSON.stringify(threads.map((t) => [t.side, t.line])));
    assert.ok(!(await as<{ state: string }[]>(server, 'bob', 'GET', REVIEWS)).some((r) => r.state === 'PENDING'));
  });

  it('Open Review ({ repo, index }): the Changed Files of the pull request and the diff of its first file with a conversation', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('gitea.openReview', { repo: ref, index: 6 });
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, `a diff editor is active: ${tab?.label}`);
    assert.equal(tab.input.modified.toString(), sides.right.toString(), 'src/main.ts, the first file with review comments');
    const view = await vscode.commands.executeCommand<{ current?: { index: number } }>('gitea.changedFiles.provider');
    assert.equal(view?.current?.index, 6);
  });

  it('resolves and unresolves a conversation through its first comment', async () => {
    const root = server.state.comments.find((c) => c.body === 'Why the **new** module?')!;
    const thread = { uri: sides.right, range: new vscode.Range(0, 0, 0, 0), comments: [] };
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.review.resolveThread', thread);
    assert.deepEqual(server.requests.slice(from).filter((r) => r.method === 'POST').map((r) => r.apiPath), [`/repos/alice/demo/pulls/comments/${root.id}/resolve`]);
    let first = at(await threadsOf('src/main.ts'), 'new', 1);
    assert.equal(first.state, 'resolved');
    assert.equal(first.label, 'Resolved by bob');
    assert.match(first.contextValue ?? '', /\bcanUnresolve\b/);
    await vscode.commands.executeCommand('gitea.review.unresolveThread', thread);
    first = at(await threadsOf('src/main.ts'), 'new', 1);
    assert.equal(first.state, 'unresolved');
    assert.equal(root.resolverId, undefined);
  });
});

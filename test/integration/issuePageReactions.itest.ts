// The issue page's reactions inside a real VS Code. Against a Gitea 1.27 test server of this process: the exact
// requests (the issue's reactions read with the page's own, once each; one POST or DELETE per change with its body)
// and a refusal rolled back with its reason. Against the harness's server (test server or a real Gitea): a reaction
// added on the issue and on a comment and one removed, read back from the server with plain fetch.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IssuePage } from '../../src/commands/issuePage/issuePagePanel';
import type { RepoRef } from '../../src/core/services';
import { FIXTURES, type TestServer } from '../server/index';
import { testEnv } from './env';
import { api, requestsTo, signOut } from './viewsSupport';
import { closeEditors, signInToTarget, waitFor, type Session } from './workflowsSupport';
import { demoSession } from './demoSession';

const demo = FIXTURES.repos.demo;

async function openPage(repo: RepoRef, number: number): Promise<IssuePage> {
  const page = await vscode.commands.executeCommand<IssuePage | undefined>('gitea.openIssue', { repo, number });
  assert.ok(page, `gitea.openIssue #${number} opened no page`);
  assert.ok(await page.whenLoaded(), 'the page loaded');
  await waitFor('the issue’s reactions', () => page.reactions.shown.has(0));
  return page;
}

/** What the webview sends once a comment is on screen; its reactions are read before it offers a change. */
async function readComment(page: IssuePage, id: number): Promise<void> {
  await page.handle({ type: 'reactionsWanted', ids: [id] });
  await waitFor(`the reactions of comment ${id}`, () => page.reactions.shown.has(id));
}

const summary = (page: IssuePage, key: number) => (page.reactions.shown.get(key) ?? []).map((g) => `${g.content}:${g.users.join('+')}${g.mine ? '*' : ''}`);

describe('issue page reactions (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let repo: RepoRef;

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });

  it('asks for the issue’s reactions with the page’s own requests, each list once; a comment’s when asked for, once', async () => {
    const number = demo.issues.docs;
    const issuePath = `/repos/alice/demo/issues/${number}`;
    const comment = await api<{ id: number }>(server, 'POST', `${issuePath}/comments`, { body: 'React here' });
    await api(server, 'POST', `/repos/alice/demo/issues/comments/${comment.id}/reactions`, { content: 'eyes' });
    const from = server.requests.length;
    const opened = await vscode.commands.executeCommand<IssuePage | undefined>('gitea.openIssue', { repo, number });
    assert.ok(opened && (await opened.whenLoaded()), 'the page loaded');
    // Asked beside the issue, not after the page's answers: they have reached the server by the time the page has
    // its data (a read started after the page painted would still be on its way).
    const api_ = () => server.requests.slice(from).filter((r) => r.kind === 'api').map((r) => r.apiPath).join(', ');
    assert.equal(requestsTo(server, '/settings/ui', from).length, 1, api_());
    assert.equal(requestsTo(server, `${issuePath}/reactions`, from).length, 1, api_());
    const page = await openPage(repo, number);
    assert.equal(page, opened);
    assert.equal(requestsTo(server, '/settings/ui', from).length, 1);
    assert.equal(requestsTo(server, `${issuePath}/reactions`, from).length, 1);
    const commentPath = `/repos/alice/demo/issues/comments/${comment.id}/reactions`;
    // The webview reports the comment once it is on screen; asking again reads nothing more.
    await page.handle({ type: 'reactionsWanted', ids: [comment.id] });
    await waitFor('the comment’s reactions', () => page.reactions.shown.has(comment.id));
    await page.handle({ type: 'reactionsWanted', ids: [comment.id] });
    assert.deepEqual(summary(page, comment.id), ['eyes:alice*']);
    assert.equal(requestsTo(server, commentPath, from).length, 1);
    // Only the page's own comments: another id is neither read nor changed.
    const other = await api<{ id: number }>(server, 'POST', '/repos/alice/demo/issues/1/comments', { body: 'Elsewhere' });
    const otherPath = `/repos/alice/demo/issues/comments/${other.id}/reactions`;
    await page.handle({ type: 'reactionsWanted', ids: [other.id] });
    assert.equal((await page.handle({ type: 'react', target: other.id, content: 'heart', add: true }))?.ok, false);
    assert.equal(requestsTo(server, otherPath, from).length, 0);
    // An edit reloads the page but not the reactions.
    const before = server.requests.length;
    assert.deepEqual(await page.handle({ type: 'editTitle', title: 'Docs, with reactions' }), { ok: true });
    assert.equal(requestsTo(server, `${issuePath}/reactions`, before).length, 0);
    assert.equal(requestsTo(server, '/settings/ui', before).length, 0);
  });

  it('adds on the issue and a comment at once, sends one POST each, removes with one DELETE; the server has them', async () => {
    const number = demo.issues.question;
    const issuePath = `/repos/alice/demo/issues/${number}`;
    const comment = await api<{ id: number }>(server, 'POST', `${issuePath}/comments`, { body: 'A comment to react to' });
    const page = await openPage(repo, number);
    await readComment(page, comment.id);
    const from = server.requests.length;
    const added = page.handle({ type: 'react', target: 0, content: 'heart', add: true });
    assert.deepEqual(summary(page, 0), ['heart:alice*'], 'shown before the server answered');
    assert.deepEqual(await added, { ok: true });
    assert.deepEqual(requestsTo(server, `${issuePath}/reactions`, from).map((r) => [r.method, r.body, r.status]), [['POST', { content: 'heart' }, 201]]);
    const commentPath = `/repos/alice/demo/issues/comments/${comment.id}/reactions`;
    assert.deepEqual(await page.handle({ type: 'react', target: comment.id, content: '+1', add: true }), { ok: true });
    assert.deepEqual(await page.handle({ type: 'react', target: 0, content: 'heart', add: false }), { ok: true });
    assert.deepEqual(requestsTo(server, commentPath, from).map((r) => [r.method, r.body, r.status]), [['POST', { content: '+1' }, 201]]);
    assert.deepEqual(requestsTo(server, `${issuePath}/reactions`, from).map((r) => [r.method, r.body, r.status]), [
      ['POST', { content: 'heart' }, 201],
      ['DELETE', { content: 'heart' }, 204],
    ]);
    assert.deepEqual(summary(page, 0), []);
    assert.deepEqual(summary(page, comment.id), ['+1:alice*']);
    assert.equal(await api(server, 'GET', `${issuePath}/reactions`), null, 'the issue has none left (null)');
    const onComment = await api<{ content: string; user: { login: string } }[]>(server, 'GET', commentPath);
    assert.deepEqual(onComment.map((r) => `${r.content}:${r.user.login}`), ['+1:alice']);
    // Removing what the user has not is no change: nothing is sent.
    const before = server.requests.length;
    assert.equal((await page.handle({ type: 'react', target: 0, content: 'eyes', add: false }))?.ok, false);
    assert.equal(requestsTo(server, `${issuePath}/reactions`, before).length, 0);
  });

  it('a refusal (403 not allowed, 404 gone) is rolled back and says why', async () => {
    const number = demo.issues.refactor;
    const issuePath = `/repos/alice/demo/issues/${number}`;
    const comment = await api<{ id: number }>(server, 'POST', `${issuePath}/comments`, { body: 'Soon gone' });
    const page = await openPage(repo, number);
    await readComment(page, comment.id);
    const allowed = server.state.settings.reactions;
    // The administrator took rocket out of [ui] REACTIONS after the page read the allowed set.
    server.state.settings.reactions = allowed.filter((r) => r !== 'rocket');
    const from = server.requests.length;
    try {
      const refused = page.handle({ type: 'react', target: 0, content: 'rocket', add: true });
      assert.deepEqual(summary(page, 0), ['rocket:alice*']);
      const outcome = await refused;
      assert.equal(outcome?.ok, false);
      assert.match(outcome && !outcome.ok ? outcome.message : '', /rocket.*does not allow/);
      assert.deepEqual(summary(page, 0), [], 'rolled back');
      assert.deepEqual(requestsTo(server, `${issuePath}/reactions`, from).map((r) => r.status), [403]);
    } finally {
      server.state.settings.reactions = allowed;
    }
    await api(server, 'DELETE', `/repos/alice/demo/issues/comments/${comment.id}`);
    const gone = await page.handle({ type: 'react', target: comment.id, content: 'eyes', add: true });
    assert.equal(gone?.ok, false);
    assert.match(gone && !gone.ok ? gone.message : '', /no longer exists/);
    assert.deepEqual(summary(page, comment.id), []);
  });
});

describe("issue page reactions on the harness's server (test server or real Gitea)", function () {
  this.timeout(120_000);
  let session: Session;

  /** The harness server's truth, with plain fetch as its user. */
  async function truth(path: string): Promise<string[]> {
    const { apiUrl, user } = testEnv();
    const res = await fetch(`${apiUrl}${path}`, { headers: { authorization: `token ${user.token}` } });
    assert.equal(res.status, 200, path);
    const list = ((await res.json()) as { content: string; user: { login: string } }[] | null) ?? [];
    return list.map((r) => `${r.content}:${r.user.login}`);
  }

  before(async () => {
    session = await signInToTarget();
  });
  after(async () => {
    await closeEditors();
    await signOut(session?.accountId);
  });

  it('adds a reaction on the issue and on a comment and removes one; the server has exactly that', async () => {
    const env = testEnv();
    const number = env.repo.issues.blocker;
    const base = `/repos/${env.repo.owner}/${env.repo.name}/issues`;
    const posted = await fetch(`${env.apiUrl}${base}/${number}/comments`, {
      method: 'POST',
      headers: { authorization: `token ${env.user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'A comment to react to (in-host)' }),
    });
    assert.equal(posted.status, 201);
    const comment = (await posted.json()) as { id: number };
    const me = env.user.username;
    const before = await truth(`${base}/${number}/reactions`);
    const page = await openPage({ ...session.repo, accountId: session.accountId }, number);
    await readComment(page, comment.id);
    assert.deepEqual(await page.handle({ type: 'react', target: 0, content: 'hooray', add: true }), { ok: true });
    assert.deepEqual(await page.handle({ type: 'react', target: comment.id, content: 'laugh', add: true }), { ok: true });
    assert.deepEqual(await page.handle({ type: 'react', target: comment.id, content: 'eyes', add: true }), { ok: true });
    assert.deepEqual(await page.handle({ type: 'react', target: comment.id, content: 'eyes', add: false }), { ok: true });
    assert.deepEqual(await truth(`${base}/${number}/reactions`), [...before.filter((r) => r !== `hooray:${me}`), `hooray:${me}`]);
    assert.deepEqual(await truth(`${base}/comments/${comment.id}/reactions`), [`laugh:${me}`]);
    assert.deepEqual(await page.handle({ type: 'react', target: 0, content: 'hooray', add: false }), { ok: true });
    assert.deepEqual(await truth(`${base}/${number}/reactions`), before.filter((r) => r !== `hooray:${me}`));
  });
});

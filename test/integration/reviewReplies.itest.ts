// Replies in review threads, in the extension host against test servers started here (their requests are read):
// on Gitea 1.27 a reply goes at once through the reply endpoint (the exact request, no pending review), and the
// conversation offers it (canReplyNow); on Gitea 1.26, which has no such endpoint, the same reply joins the pending
// review as before and nothing is sent. A comment's ```suggestion block shows as the change it makes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { registry, replaceMessage, requestsTo, selectRepo, signOut } from './viewsSupport';

interface ThreadSnapshot {
  uri: string;
  path: string;
  side: 'new' | 'old';
  line: number;
  label?: string;
  contextValue?: string;
  comments: { author: string; body: string; label?: string }[];
}

const MAIN = { filename: 'src/main.ts', status: 'changed' };

async function as<T = unknown>(server: TestServer, user: 'alice' | 'carol', method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { authorization: `token ${FIXTURES.users[user].tokens.all}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path} as ${user}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

for (const version of ['1.27.0', '1.26.3']) {
  const replies = version === '1.27.0';
  describe(`review threads: replies and suggestions (Gitea ${version})`, function () {
    this.timeout(120_000);
    let server: TestServer;
    let accountId: string | undefined;
    let ref: { instanceUrl: string; owner: string; repo: string; accountId?: string };
    let sides: { left: vscode.Uri; right: vscode.Uri };
    let parentId = 0;

    const threadOn = async (line: number) => {
      const threads = ((await vscode.commands.executeCommand<ThreadSnapshot[]>('gitea.review.threads')) ?? []).filter((t) => t.path === 'src/main.ts');
      const t = threads.find((x) => x.side === 'new' && x.line === line && x.uri === sides.right.toString());
      assert.ok(t, `no thread on new line ${line}: ${JSON.stringify(threads.map((x) => [x.side, x.line]))}`);
      return t;
    };

    before(async () => {
      server = await startTestServer({ version });
      await registry();
      const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
        url: server.url, username: 'bob', token: FIXTURES.users.bob.tokens.all,
      });
      assert.ok(result?.ok, result?.message);
      accountId = result.account!.id;
      await selectRepo(server.url, 'alice', 'demo');
      ref = { instanceUrl: server.url, owner: 'alice', repo: 'demo', accountId };
      await as(server, 'carol', 'POST', '/repos/alice/demo/pulls/6/reviews', {
        event: 'COMMENT',
        comments: [{ path: 'src/main.ts', body: 'Shorter:\n```suggestion\n// shorter\n```', new_position: 1 }],
      });
      parentId = server.state.comments.find((c) => c.body.startsWith('Shorter:'))!.id;
      const opened = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>('gitea.openChangedFile', ref, 6, MAIN);
      assert.ok(opened, 'the diff opened');
      sides = opened;
    });
    after(async () => {
      await vscode.commands.executeCommand('gitea.discardReview', { repo: ref, index: 6, confirm: false }).then(undefined, () => undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // The review threads of this file's server are dropped: the next file's server has the same pull requests.
      await vscode.commands.executeCommand('gitea.review.reset').then(undefined, () => undefined);
      await signOut(accountId);
      await server?.close();
    });

    it('shows a suggestion as the change it makes: the commented line removed, the suggested one added', async () => {
      const thread = await threadOn(1);
      const head = (await vscode.workspace.openTextDocument(sides.right)).lineAt(0).text;
      assert.equal(thread.comments[0]!.body, `Shorter:\n\n*Suggested change*\n\n\`\`\`diff\n- ${head}\n+ // shorter\n\`\`\``);
      // Apply Suggestion is for a checked-out pull request's files, not the diff's documents.
      assert.doesNotMatch(thread.contextValue ?? '', /\bcanApplySuggestion\b/);
    });

    it(replies ? 'a reply goes at once through the reply endpoint (the exact request), no pending review'
      : 'a reply joins the pending review (no reply endpoint): nothing is sent', async () => {
      const thread = await threadOn(1);
      assert.equal(/\bcanReplyNow\b/.test(thread.contextValue ?? ''), replies, `the thread ${replies ? 'offers' : 'does not offer'} Reply: ${thread.contextValue}`);
      const from = server.requests.length;
      const info = replaceMessage('showInformationMessage', () => undefined);
      try {
        await vscode.commands.executeCommand('gitea.review.reply', { uri: sides.right, line: 1, text: 'Agreed, **shorter** is better' });
      } finally {
        info.restore();
      }
      const posts = server.requests.slice(from).filter((r) => r.kind === 'api' && r.method === 'POST');
      const after = await threadOn(1);
      if (replies) {
        assert.deepEqual(posts.map((p) => [p.apiPath, p.body, p.status]), [[`/repos/alice/demo/pulls/6/comments/${parentId}/replies`, { body: 'Agreed, **shorter** is better' }, 201]]);
        assert.deepEqual(after.comments.map((c) => [c.author, c.label]), [['carol', undefined], ['bob', undefined]]);
        assert.equal(after.comments[1]!.body, 'Agreed, **shorter** is better');
        assert.deepEqual(info.shown, []);
        const reviews = await as<{ state: string; user: { login: string } }[]>(server, 'alice', 'GET', '/repos/alice/demo/pulls/6/reviews');
        assert.ok(!reviews.some((r) => r.user?.login === 'bob'), 'no review of bob: the reply is in carol\'s conversation');
      } else {
        assert.deepEqual(posts, [], 'nothing sent');
        assert.deepEqual(after.comments.map((c) => [c.author, c.label]), [['carol', undefined], ['bob', 'Pending']]);
        assert.deepEqual(info.shown, ['This server takes replies with a review: your reply joins your pending review.']);
        assert.equal(requestsTo(server, `/repos/alice/demo/pulls/6/comments/${parentId}/replies`, from).length, 0);
      }
    });
  });
}

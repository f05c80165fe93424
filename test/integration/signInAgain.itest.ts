// A token revoked on the server while the window is open (Gitea 1.27 test server in this process, so its requests
// can be counted): the first 401 marks the account; the badge stops asking, the views, the issue page and the
// Create Issue form offer Sign In Again…, which opens the sign-in steps at the token with the instance and user name
// filled in, replaces the token of the same account and brings everything back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CreateIssueResult } from '../../src/commands/createIssue';
import type { IssuePage } from '../../src/commands/issuePage/issuePagePanel';
import type { RepoRef, Services } from '../../src/core/services';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { contextOf, dataNodes, describeNodes, registry, replaceMessage, requestsTo, selectRepo, settled, signOut, sleep } from './viewsSupport';
import { scriptQuickInputs, type FakeInput } from './viewsQuickInput';
import { closeEditors, services as workbenchServices, waitFor } from './workflowsSupport';

const alice = FIXTURES.users.alice;
const AUTH_PROVIDER_ID = 'gitea-workbench';
const POLL = 'gitea.notifications.pollInterval';

describe('a refused token leads back in (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let services: Services;
  let accountId: string;
  let repo: RepoRef;
  let tokenNumber = 0;

  const basic = `Basic ${Buffer.from(`alice:${alice.password}`).toString('base64')}`;

  /** A new token of alice's, made with her password as Gitea requires. */
  const newToken = async (): Promise<{ id: number; sha1: string }> => {
    const res = await fetch(`${server.apiUrl}/users/alice/tokens`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `workbench-${++tokenNumber}`, scopes: ['all'] }),
    });
    assert.equal(res.status, 201);
    return (await res.json()) as { id: number; sha1: string };
  };

  /** Revokes a token on the server, as a user does under Settings → Applications. */
  const revoke = async (token: { id: number }): Promise<void> => {
    const res = await fetch(`${server.apiUrl}/users/alice/tokens/${token.id}`, { method: 'DELETE', headers: { authorization: basic } });
    assert.equal(res.status, 204);
  };

  /** Runs `start`, answering the sign-in steps with `token`; returns what the one box shown looked like. */
  const signInAgainWith = async (token: string, start: () => Thenable<unknown>): Promise<FakeInput[]> => {
    const boxes: FakeInput[] = [];
    const info = replaceMessage('showInformationMessage', () => undefined);
    const script = scriptQuickInputs([
      (ui) => {
        boxes.push({ ...ui });
        ui.accept(token);
      },
    ]);
    try {
      await start();
      await waitFor('the account to be signed in again', () => !services.accounts.needsSignIn(accountId));
    } finally {
      script.restore();
      info.restore();
    }
    return boxes;
  };

  let current: { id: number; sha1: string };

  /** Each test starts from a working token (the tests also run alone, with GITEA_ITEST_GREP). */
  const ensureWorking = async (): Promise<void> => {
    if (!services.accounts.needsSignIn(accountId)) return;
    current = await newToken();
    const result = await vscode.commands.executeCommand<{ ok: boolean }>('gitea.signIn', { url: server.url, username: 'alice', token: current.sha1 });
    assert.ok(result?.ok);
  };

  before(async () => {
    server = await startTestServer();
    services = await workbenchServices();
    current = await newToken();
    const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: server.url,
      username: 'alice',
      token: current.sha1,
    });
    assert.ok(result?.ok && result.account, result?.message);
    accountId = result.account.id;
    await selectRepo(server.url, 'alice', 'demo');
    // The harness turns the unread count off; here it is what is watched.
    await vscode.workspace.getConfiguration().update(POLL, 60, vscode.ConfigurationTarget.Global);
    repo = { instanceUrl: server.url, owner: 'alice', repo: 'demo', accountId };
  });

  after(async () => {
    await vscode.workspace.getConfiguration().update(POLL, 0, vscode.ConfigurationTarget.Global);
    await closeEditors();
    await signOut(accountId);
    await server?.close();
  });

  it('the first 401 (the unread badge\'s poll) marks the account: the badge stops asking, the views and the Accounts menu say so', async () => {
    await ensureWorking();
    const views = await registry();
    views.issues.refresh();
    assert.ok(dataNodes(await settled(views.issues)).length > 0, 'the issues show with the token');
    const sessionChanges: string[] = [];
    const listener = vscode.authentication.onDidChangeSessions((e) => sessionChanges.push(e.provider.id));
    try {
      await revoke(current);
      const from = server.requests.length;
      services.views.refresh('notificationBadge');
      await waitFor('the account to need signing in again', () => services.accounts.needsSignIn(accountId));
      const refused = requestsTo(server, '/notifications/new', from);
      assert.deepEqual(refused.map((r) => r.status), [401], 'one refused request marked it');
      await waitFor('the session change', () => sessionChanges.includes(AUTH_PROVIDER_ID));
      assert.ok(services.accounts.accounts.some((a) => a.id === accountId), 'still signed in: its settings stay');

      // The Issues view offers Sign In Again… instead of a Retry that cannot work, and asks the server nothing.
      const before = server.requests.length;
      views.issues.refresh();
      const nodes = await settled(views.issues);
      assert.equal(nodes.length, 1, describeNodes(nodes));
      assert.equal(contextOf(nodes[0]!), 'signInAgain');
      assert.equal(nodes[0]!.item.command?.command, 'gitea.signInAgain');
      assert.deepEqual(nodes[0]!.item.command?.arguments, [{ accountId }]);
      // The badge polls no more.
      services.views.refresh('notificationBadge');
      await sleep(500);
      assert.deepEqual(server.requests.slice(before).filter((r) => r.kind === 'api').map((r) => `${r.method} ${r.apiPath}`), [], 'no request with the refused token');
    } finally {
      listener.dispose();
    }
  });

  it('the issue page offers Sign In Again…: the steps open at the token with instance and user filled in; the same account gets the new token and the page loads', async () => {
    await ensureWorking();
    await revoke(current);
    const page = await vscode.commands.executeCommand<IssuePage>('gitea.openIssue', { repo, number: FIXTURES.repos.demo.issues.crash });
    assert.ok(page);
    const posted: { type?: string; signInAgain?: boolean; message?: string }[] = [];
    const webview = page.panel.webview;
    const post = webview.postMessage.bind(webview);
    webview.postMessage = (m: unknown) => (posted.push(m as (typeof posted)[number]), post(m));
    const offers = replaceMessage('showErrorMessage', () => undefined);
    try {
      assert.equal(await page.reload(), undefined, 'nothing loads with the refused token');
      const error = posted.find((m) => m.type === 'error' && m.message);
      assert.equal(error?.signInAgain, true, JSON.stringify(posted.filter((m) => m.type === 'error')));
    } finally {
      offers.restore();
    }
    const fresh = await newToken();
    const boxes = await signInAgainWith(fresh.sha1, () => page.handle({ type: 'signInAgain' }));
    assert.equal(boxes.length, 1, 'one step: the token');
    assert.match(boxes[0]!.title ?? '', /Sign In Again/);
    assert.equal(boxes[0]!.placeholder, 'Access token');
    assert.match(boxes[0]!.prompt ?? '', /alice/);
    assert.equal(services.accounts.accounts.filter((a) => a.instanceUrl === server.url).length, 1, 'the same account, not a second one');
    const data = await page.whenLoaded();
    assert.equal(data?.header.number, FIXTURES.repos.demo.issues.crash, 'the page loaded with the new token');
    current = fresh;
    // The polls resume: the badge asks again, with the new token.
    const from = server.requests.length;
    services.views.refresh('notificationBadge');
    await waitFor('the badge to ask again', () => requestsTo(server, '/notifications/new', from).some((r) => r.status === 200));
  });

  it('Create Issue sent with a refused token keeps its text and offers Sign In Again…; after it the same form creates the issue', async () => {
    const create = (args: Record<string, unknown>) => vscode.commands.executeCommand<CreateIssueResult>('gitea.createIssue', { repo, ...args });
    await ensureWorking();
    const draft = { title: 'Typed before the token was revoked', body: 'Every word of this stays.' };
    const from = server.requests.length;
    await create({ draft });
    // The form has read its labels and milestones with the working token.
    await waitFor('the form options', () => requestsTo(server, '/repos/alice/demo/labels', from).length > 0);
    // …and all its other reads have been answered: the next request with the old token is the submit's.
    for (let seen = -1; seen !== server.requests.length; ) {
      seen = server.requests.length;
      await sleep(500);
    }
    await revoke(current);
    const fresh = await newToken();
    let offered: { message: string; items: unknown[] } | undefined;
    const script = scriptQuickInputs([(ui) => ui.accept(fresh.sha1)]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    const errors = replaceMessage('showErrorMessage', (message, items) => {
      offered = { message, items };
      return items.find((i) => i === 'Sign In Again…');
    });
    let result: CreateIssueResult | undefined;
    try {
      result = await create({ submit: true });
      await waitFor('the account to be signed in again', () => !!offered && !services.accounts.needsSignIn(accountId));
    } finally {
      errors.restore();
      info.restore();
      script.restore();
    }
    assert.equal(result?.outcome?.status, 'failed', JSON.stringify(result?.outcome));
    assert.deepEqual({ title: result.draft.title, body: result.draft.body }, draft, 'the text is kept');
    assert.match(offered!.message, /access token was refused/);
    assert.deepEqual(offered!.items, ['Sign In Again…']);
    const sent = server.requests.length;
    const again = await create({ submit: true });
    assert.equal(again?.outcome?.status, 'created', JSON.stringify(again?.outcome));
    const [post] = requestsTo(server, '/repos/alice/demo/issues', sent).filter((r) => r.method === 'POST');
    assert.equal(post?.status, 201);
    assert.deepEqual({ title: (post!.body as { title: string }).title, body: (post!.body as { body: string }).body }, draft);
  });
});

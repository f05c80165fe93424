// Create Issue on an archived repository (Gitea 1.27 test server started in this process): the form says so as
// soon as it opens — from the repository's `archived` field (GET /repos/{owner}/{repo}) — instead of only after
// Create was pressed and the server answered 423. What the form is told is read from the messages the extension
// posts to its webview.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepoRef } from '../../src/core/services';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { requestsTo, signInAndSelect, signOut, sleep } from './viewsSupport';
import { recordWebviewMessages } from './webviewMessages';

interface ErrorsMessage {
  type: 'errors';
  general?: string;
  archived?: { canUnarchive: boolean };
}

describe('Create Issue on an archived repository (Gitea 1.27)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let accountId: string | undefined;

  before(async () => {
    server = await startTestServer();
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOut(accountId);
    await server?.close();
  });

  it('warns when the form opens, before anything is sent, and offers unarchiving to the admin', async () => {
    const archived: RepoRef = { instanceUrl: server.url, owner: 'alice', repo: FIXTURES.repos.archived.name, accountId };
    const from = server.requests.length;
    const recorder = recordWebviewMessages();
    let notice: ErrorsMessage | undefined;
    try {
      await vscode.commands.executeCommand('gitea.createIssue', { repo: archived });
      const deadline = Date.now() + 15_000;
      while (!notice && Date.now() < deadline) {
        notice = recorder.posted.find((m): m is ErrorsMessage => (m as ErrorsMessage).type === 'errors' && !!(m as ErrorsMessage).archived);
        if (!notice) await sleep(100);
      }
    } finally {
      recorder.restore();
    }
    assert.ok(notice, `no archived notice among: ${JSON.stringify(recorder.posted.map((m) => (m as { type?: string }).type))}`);
    assert.match(notice.general ?? '', /alice\/archived is archived: it takes no new issues/);
    assert.equal(notice.archived?.canUnarchive, true, 'alice owns the repository: the Unarchive button shows');
    assert.ok(requestsTo(server, '/repos/alice/archived', from).some((r) => r.method === 'GET'), 'the repository was read');
    assert.equal(requestsTo(server, '/repos/alice/archived/issues', from).filter((r) => r.method === 'POST').length, 0, 'nothing was sent');
  });
});

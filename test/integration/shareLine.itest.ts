// Share a line inside a real VS Code, against Gitea 1.27 test servers started in this process: Copy Gitea Permalink
// (a selection, a single line, a sub-path instance) and Open on Gitea give the line at HEAD's commit; a commit the
// server does not have is said, and the branch's link offered instead.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { LineLink } from '../../src/commands/share/lineLink';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { cloneFromServer, withoutHarnessGitCredentials, type Clone } from './createPullRequestSupport';
import { demoSession } from './demoSession';
import { replaceMessage, signOut } from './viewsSupport';
import { services, waitFor } from './workflowsSupport';

const copy = () => vscode.commands.executeCommand<LineLink | undefined>('gitea.copyPermalink');
const open = () => vscode.commands.executeCommand<LineLink | undefined>('gitea.openPermalink');

/** Opens `file` of the clone with lines `start`..`end` (1-based) selected, or the cursor on `start`. */
async function select(clone: Clone, file: string, start: number, end?: number): Promise<void> {
  const editor = await vscode.window.showTextDocument(vscode.Uri.file(join(clone.dir, file)));
  const from = new vscode.Position(start - 1, 0);
  const to = end === undefined ? from : new vscode.Position(end - 1, 3);
  editor.selection = new vscode.Selection(from, to);
  // The command reads the active editor's selection: wait until it is this one (the editor may be replaced while it opens).
  await waitFor('the selection in the active editor', () => {
    const active = vscode.window.activeTextEditor;
    if (active?.document.uri.fsPath !== editor.document.uri.fsPath) return false;
    if (!active.selection.isEqual(new vscode.Selection(from, to))) active.selection = new vscode.Selection(from, to);
    return active.selection.isEqual(new vscode.Selection(from, to));
  });
}

/** Waits until the git extension's HEAD of the clone is `sha` (it reads the clone's state after a change). */
async function headIs(clone: Clone, sha: string): Promise<void> {
  const git = vscode.extensions.getExtension<{ getAPI(v: 1): { getRepository(u: vscode.Uri): { state: { HEAD?: { commit?: string } }; status(): Promise<void> } | null } }>('vscode.git');
  const repository = git!.exports.getAPI(1).getRepository(vscode.Uri.file(clone.dir));
  assert.ok(repository, 'the git extension has the clone');
  await waitFor(`HEAD of the clone at ${sha}`, async () => (await repository.status(), repository.state.HEAD?.commit === sha));
}

describe('Share a line: Copy Gitea Permalink and Open on Gitea (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let clone: Clone;
  let warnings: ReturnType<typeof replaceMessage>;
  let warningAnswer: string | undefined;
  let restoreGitCredentials: (() => void) | undefined;
  const env = vscode.env as { openExternal: (uri: vscode.Uri) => Thenable<boolean> };
  const originalOpenExternal = env.openExternal;
  const opened: string[] = [];

  demoSession((s) => ({ server } = s), { closeEditors: true });

  before(async () => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    clone = await cloneFromServer(server, 'alice', 'demo');
    warnings = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === warningAnswer));
    env.openExternal = (uri) => {
      opened.push(uri.toString(true));
      return Promise.resolve(true);
    };
  });
  after(() => {
    env.openExternal = originalOpenExternal;
    warnings?.restore();
    restoreGitCredentials?.();
    clone?.dispose();
  });

  it('copies the link to the selected lines at HEAD\'s commit, and to a single line', async () => {
    const sha = await clone.git('rev-parse', 'HEAD');
    await select(clone, 'README.md', 2, 3);
    const link = await copy();
    const expected = `${server.url}alice/demo/src/commit/${sha}/README.md#L2-L3`;
    assert.equal(link?.url, expected);
    assert.equal(link?.kind, 'commit');
    assert.equal(await vscode.env.clipboard.readText(), expected);

    await select(clone, 'README.md', 1);
    assert.equal((await copy())?.url, `${server.url}alice/demo/src/commit/${sha}/README.md#L1`);
    assert.equal(await vscode.env.clipboard.readText(), `${server.url}alice/demo/src/commit/${sha}/README.md#L1`);
  });

  it('Open on Gitea opens the same page in the browser', async () => {
    const sha = await clone.git('rev-parse', 'HEAD');
    await select(clone, 'README.md', 1, 2);
    opened.length = 0;
    const link = await open();
    assert.equal(link?.url, `${server.url}alice/demo/src/commit/${sha}/README.md#L1-L2`);
    assert.deepEqual(opened, [link.url], 'a page of the instance opens without a question');
  });

  it('a commit the server does not have: says so and offers the branch\'s link instead', async () => {
    await clone.git('commit', '--quiet', '--allow-empty', '-m', 'Not pushed yet');
    const sha = await clone.git('rev-parse', 'HEAD');
    await headIs(clone, sha);
    await select(clone, 'README.md', 2);
    const before = server.requests.length;

    warningAnswer = undefined;
    warnings.shown.length = 0;
    assert.equal(await copy(), undefined, 'nothing copied when the offer is dismissed');
    assert.match(warnings.shown.at(-1) ?? '', new RegExp(`${sha.slice(0, 10)} is not on`));
    const asked = server.requests.slice(before).find((r) => r.path.includes(`/git/commits/${sha}`));
    assert.ok(asked, 'the server was asked for the commit');
    assert.equal(asked.status, 404);

    warningAnswer = 'Use the Branch Link';
    const link = await copy();
    assert.equal(link?.kind, 'branch');
    assert.equal(link?.url, `${server.url}alice/demo/src/branch/main/README.md#L2`);
    assert.equal(await vscode.env.clipboard.readText(), link.url);
    await clone.git('reset', '--quiet', '--hard', 'origin/main');
  });

  it('a commit only on the fork the branch was pushed to (its upstream): the link names the fork\'s commit', async () => {
    const headers = { Authorization: `token ${FIXTURES.users.alice.tokens.all}`, 'Content-Type': 'application/json' };
    const forked = await fetch(`${server.url}api/v1/repos/alice/demo/forks`, { method: 'POST', headers, body: JSON.stringify({ organization: 'acme', name: 'demo-shared' }) });
    assert.equal(forked.status, 202, await forked.text());
    await clone.git('remote', 'add', 'fork', `${server.url}acme/demo-shared.git`);
    await clone.git('checkout', '--quiet', '-b', 'share-fix');
    try {
      await clone.git('commit', '--quiet', '--allow-empty', '-m', 'Only on the fork');
      await clone.git('push', '--quiet', '-u', 'fork', 'share-fix');
      const sha = await clone.git('rev-parse', 'HEAD');
      await headIs(clone, sha);
      const s = await services();
      await waitFor('the fork remote to be detected', () => s.repos.allRemotes.some((r) => r.remoteName === 'fork' && r.owner === 'acme'));
      await select(clone, 'README.md', 2);
      const before = server.requests.length;
      warnings.shown.length = 0;
      const link = await copy();
      assert.equal(link?.kind, 'commit');
      assert.equal(link?.url, `${server.url}acme/demo-shared/src/commit/${sha}/README.md#L2`);
      assert.equal(warnings.shown.length, 0, 'no question: the commit is on the server, in the fork');
      const asked = server.requests.slice(before).filter((r) => r.path.includes(`/git/commits/${sha}`)).map((r) => `${r.path.split('/git/')[0]} ${r.status}`);
      // The repository is asked first; the fork's remote-tracking branch holds the commit (no request).
      assert.deepEqual(asked, ['/api/v1/repos/alice/demo 404']);
    } finally {
      await clone.git('checkout', '--quiet', 'main');
      await clone.git('branch', '--quiet', '-D', 'share-fix');
      await clone.git('remote', 'remove', 'fork');
    }
  });
});

describe('Share a line on an instance under a sub-path (Gitea 1.27 test server at /git)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let clone: Clone;
  let accountId: string | undefined;
  let restoreGitCredentials: (() => void) | undefined;

  before(async () => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    server = await startTestServer({ subPath: '/git' });
    assert.match(server.url, /\/git\/$/);
    const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: server.url,
      username: 'alice',
      token: FIXTURES.users.alice.tokens.all,
    });
    assert.ok(result?.ok, result?.message);
    accountId = result.account?.id;
    clone = await cloneFromServer(server, 'alice', 'demo');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    clone?.dispose();
    await signOut(accountId);
    await server?.close();
    restoreGitCredentials?.();
  });

  it('the permalink keeps the sub-path', async () => {
    const sha = await clone.git('rev-parse', 'HEAD');
    await select(clone, 'README.md', 3, 4);
    const link = await copy();
    assert.equal(link?.url, `${server.url}alice/demo/src/commit/${sha}/README.md#L3-L4`);
    assert.ok(link.url.includes('/git/alice/demo/src/commit/'), link.url);
    assert.equal(await vscode.env.clipboard.readText(), link.url);
  });
});

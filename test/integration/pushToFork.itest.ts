// A refused push leads somewhere, inside a real VS Code against a Gitea 1.27 test server started in this process:
// carol may read alice/demo but not write to it. Her push of a new branch through the git extension is refused by the
// server; the push error handler offers to fork, and then carol/demo is created, the branch is pushed there and
// tracks it, and the Create Pull Request form opens against alice/demo. Run again from the palette for another branch,
// the existing fork is used.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PushToForkResult } from '../../src/commands/pushToFork';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { cloneFromServer, withoutHarnessGitCredentials, type Clone } from './createPullRequestSupport';
import { api, replaceMessage, signOut } from './viewsSupport';
import { closeEditors, waitFor } from './workflowsSupport';

interface GitRepositoryLike {
  push(remote?: string, branch?: string, setUpstream?: boolean): Promise<void>;
}

const pullFormOpen = (): boolean =>
  vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('gitea.createPullRequest')));

describe('A refused push: fork, push there, pull request (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let accountId: string | undefined;
  let clone: Clone;
  let repository: GitRepositoryLike;
  let warnings: ReturnType<typeof replaceMessage>;
  let warningAnswer: string | undefined;
  let restoreGitCredentials: (() => void) | undefined;

  before(async () => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    server = await startTestServer();
    const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: server.url,
      username: 'carol',
      token: FIXTURES.users.carol.tokens.all,
    });
    assert.ok(result?.ok, result?.message);
    accountId = result.account?.id;
    clone = await cloneFromServer(server, 'alice', 'demo', 'carol');
    const git = vscode.extensions.getExtension<{ getAPI(v: 1): { getRepository(u: vscode.Uri): GitRepositoryLike | null } }>('vscode.git');
    const found = git!.exports.getAPI(1).getRepository(vscode.Uri.file(clone.dir));
    assert.ok(found, 'the git extension has the clone');
    repository = found;
    warnings = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === warningAnswer));
  });
  after(async () => {
    warnings?.restore();
    await closeEditors();
    clone?.dispose();
    await signOut(accountId);
    await server?.close();
    restoreGitCredentials?.();
  });

  it('git\'s refused push offers the fork; the branch goes there, tracks it, and the pull request form opens', async () => {
    const carol = { token: FIXTURES.users.carol.tokens.all };
    assert.equal((await fetch(`${server.apiUrl}/repos/carol/demo`, { headers: { authorization: `token ${carol.token}` } })).status, 404, 'no fork yet');
    await clone.git('checkout', '--quiet', '-b', 'carol-docs');
    await clone.git('commit', '--quiet', '--allow-empty', '-m', 'Clarify the docs');
    const sha = await clone.git('rev-parse', 'HEAD');

    warningAnswer = 'Fork and Push';
    warnings.shown.length = 0;
    // The git extension's push: refused by the server, handled by the extension (so it resolves).
    await repository.push('origin', 'carol-docs', true);
    assert.ok(warnings.shown.includes('You may not push to alice/demo.'), `asked first: ${warnings.shown.join(' | ')}`);

    const fork = await api<{ fork: boolean; parent?: { full_name: string }; owner: { login: string } }>(server, 'GET', '/repos/carol/demo');
    assert.equal(fork.fork, true);
    assert.equal(fork.parent?.full_name, 'alice/demo');
    const pushed = await api<{ commit: { id: string } }>(server, 'GET', '/repos/carol/demo/branches/carol-docs');
    assert.equal(pushed.commit.id, sha, 'the branch is on the fork');
    const onOriginal = await fetch(`${server.apiUrl}/repos/alice/demo/branches/carol-docs`, { headers: { authorization: `token ${carol.token}` } });
    assert.equal(onOriginal.status, 404, 'and not on the original');
    assert.equal(await clone.git('config', '--get', 'remote.carol.url'), `${server.url}carol/demo.git`);
    assert.equal(await clone.git('config', '--get', 'branch.carol-docs.remote'), 'carol', 'the fork is the upstream');
    assert.equal(await clone.git('config', '--get', 'branch.carol-docs.merge'), 'refs/heads/carol-docs');
    await waitFor('the Create Pull Request form to be open', pullFormOpen);
  });

  it('from the palette, another branch goes to the existing fork and the form is against alice/demo', async () => {
    await closeEditors();
    await clone.git('checkout', '--quiet', '-b', 'carol-more', 'origin/main');
    await clone.git('commit', '--quiet', '--allow-empty', '-m', 'More docs');
    const forksBefore = server.state.repos.filter((r) => r.name === 'demo' && r.fork).length;
    warningAnswer = 'Push to carol/demo';
    const result = await vscode.commands.executeCommand<PushToForkResult | undefined>('gitea.pushToFork', {
      rootUri: vscode.Uri.file(clone.dir).toString(),
      instanceUrl: server.url,
      owner: 'alice',
      repo: 'demo',
      remote: 'origin',
      branch: 'carol-more',
    });
    assert.ok(result, `pushed: ${warnings.shown.join(' | ')}`);
    assert.equal(result.fork, 'carol/demo');
    assert.equal(result.created, false, 'the existing fork');
    assert.equal(result.remote, 'carol', 'its remote is reused');
    assert.equal(server.state.repos.filter((r) => r.name === 'demo' && r.fork).length, forksBefore, 'no second fork');
    assert.equal(await clone.git('config', '--get', 'branch.carol-more.remote'), 'carol');
    const draft = (result.pullRequest as { draft: { baseRepo: string; base: string; head: string } }).draft;
    assert.equal(draft.baseRepo, 'alice/demo', 'against the original');
    assert.equal(draft.head, 'carol-more');
    await waitFor('the Create Pull Request form to be open', pullFormOpen);
  });
});

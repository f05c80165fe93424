// The branch's pull request after it is opened, inside a real VS Code against a Gitea 1.27 test server started in this
// process, in a clone opened in the git extension: Update Branch (merge; up to date; a conflict explained), Merge Pull
// Request and Request Review taking the checked-out pull request, Back to main and Delete once it is merged, and a
// fork's pull request that allows maintainer edits checked out to track the contributor's branch.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { UpdateResult } from '../../src/commands/branchActions/updateBranch';
import type { CheckoutResult } from '../../src/commands/checkout/checkoutPullRequest';
import type { RepoRef } from '../../src/core/services';
import type { TestServer } from '../server/index';
import { branchWithCommits, cloneFromServer, withoutHarnessGitCredentials, type Clone } from './createPullRequestSupport';
import { demoSession } from './demoSession';
import { scriptQuickInputs } from './viewsQuickInput';
import { api, replaceMessage } from './viewsSupport';

describe('The branch\'s pull request: update, merge, review, back and delete, fork upstream (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let repo: RepoRef;
  let clone: Clone;
  let warnings: ReturnType<typeof replaceMessage>;
  let info: ReturnType<typeof replaceMessage>;
  let warningAnswer: string | undefined;
  const update = (arg: unknown) => vscode.commands.executeCommand<UpdateResult>('gitea.updatePullRequestBranch', arg);
  const open = (body: Record<string, unknown>) => api<{ number: number; title: string }>(server, 'POST', '/repos/alice/demo/pulls', body);
  const branchSha = async (name: string) => (await api<{ commit: { id: string } }>(server, 'GET', `/repos/alice/demo/branches/${encodeURIComponent(name)}`)).commit.id;

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });

  let restoreGitCredentials: (() => void) | undefined;
  before(async () => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    clone = await cloneFromServer(server, 'alice', 'demo');
    warnings = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === warningAnswer));
    info = replaceMessage('showInformationMessage', () => undefined);
  });
  after(() => {
    restoreGitCredentials?.();
    warnings?.restore();
    info?.restore();
    clone?.dispose();
  });

  it('Update Branch merges the base into the head on the server; then it is up to date; a conflict is explained', async () => {
    const pull = await open({ head: 'experiment', base: 'main', title: 'Experiment' });
    const before = await branchSha('experiment');
    assert.deepEqual(await update({ repo, index: pull.number, style: 'merge' }), { kind: 'updated', style: 'merge' });
    assert.notEqual(await branchSha('experiment'), before);
    assert.deepEqual(await update({ repo, index: pull.number, style: 'merge' }), { kind: 'upToDate' });
    // develop rewrites the usage line that feature/login (#6) re-indents.
    const main = await branchSha('main');
    await server.git.updateRefs('alice/demo.git', [`update refs/heads/main ${await branchSha('develop')} ${main}`]);
    try {
      const conflict = await update({ repo, index: 6, style: 'merge' });
      assert.equal(conflict.kind, 'conflict');
      assert.match(conflict.kind === 'conflict' ? conflict.message : '', /could not merge main into feature\/login: they change the same lines/);
    } finally {
      await server.git.updateRefs('alice/demo.git', [`update refs/heads/main ${main}`]);
    }
  });

  it('Merge Pull Request and Request Review run from the palette take the checked-out pull request', async () => {
    const checkout = await vscode.commands.executeCommand<CheckoutResult>('gitea.checkoutPullRequest', { repo: clone.repo, index: 6 });
    assert.equal(checkout.kind, 'checkedOut', JSON.stringify(checkout));
    const ui = scriptQuickInputs([(box) => box.accept()]);
    let merge: { kind: string } | undefined;
    try {
      const review = await vscode.commands.executeCommand<{ kind: string }>('gitea.requestReview');
      assert.equal(review?.kind, 'unchanged');
      warnings.shown.length = 0;
      merge = await vscode.commands.executeCommand<{ kind: string }>('gitea.mergePullRequest');
    } finally {
      ui.restore();
    }
    assert.match(ui.seen[0]?.title ?? '', /^Request Review of #6 /);
    // main's protection blocks #6 (an approval and ci/build): said about #6, not after a pick of pull requests.
    assert.equal(merge?.kind, 'blocked');
    assert.ok(warnings.shown.some((m) => m.startsWith('Pull request #6 cannot be merged')), warnings.shown.join('\n'));
    assert.equal(ui.seen.length, 1, 'no pull request was asked for');
  });

  it('once the branch\'s pull request is merged: Back to main and Delete the local branch', async () => {
    await branchWithCommits(clone, 'topic/done', 'origin/main', ['Finish the work']);
    await clone.git('push', '--quiet', '-u', 'origin', 'topic/done');
    const pull = await open({ head: 'topic/done', base: 'main', title: 'Done' });
    await clone.git('config', 'branch.topic/done.gitea-pr', `${server.url} alice/demo#${pull.number}`);
    server.state.repoByName('alice', 'demo')!.protections.length = 0;
    await api(server, 'POST', `/repos/alice/demo/pulls/${pull.number}/merge`, { do: 'squash' });
    warningAnswer = 'Delete topic/done';
    await vscode.commands.executeCommand('gitea.branchActions', {
      repo: clone.repo, branch: 'topic/done', defaultBranch: 'main', pull: { repo, index: pull.number, state: 'merged', behind: false }, run: 'backAndDelete',
    });
    assert.equal(await clone.git('rev-parse', '--abbrev-ref', 'HEAD'), 'main');
    assert.equal(await clone.git('branch', '--list', 'topic/done'), '', 'the squash-merged branch is deleted');
  });

  it('a fork\'s pull request that allows maintainer edits is checked out tracking the contributor\'s branch', async () => {
    await api(server, 'POST', '/repos/alice/demo/forks', { organization: 'acme' });
    const fork = await cloneFromServer(server, 'acme', 'demo');
    try {
      await branchWithCommits(fork, 'contrib', 'origin/main', ['A contribution']);
      await fork.git('push', '--quiet', '-u', 'origin', 'contrib');
    } finally {
      fork.dispose();
    }
    const pull = await open({ head: 'acme:contrib', base: 'main', title: 'Contribution', allow_maintainer_edit: true });
    const result = await vscode.commands.executeCommand<CheckoutResult>('gitea.checkoutPullRequest', { repo: clone.repo, index: pull.number });
    assert.equal(result.kind === 'checkedOut' && result.upstream, 'acme/contrib', JSON.stringify(result));
    assert.equal(await clone.git('config', '--get', 'branch.contrib.remote'), 'acme');
    assert.equal(await clone.git('config', '--get', 'branch.contrib.merge'), 'refs/heads/contrib');
    assert.equal(await clone.git('remote', 'get-url', 'acme'), `${server.url}acme/demo.git`);
    // Without maintainer edits the branch keeps no upstream of the fork.
    const closed = await open({ head: 'acme:main', base: 'release/1.0', title: 'No edits', allow_maintainer_edit: false });
    const plain = await vscode.commands.executeCommand<CheckoutResult>('gitea.checkoutPullRequest', { repo: clone.repo, index: closed.number });
    assert.ok(plain.kind === 'checkedOut' && plain.upstream === undefined, JSON.stringify(plain));
  });
});

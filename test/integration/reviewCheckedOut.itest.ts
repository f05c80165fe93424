// Review threads on the workspace files of a checked-out pull request, in the harness's workspace clone: a review
// comment of the open pull request shows on its line of the file opened from the workspace (the new side, lines
// as in the head commit), a new comment there joins the pending review, an uncommitted change marks the threads
// (the copy differs from the head commit) and stops new comments, and Back to Default Branch takes them away.
// The workspace is back on its default branch afterwards, without the test's branch or review.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CheckoutResult } from '../../src/commands/checkout/checkoutPullRequest';
import { log, testEnv } from './env';
import { replaceMessage } from './viewsSupport';
import { gitInWorkspace, signInToTarget, waitFor, type Session } from './workflowsSupport';

interface ThreadSnapshot {
  uri: string;
  path: string;
  side: 'new' | 'old';
  line: number;
  label?: string;
  comments: { author: string; body: string; label?: string }[];
}

const snapshot = () => vscode.commands.executeCommand<ThreadSnapshot[]>('gitea.review.threads').then((t) => t ?? []);

describe('Review threads on the files of a checked-out pull request', function () {
  this.timeout(90_000);
  let session: Session;
  let index: number;
  let branch: string | undefined;
  let reviewId: number | undefined;
  const path = () => testEnv().repo.openPullRename.to;
  const file = () => vscode.Uri.file(join(testEnv().workspace, path()));
  const body = `Please document this (${Date.now().toString(36)})`;
  let line = 0;
  let info: ReturnType<typeof replaceMessage>;

  before(async () => {
    session = await signInToTarget();
    const env = testEnv();
    index = env.repo.openPull;
    info = replaceMessage('showInformationMessage', () => undefined);
    const pr = await session.client.repoGetPullRequest({ owner: env.repo.owner, repo: env.repo.name, index });
    const text = new TextDecoder().decode(await session.client.repoGetRawFile({ owner: env.repo.owner, repo: env.repo.name, filepath: path(), ref: pr.head!.sha! }));
    line = text.split('\n').findIndex((l) => l.includes(env.repo.openPullRename.addedText)) + 1;
    assert.ok(line > 0, 'the line the pull request adds');
    const review = await session.client.repoCreatePullReview({
      owner: env.repo.owner,
      repo: env.repo.name,
      index,
      body: { event: 'COMMENT', body: '', comments: [{ path: path(), body, new_position: line, old_position: 0 }] },
    });
    reviewId = review.id;
  });

  after(async () => {
    info?.restore();
    await vscode.commands.executeCommand('gitea.discardReview', { repo: session.repo, index, confirm: false }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await gitInWorkspace('checkout', '--quiet', '--force', testEnv().repo.defaultBranch);
    if (branch) await gitInWorkspace('branch', '-D', branch).catch(() => undefined);
    const env = testEnv();
    if (reviewId !== undefined) await session.client.repoDeletePullReview({ owner: env.repo.owner, repo: env.repo.name, index, id: reviewId }).catch(() => undefined);
  });

  const onFile = async () => (await snapshot()).filter((t) => t.uri === file().toString());

  it('shows the review comments on their lines of the workspace file; a new comment joins the pending review', async () => {
    const result = await vscode.commands.executeCommand<CheckoutResult>('gitea.checkoutPullRequest', { repo: session.repo, index });
    assert.ok(result.kind === 'checkedOut', JSON.stringify(result));
    branch = result.branch;
    await vscode.window.showTextDocument(file());
    const thread = await waitFor('the thread on the workspace file', async () => (await onFile()).find((t) => t.comments.some((c) => c.body === body))).catch(async (e: unknown) => {
      log(`threads: ${JSON.stringify((await snapshot()).map((t) => [t.uri, t.line, t.comments.length]))}; file ${file().toString()}`);
      throw e;
    });
    assert.deepEqual([thread.path, thread.side, thread.line, thread.label], [path(), 'new', line, undefined]);

    await vscode.commands.executeCommand('gitea.review.addComment', { uri: file(), line: line, text: 'Answered from the checkout' });
    const replied = (await onFile()).find((t) => t.line === line)!;
    assert.deepEqual(replied.comments.slice(-1).map((c) => [c.body, c.label]), [['Answered from the checkout', 'Pending']]);
  });

  it('an uncommitted change marks the threads as on the pull request\'s lines; Back to Default Branch takes them away', async () => {
    const disk = file().fsPath;
    const before = readFileSync(disk, 'utf8');
    writeFileSync(disk, `// a local line\n${before}`);
    try {
      await waitFor('the thread marked', async () => (await onFile()).find((t) => t.line === line && /your copy differs/.test(t.label ?? '')));
    } finally {
      writeFileSync(disk, before);
    }
    await waitFor('the mark gone with the change', async () => (await onFile()).find((t) => t.line === line && t.label === undefined));
    await vscode.commands.executeCommand('gitea.discardReview', { repo: session.repo, index, confirm: false });
    const back = await vscode.commands.executeCommand<{ kind: string }>('gitea.backToDefaultBranch');
    assert.equal(back?.kind, 'switched');
    await waitFor('no thread on the workspace file', async () => (await onFile()).length === 0);
  });
});

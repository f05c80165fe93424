// Apply Suggestion on the workspace file of a checked-out pull request, in the harness's workspace clone (the test
// server or a real Gitea): a review comment with a ```suggestion block on the line the pull request adds offers Apply
// Suggestion there; applying replaces that line in the open document (unsaved) and Undo takes it back; once the
// line reads differently the suggestion is refused with a message and nothing changes. The workspace is back on its
// default branch afterwards, without the test's branch or review.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CheckoutResult } from '../../src/commands/checkout/checkoutPullRequest';
import { testEnv } from './env';
import { replaceMessage } from './viewsSupport';
import { gitInWorkspace, signInToTarget, waitFor, type Session } from './workflowsSupport';

interface ThreadSnapshot {
  uri: string;
  line: number;
  comments: { author: string; body: string }[];
}

const snapshot = () => vscode.commands.executeCommand<ThreadSnapshot[]>('gitea.review.threads').then((t) => t ?? []);

describe('Apply Suggestion on a checked-out pull request', function () {
  this.timeout(90_000);
  let session: Session;
  let index: number;
  let branch: string | undefined;
  let reviewId: number | undefined;
  let line = 0;
  let original = '';
  const suggested = `// suggested ${Date.now().toString(36)}`;
  const path = () => testEnv().repo.openPullRename.to;
  const file = () => vscode.Uri.file(join(testEnv().workspace, path()));

  before(async () => {
    // A browser build of VS Code saves edits after a second by default (files.autoSave `afterDelay`): on a slow
    // start the applied suggestion was saved before it was checked. The desktop default, off, for this file.
    await vscode.workspace.getConfiguration().update('files.autoSave', 'off', vscode.ConfigurationTarget.Global);
    session = await signInToTarget();
    const env = testEnv();
    index = env.repo.openPull;
    const pr = await session.client.repoGetPullRequest({ owner: env.repo.owner, repo: env.repo.name, index });
    const text = new TextDecoder().decode(await session.client.repoGetRawFile({ owner: env.repo.owner, repo: env.repo.name, filepath: path(), ref: pr.head!.sha! }));
    line = text.split('\n').findIndex((l) => l.includes(env.repo.openPullRename.addedText)) + 1;
    assert.ok(line > 0, 'the line the pull request adds');
    original = text.split('\n')[line - 1]!.replace(/\r$/, '');
    const review = await session.client.repoCreatePullReview({
      owner: env.repo.owner, repo: env.repo.name, index,
      body: { event: 'COMMENT', body: '', comments: [{ path: path(), body: `Clearer:\n\`\`\`suggestion\n${suggested}\n\`\`\``, new_position: line, old_position: 0 }] },
    });
    reviewId = review.id;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert').then(undefined, () => undefined);
    await vscode.workspace.getConfiguration().update('files.autoSave', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The review threads of this file's server are dropped: the next file's server has the same pull requests.
    await vscode.commands.executeCommand('gitea.review.reset').then(undefined, () => undefined);
    await gitInWorkspace('checkout', '--quiet', '--force', testEnv().repo.defaultBranch);
    if (branch) await gitInWorkspace('branch', '-D', branch).catch(() => undefined);
    const env = testEnv();
    if (reviewId !== undefined) await session.client.repoDeletePullReview({ owner: env.repo.owner, repo: env.repo.name, index, id: reviewId }).catch(() => undefined);
  });

  it('replaces the commented line in the working copy (Undo takes it back); refused once the line changed', async () => {
    const result = await vscode.commands.executeCommand<CheckoutResult>('gitea.checkoutPullRequest', { repo: session.repo, index });
    assert.ok(result.kind === 'checkedOut', JSON.stringify(result));
    branch = result.branch;
    const editor = await vscode.window.showTextDocument(file());
    await waitFor('the suggestion\'s thread on the workspace file', async () =>
      (await snapshot()).find((t) => t.uri === file().toString() && t.line === line && t.comments.some((c) => c.body.includes(`+ ${suggested}`))));

    assert.equal(await vscode.commands.executeCommand('gitea.review.applySuggestion', { uri: file(), line }), true);
    const doc = editor.document;
    assert.equal(doc.lineAt(line - 1).text, suggested);
    assert.equal(doc.isDirty, true, 'the change is in the editor, not saved');
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.lineAt(line - 1).text, original, 'Undo takes the suggestion back');

    // The line reads differently now: the suggestion was made on other text.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(line - 1, 0), '/* mine */ ');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const warnings = replaceMessage('showWarningMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.review.applySuggestion', { uri: file(), line }), false);
    } finally {
      warnings.restore();
    }
    assert.deepEqual(warnings.shown, [`Line ${line} changed since the suggestion was made: apply it by hand.`]);
    assert.equal(doc.lineAt(line - 1).text, `/* mine */ ${original}`, 'nothing changed');
  });
});

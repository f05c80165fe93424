// The commands of a pending review comment (Edit, Save, Cancel, Delete Pending Comment) and Suggest a Change, run
// as the comment widget runs them, in the diff of src/main.ts of pull request #6 of a Gitea 1.27 test server started
// in this process. A pending comment is written the way the gutter's "+" does it: a thread VS Code made, replied to
// (the extension adopts the thread and puts its comment objects in it, which the menus of the widget then pass).
// Nothing of a pending comment reaches the server until the review is submitted. Suggest a Change writes into an
// editor of the comment box's scheme (`comment`) standing in for the box. Each test writes what it needs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestServer } from '../server/index';
import { demoSession } from './demoSession';
import { replaceMessage } from './viewsSupport';

interface ThreadSnapshot {
  path: string;
  side: 'new' | 'old';
  line: number;
  label?: string;
  comments: { author: string; body: string; label?: string }[];
}
/** The comment objects the extension puts in a thread (ReviewComment of src/views/changedFiles/review). */
type DraftComment = vscode.Comment & { text: string; body: string | vscode.MarkdownString };

/** A thread as VS Code makes one for the gutter's "+" on `line` (1-based) of `uri`: no comment yet. */
function gutterThread(uri: vscode.Uri, line: number) {
  return {
    uri,
    range: new vscode.Range(line - 1, 0, line - 1, 0),
    comments: [] as readonly vscode.Comment[],
    collapsibleState: vscode.CommentThreadCollapsibleState.Expanded,
    canReply: true as boolean | vscode.CommentAuthorInformation,
    contextValue: undefined as string | undefined,
    label: undefined as string | undefined,
    state: undefined as vscode.CommentThreadState | undefined,
    disposed: false,
    dispose() {
      this.disposed = true;
    },
  };
}

/** An editor of the `comment` scheme holding `text`, beside the diff, the cursor at its end (as in a comment box). */
async function commentBox(text: string) {
  const files = new Map<string, Uint8Array>();
  const changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  const provider: vscode.FileSystemProvider = {
    onDidChangeFile: changed.event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: (uri) => {
      if (!files.has(uri.path)) throw vscode.FileSystemError.FileNotFound(uri);
      return { type: vscode.FileType.File, ctime: 0, mtime: Date.now(), size: files.get(uri.path)!.length };
    },
    readDirectory: () => [],
    createDirectory: () => undefined,
    readFile: (uri) => {
      const data = files.get(uri.path);
      if (!data) throw vscode.FileSystemError.FileNotFound(uri);
      return data;
    },
    writeFile: (uri, content) => void files.set(uri.path, content),
    delete: (uri) => void files.delete(uri.path),
    rename: () => undefined,
  };
  const registration = vscode.workspace.registerFileSystemProvider('comment', provider);
  const uri = vscode.Uri.from({ scheme: 'comment', path: `/box-${Date.now().toString(36)}.md` });
  files.set(uri.path, new TextEncoder().encode(text));
  const editor = await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside, selection: new vscode.Range(0, text.length, 0, text.length) });
  return {
    editor,
    close: async () => {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      registration.dispose();
    },
  };
}

describe('commands of pending review comments: Edit, Save, Cancel, Delete; Suggest a Change (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let repo: { instanceUrl: string; owner: string; repo: string; accountId?: string };
  let sides: { left: vscode.Uri; right: vscode.Uri };
  const MAIN = { filename: 'src/main.ts', status: 'changed' };

  demoSession((s) => ({ server, repo } = s));
  beforeEach(async () => {
    sides = (await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>('gitea.openChangedFile', repo, 6, MAIN))!;
    assert.ok(sides, 'the diff of src/main.ts opened');
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('gitea.discardReview', { repo, index: 6, confirm: false });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(() => vscode.commands.executeCommand('gitea.review.reset'));

  const threadsOf = async () => ((await vscode.commands.executeCommand<ThreadSnapshot[]>('gitea.review.threads')) ?? []).filter((t) => t.path === 'src/main.ts');
  const at = async (side: 'new' | 'old', line: number) => (await threadsOf()).find((t) => t.side === side && t.line === line);
  const posts = (from: number) => server.requests.slice(from).filter((r) => r.method !== 'GET');

  /** Writes a pending comment through a gutter thread; resolves to the thread with the comment object in it. */
  async function pendingComment(line: number, text: string) {
    const thread = gutterThread(sides.right, line);
    await vscode.commands.executeCommand('gitea.review.addComment', { thread, text });
    const comment = thread.comments[0] as DraftComment | undefined;
    assert.ok(comment, 'the extension put its comment in the thread');
    assert.equal(comment.contextValue, 'giteaDraft', 'a pending comment offers Edit and Delete');
    assert.equal((await at('new', line))?.comments[0]?.body, text);
    return { thread, comment };
  }

  it('Edit opens the pending comment for editing; Save keeps the new text (nothing sent)', async () => {
    const from = server.requests.length;
    const { thread, comment } = await pendingComment(2, 'First words');
    await vscode.commands.executeCommand('gitea.review.editDraft', comment);
    assert.equal(comment.mode, vscode.CommentMode.Editing);
    // VS Code writes what is typed in the widget into the comment's body, then runs Save with it.
    comment.body = 'Better words';
    await vscode.commands.executeCommand('gitea.review.saveDraft', comment);
    const saved = await at('new', 2);
    assert.deepEqual(saved?.comments.map((c) => [c.body, c.label]), [['Better words', 'Pending']]);
    assert.equal((thread.comments[0] as DraftComment).mode, vscode.CommentMode.Preview, 'shown read again');
    assert.deepEqual(posts(from), [], 'a pending comment stays here');
  });

  it('Save with no text keeps the editor open with the comment as it was (Delete removes it)', async () => {
    const { comment } = await pendingComment(3, 'Keep me');
    await vscode.commands.executeCommand('gitea.review.editDraft', comment);
    comment.body = '   ';
    const warnings = replaceMessage('showWarningMessage', () => undefined);
    try {
      await vscode.commands.executeCommand('gitea.review.saveDraft', comment);
    } finally {
      warnings.restore();
    }
    assert.deepEqual(warnings.shown, ['A comment needs some text. Delete Pending Comment removes it.']);
    assert.equal(comment.mode, vscode.CommentMode.Editing, 'still editing');
    assert.equal(comment.text, '   ', 'the editor keeps what is in it');
    // What is kept is the text saved before: a reload reads the pending review back with it.
    await vscode.commands.executeCommand('gitea.review.reset', { restore: true });
    assert.equal((await at('new', 3))?.comments[0]?.body, 'Keep me');
  });

  it('Cancel leaves editing and shows the saved text again, dropping what was typed', async () => {
    const { comment } = await pendingComment(4, 'Saved text');
    await vscode.commands.executeCommand('gitea.review.editDraft', comment);
    comment.body = 'Typed, then cancelled';
    await vscode.commands.executeCommand('gitea.review.cancelDraftEdit', comment);
    assert.equal(comment.mode, vscode.CommentMode.Preview);
    assert.equal(comment.text, 'Saved text', 'the body shown is the saved one');
    assert.equal((await at('new', 4))?.comments[0]?.body, 'Saved text');
  });

  it('Delete Pending Comment removes it and its thread (nothing sent)', async () => {
    const from = server.requests.length;
    const { thread, comment } = await pendingComment(5, 'Never mind');
    await vscode.commands.executeCommand('gitea.review.deleteDraft', comment);
    assert.equal(await at('new', 5), undefined, 'no thread on the line');
    assert.equal(thread.disposed, true, 'the thread is gone from the editor');
    assert.deepEqual(posts(from), []);
  });

  it('Suggest a Change writes a suggestion block with the commented line into the comment box, after what is typed there', async () => {
    const line = 2;
    const text = (await vscode.workspace.openTextDocument(sides.right)).lineAt(line - 1).text;
    const expected = `\`\`\`suggestion\n${text}\n\`\`\`\n`;
    // VS Code's comment box is an editor of the `comment` scheme; its own box did not open from this extension host
    // (workbench.action.addComment under code-server's test driver), so the box is an editor of that scheme here.
    const box = await commentBox('Consider:');
    try {
      const thread = gutterThread(sides.right, line);
      assert.equal(await vscode.commands.executeCommand<string>('gitea.review.suggestChange', { thread }), expected);
      assert.equal(box.editor.document.getText(), `Consider:\n${expected}`);
    } finally {
      await box.close();
    }
  });

  it('Suggest a Change without a comment box says where to click first (nothing written)', async () => {
    const warnings = replaceMessage('showWarningMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.review.suggestChange', { thread: gutterThread(sides.right, 2) }), undefined);
    } finally {
      warnings.restore();
    }
    assert.deepEqual(warnings.shown, ['Click into the comment box first, then Suggest a Change.']);
  });

  it('Suggest a Change on the old side is refused with a message (nothing written)', async () => {
    const warnings = replaceMessage('showWarningMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.review.suggestChange', { thread: gutterThread(sides.left, 1) }), undefined);
    } finally {
      warnings.restore();
    }
    assert.deepEqual(warnings.shown, ['Suggest a change on a line of the pull request\'s new side.']);
  });
});

// Suggested changes in review threads: Apply Suggestion puts a comment's ```suggestion lines in place of the commented
// line of the checked-out pull request's workspace file (one WorkspaceEdit: Undo takes it back), refused when that
// line reads differently from the line the comment was made on; Suggest a Change writes a suggestion block holding
// the commented line into the comment box being typed in.
import * as vscode from 'vscode';
import { inertText } from '../../../shared/untrustedText';
import { ReviewComment, type ReviewThreads } from './reviewThreads';
import { checkApply, suggestionBlockOf, suggestionEdit } from './suggestions';

export const SUGGESTION_COMMANDS = {
  apply: 'gitea.review.applySuggestion',
  suggestChange: 'gitea.review.suggestChange',
} as const;

/** VS Code's comment box is a text editor of this scheme. */
const COMMENT_INPUT_SCHEME = 'comment';

function isThread(v: unknown): v is vscode.CommentThread {
  return typeof v === 'object' && v !== null && 'uri' in v && 'comments' in v && 'range' in v;
}

/** `{ uri, line }` (1-based), the in-host tests' way to name a thread shown on a line. */
function namedLine(arg: unknown): { uri: vscode.Uri; line: number } | undefined {
  const a = (arg ?? {}) as { uri?: unknown; line?: unknown };
  const uri = typeof a.uri === 'string' ? vscode.Uri.parse(a.uri) : a.uri instanceof vscode.Uri ? a.uri : undefined;
  return uri && typeof a.line === 'number' ? { uri, line: a.line } : undefined;
}

export function registerSuggestionCommands(threads: ReviewThreads): vscode.Disposable {
  /** The comment and the workspace file's thread it is in: the comment a menu gave, or a thread's last suggestion. */
  const commentAndThread = (arg: unknown): { comment: ReviewComment; thread: vscode.CommentThread } | undefined => {
    if (arg instanceof ReviewComment) {
      // The comment a menu gave may be one the thread showed before it was drawn again: found by its id then.
      const shown = [...arg.pull.threads.values()].map((t) => t.thread).filter((t) => t.uri.scheme === 'file');
      const thread = threads.threadsOf(arg).find((t) => t.uri.scheme === 'file')
        ?? shown.find((t) => t.comments.some((c) => c instanceof ReviewComment && c.model.id === arg.model.id));
      return thread && { comment: arg, thread };
    }
    const named = namedLine(arg);
    const thread = named && threads.shownThread(named.uri, named.line);
    const comment = thread?.comments.filter((c): c is ReviewComment => c instanceof ReviewComment && /\bcanApplySuggestion\b/.test(c.contextValue)).pop();
    return thread && comment && { comment, thread };
  };

  /** Resolves to true when the lines were replaced. */
  const apply = async (arg: unknown): Promise<boolean> => {
    const found = commentAndThread(arg);
    if (!found?.thread.range || found.comment.model.draft) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Apply Suggestion works on the files of a checked-out pull request.'));
      return false;
    }
    const { comment, thread } = found;
    const line = thread.range!.start.line + 1;
    const doc = await vscode.workspace.openTextDocument(thread.uri);
    const check = checkApply(comment.model.body, comment.model.commentedLine, line, (n) => (n >= 1 && n <= doc.lineCount ? doc.lineAt(n - 1).text : undefined));
    if (check.kind !== 'ok') {
      const why = {
        none: () => vscode.l10n.t('This comment has no suggestion to apply.'),
        several: () => vscode.l10n.t('This comment has several suggestions: apply them by hand.'),
        unknown: () => vscode.l10n.t('The server did not say which line this suggestion was made on: apply it by hand.'),
        changed: () => vscode.l10n.t('Line {0} changed since the suggestion was made: apply it by hand.', line),
        applied: () => vscode.l10n.t('Line {0} already reads as suggested.', line),
      }[check.kind];
      void vscode.window.showWarningMessage(why());
      return false;
    }
    const e = suggestionEdit(line, doc.lineCount, (n) => doc.lineAt(n - 1).text.length, check.lines, doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n');
    const range = new vscode.Range(e.start.line, e.start.character, e.end.line, e.end.character);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, range, e.text);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showErrorMessage(vscode.l10n.t('The suggestion could not be applied to {0}.', inertText(vscode.workspace.asRelativePath(doc.uri))));
      return false;
    }
    // The changed lines in view; Undo (in that editor) takes the edit back.
    const end = Math.max(e.start.line, e.start.line + check.lines.length - 1);
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(e.start.line, 0, end, doc.lineAt(Math.min(end, doc.lineCount - 1)).text.length) });
    return true;
  };

  /** Writes a suggestion block with the thread's line into the comment box; resolves to the block written. */
  const suggestChange = async (arg: unknown): Promise<string | undefined> => {
    const thread = isThread(arg) ? arg : isThread((arg as { thread?: unknown } | undefined)?.thread) ? (arg as { thread: vscode.CommentThread }).thread : undefined;
    if (!thread?.range) return undefined;
    if (threads.threadPlace(thread)?.side !== 'new' || threads.mayHaveMoved(thread.uri)) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Suggest a change on a line of the pull request\'s new side.'));
      return undefined;
    }
    const doc = await vscode.workspace.openTextDocument(thread.uri);
    const lines: string[] = [];
    for (let i = thread.range.start.line; i <= Math.min(thread.range.end.line, doc.lineCount - 1); i++) lines.push(doc.lineAt(i).text);
    const block = suggestionBlockOf(lines);
    const box = [vscode.window.activeTextEditor, ...vscode.window.visibleTextEditors].find((e) => e?.document.uri.scheme === COMMENT_INPUT_SCHEME);
    if (!box) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Click into the comment box first, then Suggest a Change.'));
      return undefined;
    }
    const at = box.document.lineAt(box.selection.end.line).range.end;
    const lead = box.document.getText().trim() ? '\n' : '';
    await box.edit((b) => b.insert(at, `${lead}${block}`));
    return block;
  };

  return vscode.Disposable.from(
    vscode.commands.registerCommand(SUGGESTION_COMMANDS.apply, apply),
    vscode.commands.registerCommand(SUGGESTION_COMMANDS.suggestChange, suggestChange),
  );
}

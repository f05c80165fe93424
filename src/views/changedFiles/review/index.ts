// Review a pull request in the diff editor: the review comments as comment threads (reviewThreads.ts), new
// comments and replies collected in a pending review kept on this machine (draftStore.ts), resolve / unresolve,
// and Submit Review… / Discard Pending Review / Open Review (reviewCommands.ts). The same threads on the workspace
// files of a checked-out pull request (checkedOutFiles.ts) and in diff editors VS Code restores after a reload.
import * as vscode from 'vscode';
import type { CheckedOutPulls } from '../../../core/checkedOutPulls';
import { draftState } from '../../../core/durableState';
import type { Services } from '../../../core/services';
import { FILE_SCHEME } from '../fileDocuments';
import { parseDiffSideOf, type ChangedFileLike } from '../model';
import { registerCheckedOutFiles } from './checkedOutFiles';
import { DraftStore } from './draftStore';
import { registerReviewCommands } from './reviewCommands';
import { registerSuggestionCommands } from './suggestionCommands';
import { ReviewThreads, type DocumentLookup, type PullRef, type ReviewHost } from './reviewThreads';

export type { ReviewHost } from './reviewThreads';

export interface ReviewFeature extends vscode.Disposable {
  /** Shows the review threads in a changed file's diff that opens; settles when they are drawn. */
  readonly attach: (pull: PullRef, headSha: string, file: ChangedFileLike, sides: { left: vscode.Uri; right: vscode.Uri }) => Promise<void>;
}

/** A side of a pull request's diff, from its `gitea-file:` URI (a diff editor restored after a window reload). */
function restoredDiffSide(services: Services): DocumentLookup {
  return (uri) => {
    if (uri.scheme !== FILE_SCHEME) return undefined;
    const parts = parseDiffSideOf(uri.path, uri.query);
    if (!parts) return undefined;
    const { instanceUrl, owner, repo, ref } = parts.file;
    const known = services.repos.detected.find((r) => r.instanceUrl === instanceUrl && r.owner.toLowerCase() === owner.toLowerCase() && r.repo.toLowerCase() === repo.toLowerCase());
    return {
      pull: { repo: known ?? { instanceUrl, owner, repo }, index: parts.pull },
      headSha: parts.side === 'new' ? ref : undefined,
      path: parts.filename,
      side: parts.side,
    };
  };
}

export function registerReview(services: Services, host: ReviewHost, checkedOut?: CheckedOutPulls): ReviewFeature {
  const threads = new ReviewThreads(services, new DraftStore(draftState(services.context, 'review', services.context.globalState)), (uri) => host.isNote(uri));
  const commands = registerReviewCommands(services, threads, host);
  const suggestions = registerSuggestionCommands(threads);
  const lookup = threads.addLookup(restoredDiffSide(services));
  // Documents open before this code was loaded (restored editors): VS Code asked for their commenting ranges already.
  threads.showOpenDocuments();
  const opened = vscode.workspace.onDidOpenTextDocument((doc) => {
    if (doc.uri.scheme === FILE_SCHEME && threads.show(doc.uri)) threads.documentOpened(doc.uri);
  });
  const files = checkedOut ? registerCheckedOutFiles(threads, host, checkedOut, services.log) : undefined;
  return {
    attach: (pull, headSha, file, sides) => threads.attach(pull, headSha, file, sides),
    dispose: () => {
      files?.dispose();
      opened.dispose();
      lookup.dispose();
      commands.dispose();
      suggestions.dispose();
      threads.dispose();
    },
  };
}

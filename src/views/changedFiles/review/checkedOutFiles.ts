// Review threads on the workspace files of a checked-out pull request (its branch is the clone's current branch):
// the new side of each file, lines as in the pull request's head commit. When the copy may differ from that commit
// (HEAD is another commit, or the file has uncommitted changes) the threads stay on the head commit's lines, marked
// as such, and the file takes no new comments (their line would be the copy's, not the pull request's). Threads
// go when the clone leaves the branch.
import * as vscode from 'vscode';
import type { CheckedOutPull, CheckedOutPulls } from '../../../core/checkedOutPulls';
import { messageOf } from '../../../core/errors';
import { pathInside } from '../model';
import type { ReviewHost, ReviewThreads } from './reviewThreads';

export function registerCheckedOutFiles(
  threads: ReviewThreads,
  host: ReviewHost,
  checkedOut: CheckedOutPulls,
  log: Pick<vscode.LogOutputChannel, 'warn'>,
): vscode.Disposable {
  /** The head commit of each checked-out pull request, once read (`pullId` → sha). */
  const heads = new Map<string, string>();
  /** The commit each checked-out pull request's branch was at when its reviews were last read. */
  const readAt = new Map<string, string | undefined>();
  const idOf = (c: CheckedOutPull) => `${c.pull.repo.instanceUrl}|${c.pull.repo.owner}/${c.pull.repo.repo}#${c.pull.index}`.toLowerCase();
  const entryOf = (uri: vscode.Uri): { entry: CheckedOutPull; path: string } | undefined => {
    if (uri.scheme !== 'file') return undefined;
    for (const entry of checkedOut.current) {
      const path = pathInside(entry.rootUri, uri);
      if (path && !path.startsWith('.git/')) return { entry, path };
    }
    return undefined;
  };
  const mayHaveMoved = (uri: vscode.Uri) => (): boolean => {
    const found = entryOf(uri);
    if (!found) return false;
    const head = heads.get(idOf(found.entry));
    return (!!head && found.entry.commit !== head) || found.entry.changedFiles.has(uri.toString());
  };

  const placeOpen = async (): Promise<void> => {
    const current = checkedOut.current;
    // Files of a pull request no longer checked out lose their threads.
    for (const uri of threads.placedUris()) if (uri.scheme === 'file' && !entryOf(uri)) threads.unplace(uri);
    for (const id of readAt.keys()) if (!current.some((c) => idOf(c) === id)) readAt.delete(id);
    for (const entry of current) {
      const pr = await host.getPull(entry.pull);
      const headSha = pr?.head?.sha;
      if (headSha) heads.set(idOf(entry), headSha);
      const state = threads.stateFor(entry.pull, headSha);
      for (const doc of vscode.workspace.textDocuments) {
        const found = entryOf(doc.uri);
        if (found?.entry === entry) threads.place(state, found.path, 'new', doc.uri, mayHaveMoved(doc.uri));
      }
      // Checked out just now, or its branch moved: the reviews are read again (not the minute-old ones).
      const fresh = readAt.has(idOf(entry)) && readAt.get(idOf(entry)) === entry.commit;
      readAt.set(idOf(entry), entry.commit);
      await threads.track(threads.ensureLoaded(state, !fresh).then(() => threads.render(state)));
    }
  };
  let running: Promise<void> = Promise.resolve();
  const refresh = (): void => {
    running = running.then(placeOpen).catch((e: unknown) => log.warn(`Review threads of the checked-out pull request: ${messageOf(e)}`));
    void threads.track(running);
  };
  refresh();

  return vscode.Disposable.from(
    // VS Code asks for a file's commenting ranges as it shows it: the file is placed then.
    threads.addLookup((uri) => {
      const found = entryOf(uri);
      return found && { pull: found.entry.pull, headSha: heads.get(idOf(found.entry)), path: found.path, side: 'new', mayHaveMoved: mayHaveMoved(uri) };
    }),
    checkedOut.onDidChange(refresh),
    vscode.workspace.onDidOpenTextDocument((doc) => {
      const found = entryOf(doc.uri);
      if (found) refresh();
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => doc.uri.scheme === 'file' && threads.unplace(doc.uri)),
    { dispose: () => heads.clear() },
  );
}

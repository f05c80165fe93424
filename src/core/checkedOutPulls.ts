// The pull requests checked out in the workspace's clones (a branch remembered as a pull request's, see
// git/pullRequestBranch.ts), as the git layer reports them to the review threads of the views. Interfaces only: the
// implementation is git/checkedOutPullRequests.ts, joined to the views by src/workbench.ts.
import type * as vscode from 'vscode';
import type { RepoRef } from './services';

export interface CheckedOutPull {
  /** The clone's root folder. */
  readonly rootUri: vscode.Uri;
  readonly pull: { readonly repo: RepoRef; readonly index: number };
  /** The branch's commit (HEAD). */
  readonly commit?: string;
  /** The files with uncommitted changes (staged or not), by `Uri.toString()`. */
  readonly changedFiles: ReadonlySet<string>;
}

export interface CheckedOutPulls {
  /** One entry per clone on a pull request's branch. */
  readonly current: readonly CheckedOutPull[];
  /** Fires when a clone switches branch, moves its HEAD or its uncommitted files change. */
  readonly onDidChange: vscode.Event<void>;
}

// The merged pull request behind a line: blame the line (unsaved edits included), then ask the server which
// pull request's merge produced that commit. Lookups are cached per SHA (404s too: a commit's pull request
// does not change once merged).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PullRequest } from '../../api';
import { blameLine, type BlameLine } from '../../git/blame';
import { GitUnavailableError } from '../../git/gitProcess';
import { gitApi, gitExecutable } from '../../git/gitRepositories';
import type { RepoRef, Services } from '../../core/services';
import { accountForRepo, type Target } from '../../core/target';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { CommitPullRequests } from './commitPullRequests';

export type LineOutcome =
  | { readonly kind: 'pullRequest'; readonly pr: PullRequest; readonly blame: BlameLine; readonly repo: RepoRef; readonly target: Target }
  /** The line has edits that are not committed (or the file is new). */
  | { readonly kind: 'uncommitted' }
  /** The commit is not the result of a merged pull request (the server answered 404). */
  | { readonly kind: 'noPullRequest'; readonly blame: BlameLine }
  /** The file is not inside a detected Gitea repository. */
  | { readonly kind: 'noRepository' }
  /** Signed out of the repository's instance (already told). */
  | { readonly kind: 'signedOut' }
  | { readonly kind: 'failed'; readonly message: string };

export class PullRequestLookup {
  private readonly pulls = new CommitPullRequests();

  constructor(private readonly services: Services) {}

  /** Blames `line` (0-based, as in the editor) of the document and finds its pull request. */
  async forLine(document: vscode.TextDocument, line: number, signal?: AbortSignal, options: { quiet?: boolean } = {}): Promise<LineOutcome> {
    const repo = document.uri.scheme === 'file' ? this.services.repos.repoForUri(document.uri) : undefined;
    if (!repo?.rootUri) return { kind: 'noRepository' };
    const relative = path.relative(repo.rootUri.fsPath, document.uri.fsPath).split(path.sep).join('/');
    if (relative.startsWith('../') || path.isAbsolute(relative)) return { kind: 'noRepository' };
    let git: string;
    try {
      git = await gitExecutable(await gitApi());
    } catch (e) {
      if (e instanceof GitUnavailableError) return { kind: 'failed', message: e.message };
      throw e;
    }
    const blame = await blameLine(repo.rootUri.fsPath, relative, line + 1, document.getText(), { signal, git });
    if (blame.kind === 'untracked') return { kind: 'uncommitted' };
    if (blame.kind === 'failed') return { kind: 'failed', message: blame.message };
    if (blame.line.uncommitted) return { kind: 'uncommitted' };
    // Quiet callers (the hover) must not pop up "sign in" messages.
    if (options.quiet && !accountForRepo(this.services.accounts, repo)) return { kind: 'signedOut' };
    const target = await targetOrSignIn(this.services, repo);
    if (!target) return { kind: 'signedOut' };
    const pr = await this.pulls.find(target.client, repo, repo.rootUri.fsPath, blame.line.sha, { signal, git });
    return pr ? { kind: 'pullRequest', pr, blame: blame.line, repo, target } : { kind: 'noPullRequest', blame: blame.line };
  }

  clear(): void {
    this.pulls.clear();
  }
}

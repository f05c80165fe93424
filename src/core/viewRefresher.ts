// How a command asks a view to reload after it changed something on the server (a new issue, a deleted deploy
// key), without importing the view's code or going through command strings: views register a refresh function
// under their name when they are created; refreshing a view that was never created does nothing.
import type * as vscode from 'vscode';

export type ViewName =
  | 'branches'
  | 'issues'
  | 'pullRequests'
  | 'releases'
  | 'ciJobs'
  | 'ciSettings'
  | 'deployKeys'
  | 'webhooks'
  | 'activity'
  | 'starred'
  | 'notifications'
  /** The unread count on the Gitea container (core/notificationBadge.ts): polled again at once. */
  | 'notificationBadge'
  /** The running stopwatch in the status bar (timeTracking/stopwatchStatus.ts): polled again at once. */
  | 'stopwatch'
  | 'changedFiles'
  /** The open issue and pull request pages (and what their cache holds): after a merge, a review, a review request. */
  | 'issuePages'
  /** The branch's status bar item (its pull request's state): after a merge, an update, a new pull request. */
  | 'branchStatus';

export class ViewRefresher {
  private readonly refreshers = new Map<ViewName, () => void>();
  private readonly followers = new Map<ViewName, Set<() => void>>();

  /** Called by a view when it is created; the returned disposable unregisters it. */
  register(name: ViewName, refresh: () => void): vscode.Disposable {
    this.refreshers.set(name, refresh);
    return { dispose: () => this.refreshers.get(name) === refresh && this.refreshers.delete(name) };
  }

  /** Reloads the named views' lists of the active repository. */
  refresh(...names: ViewName[]): void {
    for (const name of names) {
      this.refreshers.get(name)?.();
      for (const follow of this.followers.get(name) ?? []) follow();
    }
  }

  /** `listener` runs whenever the view `name` is refreshed, also before the view exists (what VS Code's git is told
   * of the branch protections follows the Branches view). */
  follow(name: ViewName, listener: () => void): vscode.Disposable {
    const set = this.followers.get(name) ?? new Set();
    set.add(listener);
    this.followers.set(name, set);
    return { dispose: () => void set.delete(listener) };
  }
}

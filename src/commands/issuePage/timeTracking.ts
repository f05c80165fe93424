// The issue page's time tracking (where the repository tracks time): the stopwatch buttons Gitea's page has (Start,
// or Stop and Cancel while the user's stopwatch runs on this issue), Add Time… and the tracked times with their
// authors, the user's own deletable (asked first). Read after the page painted, like the reactions. The buttons run
// the time-tracking commands by id (timeTracking/commands.ts), which reload the open pages when done.
import * as vscode from 'vscode';
import type { Issue, Repository, TrackedTime } from '../../api';
import { COMMAND } from '../../core/commandIds';
import { messageOf } from '../../core/errors';
import { recentRepositories } from '../../core/recentRepositories';
import type { Target } from '../../core/target';
import { formatTracked } from '../../shared/duration';
import type { PageOutbound, PageRef, PageTimesState, TimeAction } from './messages';

/** More entries than this are not listed (the total still counts those read). */
const MAX_ENTRIES = 500;

const COMMAND_OF: Record<TimeAction, string> = {
  start: COMMAND.startStopwatch,
  stop: COMMAND.stopStopwatch,
  cancel: COMMAND.cancelStopwatch,
  addTime: COMMAND.addTime,
};

/** What the section showed: kept with the page's cache, so that a page opened again shows it without asking. */
export interface PageTimesRead {
  readonly state: PageTimesState;
  readonly times: readonly TrackedTime[];
}

/** Who the issue is about: its author and assignees may track time on it where only contributors may otherwise. */
export type IssuePeople = Pick<Issue, 'user' | 'assignees'>;

/**
 * Gitea's CanUseTimetracker (services/context/repo.go): the tracker is on, and anyone may track, or the user writes
 * to the repository (`permissions.push`, the API's nearest to "writes issues"), is an admin of it, the issue's author
 * or an assignee. Without the issue (a page restored from its cache keeps its earlier answer) only the first two count.
 */
export function canTrack(repo: Repository, issue: IssuePeople | undefined, me: string): boolean {
  if (repo.internal_tracker?.enable_time_tracker !== true) return false;
  if (repo.internal_tracker.allow_only_contributors_to_track_time === false || writes(repo)) return true;
  const isMe = (login: string | undefined) => !!login && login.toLowerCase() === me.toLowerCase();
  return isMe(issue?.user?.login) || (issue?.assignees ?? []).some((a) => isMe(a.login));
}

/** The stopwatch's API also asks for write access to the issues (routers/api/v1/repo/issue_stopwatch.go). */
export function canStopwatch(repo: Repository, issue: IssuePeople | undefined, me: string): boolean {
  return writes(repo) && canTrack(repo, issue, me);
}

/** Write access to the repository: the API's nearest to Gitea's CanWriteIssuesOrPulls (a team that writes only the
 * issues unit has `push: false`; the server's refusal then says the rest). */
function writes(repo: Repository): boolean {
  return repo.permissions?.push === true || repo.permissions?.admin === true;
}

export class PageTimes {
  private times: readonly TrackedTime[] = [];
  private read: PageTimesRead | undefined;
  private reading: Promise<PageTimesRead> | undefined;

  constructor(
    private readonly ref: PageRef,
    private readonly log: vscode.LogOutputChannel,
    private readonly post: (m: PageOutbound) => void,
  ) {}

  private get params(): { owner: string; repo: string; index: number } {
    return { owner: this.ref.owner, repo: this.ref.repo, index: this.ref.number };
  }

  /** Resolves when no read is under way. */
  settled(): Promise<unknown> {
    return this.reading ?? Promise.resolve();
  }

  /** What was last read (undefined before the first read). */
  get shown(): PageTimesRead | undefined {
    return this.read;
  }

  /** Shows what was read already (this page's, or `cached` from the page's cache) without asking; else reads it. */
  show(target: Target, cached?: PageTimesRead): void {
    if (!this.read && cached) this.remember(cached);
    if (this.read) this.post({ type: 'times', times: this.read.state });
    else void this.load(target);
  }

  /**
   * Reads and sends the section; a failure leaves it out (the rest of the page does not depend on it). `repository`:
   * the page's own read of the repository (whether it tracks time), so that the times are asked in the next round
   * trip, not after a read of their own. A read under way is shared, not repeated.
   */
  load(target: Target, signal?: AbortSignal, repository?: Promise<Repository>, issue?: IssuePeople): Promise<PageTimesRead> {
    this.reading ??= this.readSection(target, signal, repository, issue).finally(() => (this.reading = undefined));
    return this.reading;
  }

  private remember(read: PageTimesRead): void {
    this.read = read;
    this.times = read.times;
  }

  private async readSection(target: Target, signal?: AbortSignal, repository?: Promise<Repository>, issue?: IssuePeople): Promise<PageTimesRead> {
    let read: PageTimesRead = { state: { enabled: false }, times: [] };
    try {
      const repo = await (repository ?? recentRepositories.read(target, { owner: this.ref.owner, repo: this.ref.repo }, signal));
      if (repo.internal_tracker?.enable_time_tracker === true) {
        const [times, stopwatches] = await Promise.all([
          target.client.issueTrackedTimes(this.params, { signal }),
          target.client.userGetStopWatches({}, { signal }),
        ]);
        const same = (s: string, t: string) => s.toLowerCase() === t.toLowerCase();
        const kept = times.items.slice(0, MAX_ENTRIES);
        const me = target.account.username;
        read = {
          times: kept,
          state: {
            enabled: true,
            canTrack: canTrack(repo, issue, me),
            canStopwatch: canStopwatch(repo, issue, me),
            running: stopwatches.items.some((s) => s.issue_index === this.ref.number && same(s.repo_owner_name, this.ref.owner) && same(s.repo_name, this.ref.repo)),
            total: formatTracked(kept.reduce((sum, t) => sum + t.time, 0)),
            entries: kept.map((t) => ({ id: t.id, user: t.user_name ?? '', time: formatTracked(t.time), created: t.created ?? '', mine: !!t.user_name && same(t.user_name, me) })),
          },
        };
      }
    } catch (e) {
      if (signal?.aborted) return read;
      this.log.info(`Issue page ${this.ref.owner}/${this.ref.repo}#${this.ref.number}: no tracked times (${messageOf(e)})`);
    }
    if (!signal?.aborted) {
      this.remember(read);
      this.post({ type: 'times', times: read.state });
    }
    return read;
  }

  /** A stopwatch button or Add Time…: the command of that name, for this issue. */
  run(action: TimeAction): Thenable<unknown> {
    const { instanceUrl, owner, repo, number, accountId } = this.ref;
    return vscode.commands.executeCommand(COMMAND_OF[action], { repo: { instanceUrl, owner, repo, accountId }, number });
  }

  /** Deletes one of the user's entries after asking; false when not deleted. */
  async delete(target: Target, id: number): Promise<boolean> {
    const entry = this.times.find((t) => t.id === id);
    if (!entry) return false;
    const remove = vscode.l10n.t('Delete');
    const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Delete the tracked time {0}?', formatTracked(entry.time)), { modal: true }, remove);
    if (answer !== remove) return false;
    await target.client.issueDeleteTime({ ...this.params, id });
    return true;
  }
}

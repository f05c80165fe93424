// The issue page's time tracking (where the repository tracks time): the stopwatch buttons Gitea's page has (Start,
// or Stop and Cancel while the user's stopwatch runs on this issue), Add Time… and the tracked times with their
// authors, the user's own deletable (asked first). Read after the page painted, like the reactions. The buttons run
// the time-tracking commands by id (timeTracking/commands.ts), which reload the open pages when done.
import * as vscode from 'vscode';
import type { TrackedTime } from '../../api';
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

export class PageTimes {
  private times: readonly TrackedTime[] = [];

  constructor(
    private readonly ref: PageRef,
    private readonly log: vscode.LogOutputChannel,
    private readonly post: (m: PageOutbound) => void,
  ) {}

  private get params(): { owner: string; repo: string; index: number } {
    return { owner: this.ref.owner, repo: this.ref.repo, index: this.ref.number };
  }

  /** Reads and sends the section; a failure leaves it out (the rest of the page does not depend on it). */
  async load(target: Target, signal?: AbortSignal): Promise<PageTimesState> {
    let state: PageTimesState = { enabled: false };
    try {
      const repo = await recentRepositories.read(target, { owner: this.ref.owner, repo: this.ref.repo }, signal);
      if (repo.internal_tracker?.enable_time_tracker === true) {
        const [times, stopwatches] = await Promise.all([
          target.client.issueTrackedTimes(this.params, { signal }),
          target.client.userGetStopWatches({}, { signal }),
        ]);
        const same = (s: string, t: string) => s.toLowerCase() === t.toLowerCase();
        this.times = times.items.slice(0, MAX_ENTRIES);
        const me = target.account.username;
        state = {
          enabled: true,
          running: stopwatches.items.some((s) => s.issue_index === this.ref.number && same(s.repo_owner_name, this.ref.owner) && same(s.repo_name, this.ref.repo)),
          total: formatTracked(this.times.reduce((sum, t) => sum + t.time, 0)),
          entries: this.times.map((t) => ({ id: t.id, user: t.user_name ?? '', time: formatTracked(t.time), created: t.created ?? '', mine: !!t.user_name && same(t.user_name, me) })),
        };
      }
    } catch (e) {
      if (signal?.aborted) return state;
      this.log.info(`Issue page ${this.ref.owner}/${this.ref.repo}#${this.ref.number}: no tracked times (${messageOf(e)})`);
    }
    if (!signal?.aborted) this.post({ type: 'times', times: state });
    return state;
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

// The running stopwatch in the status bar: `$(watch) 0:12:05 #12 title`, registered at activation so that it shows
// after a reload and whatever another window started. It reads `/user/stopwatches` of every account with the rules
// every account poll shares (core/accountPoll.ts: the poll interval, focus only, backoff, no account that needs to
// sign in again); between polls the elapsed time ticks locally. A click runs the stopwatch's menu (Stop, Cancel, Open
// Issue: `gitea.stopwatchMenu`, with the workbench). `services.views.refresh('stopwatch')` polls at once.
import * as vscode from 'vscode';
import type { StopWatch } from '../api';
import { COMMAND, STOPWATCH_RUNNING_CONTEXT } from '../core/commandIds';
import { perAccount, registerAccountPoll } from '../core/accountPoll';
import type { Services } from '../core/services';
import { formatElapsed } from '../shared/duration';
import { inertText } from '../shared/untrustedText';

/** The most of an issue title the item shows (the tooltip has it whole, up to Gitea's 255). */
export const STATUS_TITLE_CHARS = 40;
const TOOLTIP_TITLE_CHARS = 255;

/** Hidden (not in package.json): what the item shows, for the in-host tests. */
export const STOPWATCH_STATUS_HOOK = 'gitea.stopwatch.status';

/** A running stopwatch as the status item and its menu know it. */
export interface RunningStopwatch {
  readonly repo: { readonly instanceUrl: string; readonly owner: string; readonly repo: string; readonly accountId: string };
  readonly number: number;
  readonly title: string;
  /** Elapsed seconds when the server answered, and when that was (this clock). */
  readonly seconds: number;
  readonly at: number;
}

export function capTitle(title: string, max: number): string {
  const t = title.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function running(accountId: string, instanceUrl: string, sw: StopWatch, at: number): RunningStopwatch {
  return {
    repo: { instanceUrl, owner: sw.repo_owner_name, repo: sw.repo_name, accountId }, number: sw.issue_index,
    title: sw.issue_title ?? '', seconds: sw.seconds ?? 0, at,
  };
}

export function registerStopwatchStatus(services: Services): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('gitea.stopwatch', vscode.StatusBarAlignment.Left, 9);
  item.name = vscode.l10n.t('Gitea Stopwatch');
  let shown: RunningStopwatch | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const render = (): void => {
    if (!shown) return;
    const elapsed = shown.seconds + Math.floor((Date.now() - shown.at) / 1000);
    item.text = `$(watch) ${formatElapsed(elapsed)} #${shown.number} ${inertText(capTitle(shown.title, STATUS_TITLE_CHARS))}`;
  };
  const show = (all: readonly RunningStopwatch[] | undefined): void => {
    shown = all?.[0];
    void vscode.commands.executeCommand('setContext', STOPWATCH_RUNNING_CONTEXT, !!shown);
    if (!shown) {
      if (ticker) clearInterval(ticker);
      ticker = undefined;
      item.hide();
      return;
    }
    item.tooltip = inertText(vscode.l10n.t('Stopwatch running on {0}/{1}#{2} {3} — click to stop, cancel or open the issue', shown.repo.owner, shown.repo.repo, shown.number, capTitle(shown.title, TOOLTIP_TITLE_CHARS)));
    item.command = { command: COMMAND.stopwatchMenu, title: vscode.l10n.t('Stopwatch'), arguments: [{ ...shown }] };
    render();
    item.show();
    ticker ??= setInterval(render, 1000);
  };
  const poll = registerAccountPoll<RunningStopwatch[]>(services, {
    name: 'stopwatch',
    fetch: async (accounts, signal) => {
      const lists = await perAccount(accounts, async (a) => {
        const page = await (await services.accounts.getClient(a.id)).userGetStopWatches({}, { signal });
        const at = Date.now();
        return page.items.map((sw) => running(a.id, a.instanceUrl, sw, at));
      });
      return lists.flat();
    },
    show,
  });
  // The in-host tests read what the item shows (a status bar item has no API to read it back).
  const hook = vscode.commands.registerCommand(STOPWATCH_STATUS_HOOK, () => (shown && item.text ? { text: item.text, tooltip: item.tooltip, shown } : undefined));
  return vscode.Disposable.from(poll, item, hook, { dispose: () => ticker && clearInterval(ticker) });
}

// Start / Stop / Cancel Stopwatch and Add Time… on an issue (an Issues row, the issue page, the palette), and the
// stopwatch status item's menu. Each resolves to an outcome (the in-host tests and the issue page read it); a
// refusal is shown. After a change the status item polls at once and the open issue pages reload.
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import { COMMAND, TIME_TRACKING_CONTEXT } from '../core/commandIds';
import { messageOf, showFailure } from '../core/errors';
import { RECENT_REPOSITORY_MAX_AGE_MS, recentRepositories } from '../core/recentRepositories';
import type { Services } from '../core/services';
import { resolveTarget, type Target } from '../core/target';
import { targetOrSignIn } from '../core/targetOrSignIn';
import { MAX_DURATION_INPUT_CHARS, parseDuration, type ParsedDuration } from '../shared/duration';
import { inertText } from '../shared/untrustedText';
import { issueChoiceFrom, pickIssue, type IssueChoice } from './issueChoice';

export type TimeOutcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

type Action = 'start' | 'stop' | 'cancel' | 'addTime';

function actionTitle(action: Action): string {
  switch (action) {
    case 'start': return vscode.l10n.t('Start Stopwatch');
    case 'stop': return vscode.l10n.t('Stop Stopwatch');
    case 'cancel': return vscode.l10n.t('Cancel Stopwatch');
    case 'addTime': return vscode.l10n.t('Add Time');
  }
}

/** Whether the repository tracks time (Gitea's `internal_tracker.enable_time_tracker`; no tracker = no). */
export async function tracksTime(target: Target, owner: string, repo: string, signal?: AbortSignal): Promise<boolean> {
  const r = await recentRepositories.read(target, { owner, repo }, signal);
  return r.internal_tracker?.enable_time_tracker === true;
}

/** The problem of a typed duration, for the input box (undefined: fine). */
export function durationProblem(parsed: ParsedDuration): string | undefined {
  if (parsed.ok) return undefined;
  switch (parsed.problem) {
    case 'empty': return vscode.l10n.t('Type a duration, e.g. 1h 30m, 45m or 1:30.');
    case 'zero': return vscode.l10n.t('The duration must be more than zero.');
    case 'tooLong': return vscode.l10n.t('That is more than 1000 hours.');
    case 'format': return vscode.l10n.t('Not a duration: type hours and minutes, e.g. 1h 30m, 45m or 1:30.');
  }
}

/** Asks for the time to add; a refused value stays in the box with its problem shown. */
async function askDuration(issue: string, value = ''): Promise<number | undefined> {
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add Time to {0}', issue),
    prompt: vscode.l10n.t('Hours and minutes spent, e.g. 1h 30m, 45m or 1:30'),
    value,
    ignoreFocusOut: true,
    validateInput: (text) => durationProblem(parseDuration(text)),
  });
  if (typed === undefined) return undefined;
  const parsed = parseDuration(typed);
  return parsed.ok ? parsed.seconds : undefined;
}

async function run(services: Services, action: Action, arg: unknown): Promise<TimeOutcome> {
  let choice = issueChoiceFrom(arg, services.repos.active);
  const target = await targetOrSignIn(services, choice?.repo ?? undefined);
  if (!target) return { ok: false, message: 'not signed in' };
  choice ??= (await defaultChoice(services, target, action)) ?? undefined;
  if (!choice) return { ok: false, message: 'cancelled' };
  const owner = choice.repo?.owner ?? target.repo.owner;
  const repo = choice.repo?.repo ?? target.repo.repo;
  const params = { owner, repo, index: choice.number };
  const issue = `${owner}/${repo}#${choice.number}`;
  try {
    if (!(await tracksTime(target, owner, repo))) {
      const message = vscode.l10n.t('{0}/{1} does not track time.', owner, repo);
      void vscode.window.showInformationMessage(inertText(message));
      return { ok: false, message };
    }
    switch (action) {
      case 'start':
        await target.client.issueStartStopWatch(params);
        break;
      case 'stop':
        await target.client.issueStopStopWatch(params);
        break;
      case 'cancel':
        await target.client.issueDeleteStopWatch(params);
        break;
      case 'addTime': {
        const given = typeof (arg as { duration?: unknown } | undefined)?.duration === 'string' ? parseDuration((arg as { duration: string }).duration.slice(0, MAX_DURATION_INPUT_CHARS)) : undefined;
        if (given && !given.ok) return { ok: false, message: durationProblem(given) ?? '' };
        const seconds = given?.ok ? given.seconds : await askDuration(issue);
        if (seconds === undefined) return { ok: false, message: 'cancelled' };
        await target.client.issueAddTime({ ...params, body: { time: seconds } });
        break;
      }
    }
  } catch (e) {
    if (isGiteaError(e) && e.status === 403) {
      // Gitea's API: the stopwatch needs write access to the issues; adding time (where only contributors track
      // time) also the issue's author and assignees.
      const message = action === 'addTime'
        ? vscode.l10n.t('{0} on {1}: only contributors, the issue\'s author and its assignees may add time here.', actionTitle(action), issue)
        : vscode.l10n.t('{0} on {1}: the stopwatch is for those who may write to the issues of {2}/{3}.', actionTitle(action), issue, owner, repo);
      void vscode.window.showWarningMessage(inertText(message));
      return { ok: false, message };
    }
    showFailure(services, vscode.l10n.t('{0} on {1}', actionTitle(action), issue), e);
    return { ok: false, message: messageOf(e) };
  }
  services.views.refresh('stopwatch');
  services.views.refresh('issuePages');
  return { ok: true };
}

/** No issue named: Stop and Cancel act on the running stopwatch of the account; the others ask. */
async function defaultChoice(services: Services, target: Target, action: Action): Promise<IssueChoice | undefined> {
  if (action === 'stop' || action === 'cancel') {
    try {
      const sw = (await target.client.userGetStopWatches({})).items[0];
      if (sw) return { repo: { ...target.repo, owner: sw.repo_owner_name, repo: sw.repo_name, rootUri: undefined, remoteName: undefined }, number: sw.issue_index };
    } catch (e) {
      showFailure(services, vscode.l10n.t('Could not read the running stopwatch'), e);
      return undefined;
    }
    void vscode.window.showInformationMessage(vscode.l10n.t('No stopwatch is running.'));
    return undefined;
  }
  return pickIssue(target, vscode.l10n.t('{0}: which issue of {1}/{2}?', actionTitle(action), target.repo.owner, target.repo.repo));
}

interface MenuItem extends vscode.QuickPickItem {
  readonly run: () => Thenable<unknown>;
}

/** The status item's click: Stop, Cancel or Open Issue for the stopwatch it shows. */
async function menu(services: Services, arg: unknown): Promise<TimeOutcome> {
  const choice = issueChoiceFrom(arg, services.repos.active);
  if (!choice?.repo) return { ok: false, message: 'no stopwatch' };
  const title = typeof (arg as { title?: unknown }).title === 'string' ? (arg as { title: string }).title : '';
  const issueArg = { repo: choice.repo, number: choice.number };
  const items: MenuItem[] = [
    { label: `$(debug-stop) ${vscode.l10n.t('Stop Stopwatch')}`, description: vscode.l10n.t('track the time'), run: () => vscode.commands.executeCommand(COMMAND.stopStopwatch, issueArg) },
    { label: `$(close) ${vscode.l10n.t('Cancel Stopwatch')}`, description: vscode.l10n.t('discard the time'), run: () => vscode.commands.executeCommand(COMMAND.cancelStopwatch, issueArg) },
    { label: `$(issues) ${vscode.l10n.t('Open Issue')}`, run: () => vscode.commands.executeCommand(COMMAND.openIssue, { ...issueArg, title }) },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: inertText(`${choice.repo.owner}/${choice.repo.repo}#${choice.number} ${title.slice(0, 255)}`),
  });
  if (!picked) return { ok: false, message: 'cancelled' };
  await picked.run();
  return { ok: true };
}

/** How long the context key waits for the views' read of the active repository before reading it itself. */
const VIEWS_READ_WAIT_MS = 3000;

/** Keeps the TIME_TRACKING_CONTEXT key on the active repository (menus and the palette offer the commands by it). */
function followActiveRepository(services: Services): vscode.Disposable {
  let generation = 0;
  const update = async (): Promise<void> => {
    const mine = ++generation;
    const resolution = await resolveTarget(services);
    let on = false;
    if (resolution.kind === 'ready') {
      const { target } = resolution;
      try {
        // The views read the same repository as they fill: the key takes their answer (one request, and none on
        // the sidebar's path); it asks on its own only when no view read it within a few seconds (sidebar hidden).
        const { owner, repo } = target.repo;
        const r = recentRepositories.recent(target.account.id, owner, repo)
          ?? (await recentRepositories.nextRead(target.account.id, owner, repo, VIEWS_READ_WAIT_MS))
          ?? (await recentRepositories.readShared(target, target.repo, RECENT_REPOSITORY_MAX_AGE_MS));
        on = r.internal_tracker?.enable_time_tracker === true;
      } catch (e) {
        services.log.info(`Time tracking: could not read ${target.repo.owner}/${target.repo.repo} (${messageOf(e)})`);
      }
    }
    if (mine === generation) void vscode.commands.executeCommand('setContext', TIME_TRACKING_CONTEXT, on);
  };
  void update();
  return vscode.Disposable.from(services.repos.onDidChangeActive(() => void update()), services.accounts.onDidChangeAccounts(() => void update()));
}

export function registerTimeTracking(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMAND.startStopwatch, (arg?: unknown) => run(services, 'start', arg)),
    vscode.commands.registerCommand(COMMAND.stopStopwatch, (arg?: unknown) => run(services, 'stop', arg)),
    vscode.commands.registerCommand(COMMAND.cancelStopwatch, (arg?: unknown) => run(services, 'cancel', arg)),
    vscode.commands.registerCommand(COMMAND.addTime, (arg?: unknown) => run(services, 'addTime', arg)),
    vscode.commands.registerCommand(COMMAND.stopwatchMenu, (arg?: unknown) => menu(services, arg)),
    followActiveRepository(services),
  );
}

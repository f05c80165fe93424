// What every account poll of the window shares (the unread badge, the running stopwatch): the accounts asked are
// the signed-in ones that need no sign-in again; the interval is `gitea.notifications.pollInterval` (at least
// MIN_POLL_SECONDS, 0 = off, also off with no account to ask); polls run only while the window has the focus, back
// off after failures (shared/polling.ts) and run at once when the accounts change or on
// `services.views.refresh(name)`.
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import type { Account } from '../shared/account';
import { messageOf } from '../shared/errors';
import { Poller } from '../shared/polling';
import type { Services } from './services';
import type { ViewName } from './viewRefresher';

export const POLL_INTERVAL_SETTING = 'gitea.notifications.pollInterval';
/** Below this many seconds the setting counts as this (a server is not asked more often). */
export const MIN_POLL_SECONDS = 15;

export function pollIntervalMs(): number {
  const seconds = vscode.workspace.getConfiguration().get<number>(POLL_INTERVAL_SETTING, 60);
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(MIN_POLL_SECONDS, seconds) * 1000;
}

/** The accounts the polls ask: every signed-in account but those waiting to sign in again. */
export function polledAccounts(services: Services): readonly Account[] {
  return services.accounts.accounts.filter((a) => !services.accounts.needsSignIn(a.id));
}

export interface AccountPollOptions<T> {
  /** The refresher's name (`services.views.refresh(name)` polls at once) and the log's label. */
  readonly name: ViewName;
  /** One poll of the accounts (rejects only when the poll failed as a whole: the poller then backs off). */
  fetch(accounts: readonly Account[], signal: AbortSignal): Promise<T>;
  /** The value to show; undefined when polling is off. */
  show(value: T | undefined): void;
}

export function registerAccountPoll<T>(services: Services, options: AccountPollOptions<T>): vscode.Disposable {
  const poller = new Poller<T>({
    fetch: (signal) => options.fetch(polledAccounts(services), signal),
    show: (value) => options.show(value),
    onError: (e) => {
      if (isGiteaError(e) && e.kind === 'cancelled') return;
      services.log.warn(`${options.name}: ${messageOf(e)}`);
    },
  });
  const interval = (): number => (polledAccounts(services).length ? pollIntervalMs() : 0);
  // Started right after activation: its first read of a setting costs VS Code's merge of every extension's defaults.
  const start = setImmediate(() => {
    poller.configure(interval());
    poller.setFocused(vscode.window.state.focused);
  });
  return vscode.Disposable.from(
    { dispose: () => clearImmediate(start) },
    { dispose: () => poller.dispose() },
    vscode.window.onDidChangeWindowState((state) => poller.setFocused(state.focused)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(POLL_INTERVAL_SETTING)) poller.configure(interval());
    }),
    services.accounts.onDidChangeAccounts(() => {
      poller.configure(interval());
      void poller.pollNow();
    }),
    services.views.register(options.name, () => void poller.pollNow()),
  );
}

/** Runs `each` for every account; rejects only when every account failed (with the first failure). */
export async function perAccount<R>(accounts: readonly Account[], each: (account: Account) => Promise<R>): Promise<R[]> {
  const results = await Promise.allSettled(accounts.map(each));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed && results.every((r) => r.status === 'rejected')) throw failed.reason instanceof Error ? failed.reason : new Error(messageOf(failed.reason));
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}

// The unread count as a badge on the Gitea container (the Notifications view's TreeView.badge, which VS Code also
// shows on the activity bar icon). Registered at activation so it shows before any Gitea view is opened: one
// notifyNewAvailable per signed-in account per `gitea.notifications.pollInterval` seconds, only while the window
// has the focus (shared/notificationPolling.ts: backoff after failures, nothing while unfocused, 0 = off).
// `services.views.refresh('notificationBadge')` polls at once (after the user changed a thread). An account whose
// token the server refused is not asked until it signs in again; with no other account the badge goes away.
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import { messageOf } from '../shared/errors';
import { UnreadPoller } from '../shared/notificationPolling';
import type { Services } from './services';

export const POLL_INTERVAL_SETTING = 'gitea.notifications.pollInterval';
/** Below this many seconds the setting counts as this (a server is not asked more often). */
export const MIN_POLL_SECONDS = 15;

export function pollIntervalMs(): number {
  const seconds = vscode.workspace.getConfiguration().get<number>(POLL_INTERVAL_SETTING, 60);
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(MIN_POLL_SECONDS, seconds) * 1000;
}

/** Sums the accounts' unread counts; rejects only when every account failed (the poller then backs off). */
async function unreadCount(services: Services, signal: AbortSignal): Promise<number> {
  const accounts = polled(services);
  const results = await Promise.allSettled(
    accounts.map(async (a) => (await (await services.accounts.getClient(a.id)).notifyNewAvailable({}, { signal })).new),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed && results.every((r) => r.status === 'rejected')) throw failed.reason instanceof Error ? failed.reason : new Error(messageOf(failed.reason));
  return results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
}

/** The accounts the badge asks: every signed-in account but those waiting to sign in again. */
function polled(services: Services): Services['accounts']['accounts'] {
  return services.accounts.accounts.filter((a) => !services.accounts.needsSignIn(a.id));
}

export function registerNotificationBadge(services: Services, view: () => vscode.TreeView<unknown> | undefined): vscode.Disposable {
  const poller = new UnreadPoller({
    fetchCount: (signal) => unreadCount(services, signal),
    show: (count) => {
      const v = view();
      if (v) v.badge = count ? { value: count, tooltip: vscode.l10n.t('{0} unread notifications', count) } : undefined;
    },
    onError: (e) => {
      if (isGiteaError(e) && e.kind === 'cancelled') return;
      services.log.warn(`Unread notifications: ${messageOf(e)}`);
    },
  });
  const interval = (): number => (polled(services).length ? pollIntervalMs() : 0);
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
    services.views.register('notificationBadge', () => void poller.pollNow()),
  );
}

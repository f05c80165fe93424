// The unread count as a badge on the Gitea container (the Notifications view's TreeView.badge, which VS Code also
// shows on the activity bar icon). Registered at activation so it shows before any Gitea view is opened: one
// notifyNewAvailable per signed-in account per `gitea.notifications.pollInterval` seconds, only while the window
// has the focus (shared/notificationPolling.ts: backoff after failures, nothing while unfocused, 0 = off).
// `services.views.refresh('notificationBadge')` polls at once (after the user changed a thread).
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
  const accounts = services.accounts.accounts;
  const results = await Promise.allSettled(
    accounts.map(async (a) => (await (await services.accounts.getClient(a.id)).notifyNewAvailable({}, { signal })).new),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed && results.every((r) => r.status === 'rejected')) throw failed.reason instanceof Error ? failed.reason : new Error(messageOf(failed.reason));
  return results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
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
  poller.configure(services.accounts.accounts.length ? pollIntervalMs() : 0);
  poller.setFocused(vscode.window.state.focused);
  return vscode.Disposable.from(
    { dispose: () => poller.dispose() },
    vscode.window.onDidChangeWindowState((state) => poller.setFocused(state.focused)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(POLL_INTERVAL_SETTING)) poller.configure(services.accounts.accounts.length ? pollIntervalMs() : 0);
    }),
    services.accounts.onDidChangeAccounts(() => {
      poller.configure(services.accounts.accounts.length ? pollIntervalMs() : 0);
      void poller.pollNow();
    }),
    services.views.register('notificationBadge', () => void poller.pollNow()),
  );
}

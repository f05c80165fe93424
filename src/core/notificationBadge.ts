// The unread count as a badge on the Gitea container (the Notifications view's TreeView.badge, which VS Code also
// shows on the activity bar icon). Registered at activation so it shows before any Gitea view is opened: one
// notifyNewAvailable per signed-in account per `gitea.notifications.pollInterval` seconds, with the rules every
// account poll shares (core/accountPoll.ts: focus only, backoff, accounts that need no sign-in again, 0 = off).
// `services.views.refresh('notificationBadge')` polls at once (after the user changed a thread).
import * as vscode from 'vscode';
import { perAccount, registerAccountPoll } from './accountPoll';
import type { Services } from './services';

export { MIN_POLL_SECONDS, POLL_INTERVAL_SETTING, pollIntervalMs } from './accountPoll';

export function registerNotificationBadge(services: Services, view: () => vscode.TreeView<unknown> | undefined): vscode.Disposable {
  return registerAccountPoll<number>(services, {
    name: 'notificationBadge',
    fetch: async (accounts, signal) => {
      // Sums the accounts' unread counts.
      const counts = await perAccount(accounts, async (a) => (await (await services.accounts.getClient(a.id)).notifyNewAvailable({}, { signal })).new);
      return counts.reduce((sum, n) => sum + n, 0);
    },
    show: (count) => {
      const v = view();
      if (v) v.badge = count ? { value: count, tooltip: vscode.l10n.t('{0} unread notifications', count) } : undefined;
    },
  });
}

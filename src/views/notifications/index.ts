// The Notifications view and its commands; the unread count on the Gitea container is core/notificationBadge.ts
// (registered at activation, so it shows before the view is opened).
import * as vscode from 'vscode';
import type { Services } from '../../core/services';
import { registerNotificationCommands } from './notificationCommands';
import { NotificationsProvider } from './notificationsView';

export { NotificationsProvider, NOTIFICATIONS_VIEW } from './notificationsView';

export function registerNotificationsView(services: Services): NotificationsProvider {
  const provider = new NotificationsProvider(services);
  provider.createTreeView();
  services.context.subscriptions.push(
    provider,
    services.views.register('notifications', () => provider.refresh()),
    ...registerNotificationCommands(services, provider),
    // Not in the palette: how the in-host tests reach the provider.
    vscode.commands.registerCommand('gitea.notifications.provider', () => provider),
  );
  return provider;
}

// Webhooks (repoListHooks) of the active repository: target URL, type, events, active state. Listing needs
// repository admin rights (403 otherwise, explained in the view's error item). The server never returns a hook's
// authorization header, so none is shown.
import * as vscode from 'vscode';
import type { Hook } from '../api';
import { isGiteaError } from '../api/errorKind';
import { explainListError } from '../shared/explainError';
import { hookTarget } from '../shared/webhooks';
import type { Services } from '../core/services';
import { appendField, escapeMarkdown, formatDate, relativeDate, tooltip } from './format';
import { PagedTreeProvider } from './pagedTree';
import { repoWebUrl, type ViewScope } from './scope';
import { contextValue, leaf, type NodeChildren, type TreeNode } from './treeNode';

export const WEBHOOKS_VIEW = 'gitea.webhooks';

const t = vscode.l10n.t;

export class WebhooksProvider extends PagedTreeProvider {
  constructor(services: Services) {
    super(services, WEBHOOKS_VIEW);
  }

  protected rootChildren(scope: ViewScope): NodeChildren {
    const name = `${scope.repo.owner}/${scope.repo.repo}`;
    return {
      list: {
        key: 'hooks',
        fetch: async (page, signal) => {
          try {
            return await scope.client.repoListHooks({ ...scope.params, page }, { signal });
          } catch (e) {
            // The client's sentence, with the cause the server does not spell out (admins only).
            throw isGiteaError(e) && e.kind !== 'cancelled' ? new Error(explainListError('repoListHooks', e, { target: name }, t)) : e;
          }
        },
        render: (h: Hook) => hookNode(scope, h),
        identity: (h: Hook) => h.id,
        emptyLabel: t('No webhooks in {0}', name),
      },
    };
  }
}

function hookNode(scope: ViewScope, h: Hook): TreeNode {
  const active = h.active === true;
  const icon = active
    ? new vscode.ThemeIcon('plug', new vscode.ThemeColor('charts.green'))
    : new vscode.ThemeIcon('debug-disconnect', new vscode.ThemeColor('disabledForeground'));
  const events = h.events.length === 1 ? h.events[0]! : t('{0} events', h.events.length);
  return leaf(hookTarget(h), icon, {
    description: [h.type, active ? t('active') : t('inactive'), events].join(' · '),
    context: contextValue('webhook', active ? 'active' : 'inactive'),
    url: `${repoWebUrl(scope)}/settings/hooks/${h.id}`,
    data: h,
    tooltip: () => {
      const md = tooltip();
      md.appendMarkdown(`$(plug) **${escapeMarkdown(hookTarget(h))}**\n\n`);
      appendField(md, t('Type'), h.type);
      appendField(md, t('Name'), h.name);
      appendField(md, t('State'), active ? t('active') : t('inactive'));
      appendField(md, t('Content type'), h.config.content_type);
      appendField(md, t('Events'), h.events.join(', ') || t('none'));
      appendField(md, t('Branch filter'), h.branch_filter || '*');
      appendField(md, t('Created'), formatDate(h.created_at));
      appendField(md, t('Updated'), h.updated_at ? `${formatDate(h.updated_at)} (${relativeDate(h.updated_at)})` : undefined);
      appendField(md, t('ID'), h.id);
      return md;
    },
  });
}

/** Creates the view and its commands (title actions in package.json); disposed with the extension. */
export function registerWebhooksView(services: Services): WebhooksProvider {
  const provider = new WebhooksProvider(services);
  provider.createTreeView();
  services.context.subscriptions.push(
    provider,
    vscode.commands.registerCommand('gitea.webhooks.refresh', () => provider.refresh()),
    services.views.register('webhooks', () => provider.refresh()),
    // Not in the palette: how the in-host tests reach the provider.
    vscode.commands.registerCommand('gitea.webhooks.provider', () => provider),
  );
  return provider;
}

// Deploy Keys (repoListKeys): title, fingerprint, read-only flag, created date. Listing needs repository admin
// rights; a 403 shows as the view's error item. Adding and removing keys are commands of the editor workflows.
import * as vscode from 'vscode';
import type { DeployKey } from '../api';
import type { Services } from '../core/services';
import { appendField, escapeMarkdown, formatDate, relativeDate, tooltip } from './format';
import { PagedTreeProvider } from './pagedTree';
import type { ViewScope } from './scope';
import { contextValue, leaf, type NodeChildren } from './treeNode';

export const DEPLOY_KEYS_VIEW = 'gitea.deployKeys';

export class DeployKeysProvider extends PagedTreeProvider {
  constructor(services: Services) {
    super(services, DEPLOY_KEYS_VIEW);
  }

  /** Shows a key that a command added or removed. */
  reload(): void {
    this.refresh();
  }

  protected rootChildren(scope: ViewScope): NodeChildren {
    return {
      list: {
        key: 'keys',
        fetch: (page, signal) => scope.client.repoListKeys({ ...scope.params, page }, { signal }),
        render: (k: DeployKey, now: number) =>
          leaf(k.title, new vscode.ThemeIcon('key', new vscode.ThemeColor(k.read_only === false ? 'charts.orange' : 'charts.blue')), {
            description: [
              k.read_only === false ? vscode.l10n.t('read-write') : vscode.l10n.t('read-only'),
              k.fingerprint,
              relativeDate(k.created_at, now),
            ]
              .filter(Boolean)
              .join(' · '),
            context: contextValue('deployKey', k.read_only === false ? 'readWrite' : 'readOnly'),
            data: k,
            tooltip: () => {
              const md = tooltip();
              md.appendMarkdown(`$(key) **${escapeMarkdown(k.title)}**\n\n`);
              appendField(md, vscode.l10n.t('Fingerprint'), k.fingerprint);
              appendField(md, vscode.l10n.t('Access'), k.read_only === false ? vscode.l10n.t('read and write') : vscode.l10n.t('read only'));
              appendField(md, vscode.l10n.t('Created'), formatDate(k.created_at));
              appendField(md, vscode.l10n.t('Key ID'), k.key_id ?? k.id);
              return md;
            },
          }),
        identity: (k: DeployKey) => k.id,
        emptyLabel: vscode.l10n.t('No deploy keys'),
      },
    };
  }
}

// CI Settings: the Actions secrets (names only: the server never returns a value), variables and runners of the
// active repository, and of its organization when the account owns it (one request tells: the organization's
// secrets answer 200 to its owners, 403 to other members, 404 when the owner is a user). Gitea lets only the
// repository's owner, its organization's owners and site admins read these: anyone else sees the sentence why.
import * as vscode from 'vscode';
import type { ActionRunner, ActionSecret, ActionVariable } from '../../api';
import type { Services } from '../../core/services';
import { appendField, escapeMarkdown, formatDate, relativeDate, tooltip } from '../format';
import { PagedTreeProvider } from '../pagedTree';
import type { ViewScope } from '../scope';
import { contextValue, leaf, messageNode, type ListSpec, type NodeChildren, type TreeNode } from '../treeNode';
import { ownerKey, ownerLabel, refusalSentence, settingsApi, type SettingsOwner, type SettingsPart } from './settingsOwner';

export const CI_SETTINGS_VIEW = 'gitea.ciSettings';

const t = vscode.l10n.t;

/** The data of a settings node: what its commands need. */
export type SettingsData =
  | { readonly kind: 'ciSettingsGroup'; readonly part: SettingsPart; readonly owner: SettingsOwner }
  | { readonly kind: 'ciSecret'; readonly owner: SettingsOwner; readonly secret: ActionSecret }
  | { readonly kind: 'ciVariable'; readonly owner: SettingsOwner; readonly variable: ActionVariable }
  | { readonly kind: 'ciRunner'; readonly owner: SettingsOwner; readonly runner: ActionRunner };

export class CiSettingsProvider extends PagedTreeProvider {
  /** Scope key → whether the account owns the repository's organization (absent: not asked yet). */
  private readonly orgOwned = new Map<string, boolean>();

  constructor(services: Services) {
    super(services, CI_SETTINGS_VIEW);
  }

  override refresh(): void {
    if (this.currentScope) this.orgOwned.delete(this.currentScope.key);
    super.refresh();
  }

  /** Reloads one owner's list of a part after a command changed it. */
  reloadPart(owner: SettingsOwner, part: SettingsPart): void {
    this.invalidate((key) => key === listKey(owner, part));
  }

  protected rootChildren(scope: ViewScope): NodeChildren {
    const repo: SettingsOwner = { kind: 'repo', ...scope.params };
    const fixed = groupNodes(scope, repo);
    const owned = this.orgOwned.get(scope.key);
    if (owned === undefined) void this.askOrgOwnership(scope);
    else if (owned) {
      const org: SettingsOwner = { kind: 'org', org: scope.repo.owner };
      const node = leaf(t('Organization {0}', scope.repo.owner), new vscode.ThemeIcon('organization'), {
        description: t('shared by its repositories'),
        context: 'ciSettingsOrg',
        children: () => ({ fixed: groupNodes(scope, org) }),
      });
      node.item.id = `${scope.key}/ciSettings/org`;
      fixed.push(node);
    }
    return { fixed };
  }

  private async askOrgOwnership(scope: ViewScope): Promise<void> {
    let owned = false;
    try {
      await scope.client.orgListActionsSecrets({ org: scope.repo.owner, limit: 1 });
      owned = true;
    } catch (e) {
      // expected: 404 (the owner is a user, or no such API) or 403 (not an owner of the organization): no group.
      this.services.log.debug(`[${CI_SETTINGS_VIEW}] ${scope.repo.owner}'s settings not shown: ${String((e as Error)?.message ?? e)}`);
    }
    this.orgOwned.set(scope.key, owned);
    if (owned && this.currentScope?.key === scope.key) this.rebuildRoot();
  }
}

function listKey(owner: SettingsOwner, part: SettingsPart): string {
  return `${ownerKey(owner)}:${part}`;
}

function groupNodes(scope: ViewScope, owner: SettingsOwner): TreeNode[] {
  const group = (part: SettingsPart, label: string, icon: string, list: () => NodeChildren['list']) => {
    const node = leaf(label, new vscode.ThemeIcon(icon), {
      context: contextValue('ciSettingsGroup', part),
      data: { kind: 'ciSettingsGroup', part, owner } satisfies SettingsData,
      children: () => ({ list: list() }),
    });
    node.item.id = `${scope.key}/ciSettings/${listKey(owner, part)}`;
    return node;
  };
  return [
    group('secrets', t('Secrets'), 'lock', () => secretList(scope, owner)),
    group('variables', t('Variables'), 'symbol-variable', () => variableList(scope, owner)),
    group('runners', t('Runners'), 'server-environment', () => runnerList(scope, owner)),
  ];
}

function explain(owner: SettingsOwner, part: SettingsPart) {
  return (e: unknown): TreeNode | undefined => {
    const sentence = refusalSentence(e, owner, part);
    return sentence ? messageNode(sentence, 'lock', 'refused') : undefined;
  };
}

function secretList(scope: ViewScope, owner: SettingsOwner): ListSpec<ActionSecret> {
  const api = settingsApi(scope.client, owner);
  return {
    key: listKey(owner, 'secrets'),
    fetch: (page, signal) => api.listSecrets(page, { signal }),
    render: (secret, now) =>
      leaf(secret.name, new vscode.ThemeIcon('key'), {
        description: [secret.description, secret.created_at && t('added {0}', relativeDate(secret.created_at, now))].filter(Boolean).join(' · '),
        context: 'ciSecret',
        data: { kind: 'ciSecret', owner, secret } satisfies SettingsData,
        tooltip: () => {
          const md = tooltip();
          md.appendMarkdown(`$(key) **${escapeMarkdown(secret.name)}**\n\n`);
          appendField(md, t('Description'), secret.description);
          appendField(md, t('Added'), formatDate(secret.created_at));
          md.appendMarkdown(`\n\n${escapeMarkdown(t('The server never shows a secret\'s value: replace it to change it.'))}`);
          return md;
        },
      }),
    identity: (secret) => secret.name,
    emptyLabel: t('No secrets in {0}', ownerLabel(owner)),
    explainError: explain(owner, 'secrets'),
  };
}

function variableList(scope: ViewScope, owner: SettingsOwner): ListSpec<ActionVariable> {
  const api = settingsApi(scope.client, owner);
  return {
    key: listKey(owner, 'variables'),
    fetch: (page, signal) => api.listVariables(page, { signal }),
    render: (variable) =>
      leaf(variable.name, new vscode.ThemeIcon('symbol-variable'), {
        // One line: a value with line breaks shows its first line (the tooltip has it whole).
        description: (variable.data ?? '').split('\n')[0],
        context: 'ciVariable',
        data: { kind: 'ciVariable', owner, variable } satisfies SettingsData,
        tooltip: () => {
          const md = tooltip();
          md.appendMarkdown(`$(symbol-variable) **${escapeMarkdown(variable.name)}**\n\n`);
          md.appendCodeblock(variable.data ?? '', 'text');
          appendField(md, t('Description'), variable.description);
          return md;
        },
      }),
    identity: (variable) => variable.name,
    emptyLabel: t('No variables in {0}', ownerLabel(owner)),
    explainError: explain(owner, 'variables'),
  };
}

/** "online · busy · ubuntu-latest, docker" */
export function runnerDescription(runner: ActionRunner): string {
  const online = runner.status === 'online';
  return [
    online ? t('online') : t('offline'),
    online && (runner.busy ? t('busy') : t('idle')),
    runner.disabled && t('disabled'),
    runner.labels.map((l) => l.name).join(', '),
    runner.version,
  ]
    .filter(Boolean)
    .join(' · ');
}

function runnerList(scope: ViewScope, owner: SettingsOwner): ListSpec<ActionRunner> {
  const api = settingsApi(scope.client, owner);
  return {
    key: listKey(owner, 'runners'),
    fetch: (_page, signal) => api.listRunners({ signal }),
    render: (runner) => {
      const online = runner.status === 'online';
      const icon = online
        ? new vscode.ThemeIcon(runner.busy ? 'sync~spin' : 'vm-running', new vscode.ThemeColor(runner.busy ? 'charts.yellow' : 'testing.iconPassed'))
        : new vscode.ThemeIcon('vm-outline', new vscode.ThemeColor('disabledForeground'));
      return leaf(runner.name || t('Runner {0}', runner.id), icon, {
        description: runnerDescription(runner),
        context: contextValue('ciRunner', online ? 'online' : 'offline'),
        data: { kind: 'ciRunner', owner, runner } satisfies SettingsData,
        tooltip: () => {
          const md = tooltip();
          md.appendMarkdown(`$(server-environment) **${escapeMarkdown(runner.name ?? String(runner.id))}**\n\n`);
          appendField(md, t('Status'), online ? (runner.busy ? t('online, running a job') : t('online, idle')) : t('offline'));
          appendField(md, t('Labels'), runner.labels.map((l) => l.name).join(', ') || t('none'));
          appendField(md, t('Version'), runner.version);
          appendField(md, t('Disabled'), runner.disabled ? t('yes') : undefined);
          appendField(md, t('Ephemeral'), runner.ephemeral ? t('yes') : undefined);
          appendField(md, t('ID'), runner.id);
          return md;
        },
      });
    },
    identity: (runner) => runner.id,
    emptyLabel: t('No runners of {0}: copy a registration token to register one', ownerLabel(owner)),
    explainError: explain(owner, 'runners'),
  };
}

/** Creates the view; disposed with the extension. */
export function createCiSettingsView(services: Services): CiSettingsProvider {
  const provider = new CiSettingsProvider(services);
  provider.createTreeView();
  return provider;
}

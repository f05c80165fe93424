// Activity: the signed-in user's feed (userListActivityFeeds, with a date filter and "only mine") or a team's
// feed (orgListTeamActivityFeeds, team picked from the user's teams). Each record is a sentence with an icon
// (activitySentences.ts); a click opens its target (issue, pull request, commit, tag, branch, release, repository).
// A view of the account, not of a repository: it works with no active repository (see accountScope).
import * as vscode from 'vscode';
import type { Activity } from '../api';
import { isGiteaError } from '../api/errorKind';
import { readAllPages } from '../api/paging';
import { explainListError, type ListOperation } from '../shared/explainError';
import { checkIsoDate, isoDay } from '../shared/validation';
import type { Services } from '../core/services';
import { COMMAND } from '../core/commandIds';
import { renderActivity, type PushedCommit } from './activitySentences';
import { appendField, escapeMarkdown, formatDate, relativeDate, tooltip } from './format';
import { PagedTreeBase } from './pagedTree';
import { accountScope, type AccountScope } from './scope';
import { contextValue, leaf, TreeNode, type NodeChildren } from './treeNode';
import { inertOptional, inertText } from '../shared/untrustedText';
import { openServerUrl } from '../core/openExternal';

export const ACTIVITY_VIEW = 'gitea.activity';
const OPEN_ACTIVITY = 'gitea.activity.open';

const t = vscode.l10n.t;

/** Whose feed the view shows. */
export type FeedSource = { kind: 'user'; onlyMine: boolean } | { kind: 'team'; id: number; name: string; org?: string };

export class ActivityProvider extends PagedTreeBase<AccountScope> {
  private source: FeedSource = { kind: 'user', onlyMine: false };
  private day = '';

  constructor(services: Services) {
    super(services, ACTIVITY_VIEW);
    void this.publishContext();
  }

  get feed(): FeedSource {
    return this.source;
  }

  get date(): string {
    return this.day;
  }

  setSource(source: FeedSource): void {
    this.source = source;
    void this.publishContext();
    this.rebuildRoot();
  }

  /** YYYY-MM-DD, or '' for every day. */
  setDate(day: string): void {
    this.day = day;
    void this.publishContext();
    this.rebuildRoot();
  }

  private async publishContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', 'gitea.activity.onlyMine', this.source.kind === 'user' && this.source.onlyMine);
    await vscode.commands.executeCommand('setContext', 'gitea.activity.team', this.source.kind === 'team');
    await vscode.commands.executeCommand('setContext', 'gitea.activity.dated', this.day !== '');
  }

  protected resolveViewScope(): Promise<AccountScope | undefined> {
    return accountScope(this.services);
  }

  protected rootChildren(scope: AccountScope): NodeChildren {
    const source = this.source;
    const date = this.day || undefined;
    const username = scope.account.username;
    this.describe(username);
    const op: ListOperation = source.kind === 'team' ? 'teamActivityFeed' : 'activityFeed';
    const explain = (e: unknown): unknown =>
      isGiteaError(e) && e.kind !== 'cancelled' ? new Error(explainListError(op, e, { target: username }, t)) : e;
    return {
      list: {
        key: source.kind === 'team' ? `activity:team:${source.id}:${date ?? ''}` : `activity:user:${username}:${source.onlyMine}:${date ?? ''}`,
        fetch: async (page, signal) => {
          try {
            return source.kind === 'team'
              ? await scope.client.orgListTeamActivityFeeds({ id: source.id, date, page }, { signal })
              : await scope.client.userListActivityFeeds({ username, 'only-performed-by': source.onlyMine, date, page }, { signal });
          } catch (e) {
            throw explain(e);
          }
        },
        render: (a: Activity, now: number) => activityNode(a, now, scope),
        identity: (a: Activity) => a.id,
        emptyLabel: date ? t('No activity on {0}', date) : t('No activity yet'),
      },
    };
  }

  private describe(username: string): void {
    if (!this.view) return;
    const who = this.source.kind === 'team' ? t('team {0}', this.source.org ? `${this.source.org}/${this.source.name}` : this.source.name) : username;
    const parts = [who, this.source.kind === 'user' && this.source.onlyMine ? t('only mine') : '', this.day];
    this.view.description = parts.filter(Boolean).join(' · ');
  }
}

function activityNode(a: Activity, now: number, scope: AccountScope): TreeNode {
  const r = renderActivity(a, t);
  const when = relativeDate(a.created, now);
  const commits = r.commits;
  const node = leaf(r.sentence, new vscode.ThemeIcon(r.icon, r.color ? new vscode.ThemeColor(r.color) : undefined), {
    description: [r.detail, when].filter(Boolean).join(' · '),
    context: contextValue('activity', a.op_type),
    url: r.url,
    data: a,
    // A push of several commits lists them, as Gitea's feed does under the sentence.
    children: commits ? () => ({ fixed: commits.map(commitNode) }) : undefined,
    tooltip: () => {
      const md = tooltip();
      md.appendMarkdown(`$(${r.icon}) ${escapeMarkdown(r.sentence)}\n\n`);
      if (r.detail) md.appendMarkdown(`${escapeMarkdown(r.detail)}\n\n`);
      appendField(md, t('When'), formatDate(a.created));
      if (a.is_private) appendField(md, t('Visibility'), t('private repository'));
      if (r.url) appendField(md, t('Link'), r.url);
      return md;
    },
  });
  if (r.item) {
    // An entry about an issue or pull request opens its page in the editor (the browser stays one click away).
    const { owner, repo, number, isPull, title } = r.item;
    const repoRef = { instanceUrl: scope.account.instanceUrl, accountId: scope.account.id, owner, repo };
    node.item.command = { command: COMMAND.openIssue, title: t('Open'), arguments: [{ repo: repoRef, number, isPull, ...(title ? { title } : {}) }] };
  } else if (node.url) node.item.command = { command: OPEN_ACTIVITY, title: t('Open'), arguments: [node] };
  return node;
}

function commitNode(c: PushedCommit): TreeNode {
  const node = leaf(c.message || c.sha.slice(0, 10), new vscode.ThemeIcon('git-commit'), {
    description: c.sha.slice(0, 10),
    context: 'activityCommit',
    url: c.url,
  });
  if (node.url) node.item.command = { command: OPEN_ACTIVITY, title: t('Open'), arguments: [node] };
  return node;
}

async function pickTeam(services: Services, provider: ActivityProvider, arg: unknown): Promise<void> {
  const o = typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
  if (typeof o.id === 'number') {
    provider.setSource({ kind: 'team', id: o.id, name: typeof o.name === 'string' ? o.name : String(o.id), org: typeof o.org === 'string' ? o.org : undefined });
    return;
  }
  const scope = await accountScope(services);
  if (!scope) {
    void vscode.window.showInformationMessage(t('Sign in to Gitea to show team activity.'));
    return;
  }
  const teams = readAllPages((page) => scope.client.userListTeams({ page }), { maxPages: 20 }).then(({ items }) => {
    if (items.length === 0) void vscode.window.showInformationMessage(t('{0} is in no team.', inertText(scope.account.username)));
    return items.map((team) => ({
      label: inertText(team.name),
      description: inertOptional(team.organization?.name),
      detail: inertOptional(team.description || undefined),
      team,
    }));
  });
  const picked = await vscode.window.showQuickPick(teams, { title: t('Show Team Activity'), placeHolder: t('Team'), matchOnDescription: true });
  if (picked) provider.setSource({ kind: 'team', id: picked.team.id, name: picked.team.name, org: picked.team.organization?.name });
}

async function pickDate(provider: ActivityProvider, arg: unknown): Promise<void> {
  if (typeof arg === 'string') {
    if (arg === '' || !checkIsoDate(arg)) provider.setDate(arg);
    return;
  }
  const items = [
    { label: t('Any day'), value: '' },
    { label: t('Today'), description: isoDay(0), value: isoDay(0) },
    { label: t('Yesterday'), description: isoDay(1), value: isoDay(1) },
    { label: t('Another day…'), value: undefined },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: t('Show Activity of a Day') });
  if (!picked) return;
  let value = picked.value;
  value ??= await vscode.window.showInputBox({
    title: t('Show Activity of a Day'),
    prompt: t('The day, as YYYY-MM-DD'),
    value: provider.date || isoDay(0),
    validateInput: (s) => checkIsoDate(s, t),
  });
  if (value !== undefined) provider.setDate(value.trim());
}

/** Creates the view and its commands (title actions in package.json); disposed with the extension. */
export function registerActivityView(services: Services): ActivityProvider {
  const provider = new ActivityProvider(services);
  provider.createTreeView();
  const reg = (id: string, fn: (arg?: unknown) => unknown): vscode.Disposable => vscode.commands.registerCommand(id, fn);
  services.context.subscriptions.push(
    provider,
    reg('gitea.activity.refresh', () => provider.refresh()),
    services.views.register('activity', () => provider.refresh()),
    reg('gitea.activity.onlyMine', () => provider.setSource({ kind: 'user', onlyMine: true })),
    reg('gitea.activity.everyone', () => provider.setSource({ kind: 'user', onlyMine: false })),
    reg('gitea.activity.showMine', () => provider.setSource({ kind: 'user', onlyMine: false })),
    reg('gitea.activity.showTeam', (arg) => pickTeam(services, provider, arg)),
    reg('gitea.activity.filterDate', (arg) => pickDate(provider, arg)),
    reg('gitea.activity.clearDate', () => provider.setDate('')),
    reg(OPEN_ACTIVITY, (arg) => (arg instanceof TreeNode && arg.url ? openServerUrl(arg.url, arg.instanceUrl) : undefined)),
    // Not in the palette: how the in-host tests reach the provider.
    reg('gitea.activity.provider', () => provider),
  );
  return provider;
}
